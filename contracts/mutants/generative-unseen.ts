// Generative mutants first written as defects of an adversarial implementer, planted through a proxy in front
// of the served reference (test/contracts/unseen-defects.test.ts), kept here on the wire: a wrong content
// type, a missing header, a wrong status, a stale list.
import { type Mutant, wireMutant as wire } from './mutant.js';
import { listStaleSinceCreate, type Match, on, rewriteHeaders, rewriteJsonAnswer, type Wrap } from './wire.js';

const CACHES = /^\/v1beta\/cachedContents$/;
const FILES = /^\/v1beta\/files$/;

/** Files seen in lists stay listed after their delete (a list cache not told of deletes). */
function staleFileList(): Wrap {
  const seen = new Map<string, unknown>();
  const deleted = new Set<string>();
  return rewriteJsonAnswer(
    (r) => FILES.test(r.url.pathname) || /^\/v1beta\/files\/[^/:]+$/.test(r.url.pathname),
    (body, status, answer) => {
      if (answer.method === 'DELETE' && status === 200) deleted.add(answer.url.pathname.slice('/v1beta/'.length));
      if (answer.method !== 'GET' || !FILES.test(answer.url.pathname) || status !== 200) return false;
      const files = (body.files ?? []) as Array<{ name: string }>;
      for (const f of files) seen.set(f.name, f);
      const listed = new Set(files.map((f) => f.name));
      body.files = [...files, ...[...deleted].filter((n) => seen.has(n) && !listed.has(n)).map((n) => seen.get(n))];
    },
  );
}

/** The errors `picks` answered with another HTTP status and Status code (`error.code` is the HTTP status). */
const answeredAs = (match: Match, picks: (body: any, status: number) => boolean, http: number, code: string): Wrap =>
  rewriteJsonAnswer(match, (body, status) => {
    if (!picks(body, status)) return false;
    body.error.code = http;
    body.error.status = code;
    return http;
  });

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-STREAM-1/stream-as-text-plain',
    'the event stream is sent as text/plain',
    rewriteHeaders(on('POST', /:streamGenerateContent$/), (headers) => {
      if (String(headers['content-type'] ?? '').startsWith('text/event-stream'))
        headers['content-type'] = 'text/plain; charset=utf-8';
    }),
  ),
  wire(
    'GEN-UPLOAD-2/final-status-missing',
    'the finalizing chunk is answered without x-goog-upload-status: final',
    rewriteHeaders(
      (r) => r.url.searchParams.has('upload_id'),
      (headers) => {
        if (headers['x-goog-upload-status'] === 'final') delete headers['x-goog-upload-status'];
      },
    ),
  ),
  wire(
    'GEN-MODEL-1/unknown-model-400',
    'an unknown model is answered 400 INVALID_ARGUMENT instead of 404 NOT_FOUND',
    answeredAs(
      (r) => /^\/v1beta\/(models|tunedModels)\//.test(r.url.pathname),
      (body, status) => status === 404 && body?.error?.status === 'NOT_FOUND',
      400,
      'INVALID_ARGUMENT',
    ),
  ),
  wire(
    'GEN-AUTH-3/invalid-key-401',
    'an invalid API key is answered 401 UNAUTHENTICATED',
    answeredAs(
      () => true,
      (body, status) => status === 400 && JSON.stringify(body).includes('API_KEY_INVALID'),
      401,
      'UNAUTHENTICATED',
    ),
  ),
  wire(
    'GEN-CACHE-2/list-stale-expiry',
    'cachedContents.list answers the expiry of the create after an update',
    listStaleSinceCreate(CACHES, 'cachedContents', 'name', ['expireTime']),
  ),
  wire('GEN-FILE-DELETE-1/deleted-still-listed', 'files.list still answers a deleted file', staleFileList()),
];
