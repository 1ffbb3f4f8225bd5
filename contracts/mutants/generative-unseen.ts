// Generative mutants first written as defects of an adversarial implementer, planted through a proxy in front
// of the served reference (test/contracts/unseen-defects.test.ts), kept here on the wire: a wrong content
// type, a missing header, a wrong status, a stale list.
import type { Mutant } from './mutant.js';
import { on, rewriteHeaders, rewriteJsonAnswer, type Wrap } from './wire.js';

type Rule = Mutant['rule'];
const wire = (id: string, description: string, wrap: Wrap): Mutant => ({
  id,
  rule: id.split('/')[0] as Rule,
  description,
  wrap,
});

const CACHES = /^\/v1beta\/cachedContents$/;
const FILES = /^\/v1beta\/files$/;

/** Remembers the first expiry each cache was answered with; lists answer it after any update (a stale cache). */
function staleCacheList(): Wrap {
  const first = new Map<string, string>();
  return rewriteJsonAnswer(
    (r) => CACHES.test(r.url.pathname),
    (body, status, answer) => {
      if (status !== 200) return false;
      if (answer.method === 'POST' && body.name) first.set(body.name, body.expireTime);
      if (answer.method !== 'GET') return false;
      for (const c of body.cachedContents ?? []) if (first.has(c.name)) c.expireTime = first.get(c.name);
    },
  );
}

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
    rewriteJsonAnswer(
      (r) => /^\/v1beta\/(models|tunedModels)\//.test(r.url.pathname),
      (body, status) => {
        if (status !== 404 || body?.error?.status !== 'NOT_FOUND') return false;
        body.error.code = 400;
        body.error.status = 'INVALID_ARGUMENT';
        return 400;
      },
    ),
  ),
  wire(
    'GEN-AUTH-3/invalid-key-401',
    'an invalid API key is answered 401 UNAUTHENTICATED',
    rewriteJsonAnswer(
      () => true,
      (body, status) => {
        if (status !== 400 || !JSON.stringify(body).includes('API_KEY_INVALID')) return false;
        body.error.code = 401;
        body.error.status = 'UNAUTHENTICATED';
        return 401;
      },
    ),
  ),
  wire(
    'GEN-CACHE-2/list-stale-expiry',
    'cachedContents.list answers the expiry of the create after an update',
    staleCacheList(),
  ),
  wire('GEN-FILE-DELETE-1/deleted-still-listed', 'files.list still answers a deleted file', staleFileList()),
];
