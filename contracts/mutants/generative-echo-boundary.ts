// Generative mutants of two kinds, planted on the wire: "answers yes, stores nothing" (a write answered in the
// service's place with the answer a success gives, the service never seeing it), and boundaries (a value
// exactly at a documented limit refused). Each must be caught under its own rule: a write is judged by a later
// read, a range at both of its ends.
import type { Mutant } from './mutant.js';
import { answerInstead, rewriteQuery, type WireRequest, type Wrap } from './wire.js';

type Rule = Mutant['rule'];
const wire = (id: string, description: string, wrap: Wrap): Mutant => ({
  id,
  rule: id.split('/')[0] as Rule,
  description,
  wrap,
});

const json = (body: Buffer): any => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
};

const invalidArgument = (message: string) => ({
  status: 400,
  json: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
});

const generating = (r: WireRequest) =>
  r.method === 'POST' && /:(generateContent|streamGenerateContent)$/.test(r.url.pathname);

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-CACHE-2/update-echo',
    'cachedContents.patch answers the cached content with the new expiry and stores nothing',
    answerInstead((r) => {
      const name = r.url.pathname.match(/^\/v1beta\/(cachedContents\/[^/:]+)$/)?.[1];
      if (r.method !== 'PATCH' || !name) return undefined;
      const body = json(r.body) ?? {};
      const expireTime =
        body.expireTime ?? new Date(Date.now() + Number.parseFloat(String(body.ttl ?? '3600s')) * 1000).toISOString();
      const now = new Date().toISOString();
      return {
        status: 200,
        json: { ...body, name, expireTime, createTime: now, updateTime: now, usageMetadata: { totalTokenCount: 1 } },
      };
    }),
  ),
  wire(
    'GEN-CACHE-2/create-echo',
    'cachedContents.create answers a new cached content and stores nothing',
    answerInstead((r) => {
      if (r.method !== 'POST' || r.url.pathname !== '/v1beta/cachedContents') return undefined;
      const body = json(r.body);
      if (!body?.model) return undefined;
      const now = new Date();
      return {
        status: 200,
        json: {
          name: `cachedContents/echo-${Math.random().toString(36).slice(2, 10)}`,
          model: body.model,
          ...(body.displayName ? { displayName: body.displayName } : {}),
          createTime: now.toISOString(),
          updateTime: now.toISOString(),
          expireTime: new Date(now.getTime() + Number.parseFloat(String(body.ttl ?? '3600s')) * 1000).toISOString(),
          usageMetadata: { totalTokenCount: 1000 },
        },
      };
    }),
  ),
  wire(
    'GEN-GENCFG-1/five-stop-sequences-refused',
    'five stop sequences (the documented most) are refused',
    answerInstead((r) =>
      generating(r) && json(r.body)?.generationConfig?.stopSequences?.length === 5
        ? invalidArgument('generationConfig.stopSequences: at most 4 stop sequences')
        : undefined,
    ),
  ),
  wire(
    'GEN-GENCFG-3/temperature-two-refused',
    'temperature 2.0 (the top of the documented range) is refused',
    answerInstead((r) =>
      generating(r) && json(r.body)?.generationConfig?.temperature === 2
        ? invalidArgument('generationConfig.temperature must be below 2.0')
        : undefined,
    ),
  ),
  wire(
    'GEN-FILE-2/display-name-512-refused',
    'a displayName of exactly 512 characters is refused',
    answerInstead((r) => {
      if (r.method !== 'POST' || !/^(\/upload)?\/v1beta\/files$/.test(r.url.pathname)) return undefined;
      const text = r.body.toString('utf8');
      return /"displayName"\s*:\s*"[^"]{512}"/.test(text) ? invalidArgument('displayName is too long') : undefined;
    }),
  ),
  wire(
    'GEN-FILE-LIST-1/page-max-99',
    'a pageSize of 100 or more gives pages of 99 (the maximum taken one too low)',
    rewriteQuery(
      (r) =>
        r.method === 'GET' && r.url.pathname === '/v1beta/files' && Number(r.url.searchParams.get('pageSize')) >= 100,
      (q) => q.set('pageSize', '99'),
    ),
  ),
];
