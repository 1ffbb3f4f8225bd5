// The public service takes a public video page's URL as fileData.fileUri, not only its own files' URIs (recorded
// answers: 200 for https://www.youtube.com/watch?v=..., https://m.youtube.com/watch?v=... and https://youtu.be/...,
// pydantic-ai cassettes; the public video-understanding guide shows the same). Such a part is a video input.
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,}$/;

/** Whether `uri` names a public video page the service reads as a video input. */
export function isPublicVideoUrl(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.hostname === 'youtu.be') return VIDEO_ID.test(url.pathname.slice(1));
  if (!WATCH_HOSTS.has(url.hostname)) return false;
  if (url.pathname === '/watch') return VIDEO_ID.test(url.searchParams.get('v') ?? '');
  const shorts = url.pathname.match(/^\/(?:shorts|embed|live)\/([^/]+)$/);
  return shorts !== null && VIDEO_ID.test(shorts[1]!);
}
