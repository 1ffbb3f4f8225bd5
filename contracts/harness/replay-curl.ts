// A curl command that sends an exchange's request again, for a failure's report: the method, the URL, the
// headers and a text body as they were sent (the reporters blank the configured secrets in it, so a reader puts
// their own credential back where it says ***). A body the recorder did not keep as text is named, not replayed.
import type { Exchange } from './recorder.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlOf(e: Exchange): string {
  const parts = ['curl', '-i', '-X', e.method, quote(e.url)];
  for (const [name, value] of Object.entries(e.requestHeaders ?? {})) parts.push('-H', quote(`${name}: ${value}`));
  if (e.requestBodyText !== undefined) parts.push('--data-raw', quote(e.requestBodyText));
  else if (e.requestBody) parts.push('--data-binary', '@body', `# the body sent was ${e.requestBody}`);
  return parts.join(' ');
}
