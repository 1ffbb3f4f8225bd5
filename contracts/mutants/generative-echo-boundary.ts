// Generative mutants of two kinds, planted on the wire: "answers yes, stores nothing" (a write answered in the
// service's place with the answer a success gives, the service never seeing it), and boundaries (a value
// exactly at a documented limit refused). Each must be caught under its own rule: a write is judged by a later
// read, a range at both of its ends.
import type http from 'node:http';
import type { GenerativeStore } from '../../reference/generative/store.js';
import { replacing } from './decorate.js';
import { multipartOf } from '../rules/generative/mutant-context.js';
import { type Mutant, ruleOfMutantId, wireMutant as wire } from './mutant.js';

type Rule = Mutant['rule'];
import {
  answerInstead,
  rewriteJsonRequest,
  rewriteQuery,
  rewriteRequest,
  rewriteRequestAsync,
  type WireRequest,
  type Wrap,
} from './wire.js';

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

/**
 * "Answers yes, stores nothing" for file creations: the service creates the file and answers, and the file is
 * removed from the store before the answer leaves (the wire holds the answer; the store comes from a
 * pass-through stand-in). `project` names the project a request acts for, looked up before the service sees it.
 */
function forgetCreatedFile(
  id: string,
  description: string,
  match: (request: http.IncomingMessage) => boolean,
  project: (store: GenerativeStore, request: http.IncomingMessage) => Promise<string | undefined>,
): Mutant {
  let store: GenerativeStore | undefined;
  const wrap: Wrap = (inner) => (req, res) => {
    if (!match(req) || !store) return inner(req, res);
    const kept = store;
    const projectId = project(kept, req).catch(() => undefined);
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    let head: unknown[] | undefined;
    (res as any).writeHead = (...args: unknown[]) => {
      head = args;
      return res;
    };
    (res as any).end = (chunk?: unknown) => {
      const text = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? Buffer.from(chunk).toString('utf8') : '';
      let name: string | undefined;
      try {
        const body = JSON.parse(text);
        name = body?.file?.name ?? body?.name;
      } catch {
        name = undefined;
      }
      const done = () => {
        if (head) writeHead(...head);
        end(chunk);
      };
      if (res.statusCode >= 300 || (head && Number(head[0]) >= 300) || !name?.startsWith('files/')) return done();
      projectId.then((p) => (p ? kept.deleteFile(p, name!.slice('files/'.length)) : undefined)).then(done, done);
      return res;
    };
    inner(req, res);
  };
  return {
    id,
    rule: ruleOfMutantId(id),
    description,
    decorate: {
      store: (original: GenerativeStore) => {
        store = original;
        return original;
      },
    },
    wrap,
  };
}

const urlOf = (req: http.IncomingMessage) => new URL(req.url ?? '/', 'http://wire');
const keyProject = async (store: GenerativeStore, req: http.IncomingMessage) => {
  const key = String(req.headers['x-goog-api-key'] ?? urlOf(req).searchParams.get('key') ?? '');
  return (await store.projectOfKey(key))?.id;
};
const sessionProject = async (store: GenerativeStore, req: http.IncomingMessage) => {
  const uploadId = urlOf(req).searchParams.get('upload_id');
  return uploadId ? (await store.session(uploadId))?.project : undefined;
};
const isMultipartUpload = (req: http.IncomingMessage) =>
  req.method === 'POST' &&
  urlOf(req).pathname === '/upload/v1beta/files' &&
  String(req.headers['content-type'] ?? '').startsWith('multipart/related');
const isFinalizingChunk = (req: http.IncomingMessage) =>
  req.method === 'POST' &&
  urlOf(req).searchParams.has('upload_id') &&
  /finalize/.test(String(req.headers['x-goog-upload-command'] ?? ''));

/**
 * "Answers yes, stores nothing" for processing's state change: the store answers the change to `state` and
 * keeps nothing, so the file stays PROCESSING while the service believes its processing is over.
 */
function stateNeverStored(rule: Rule, state: 'ACTIVE' | 'FAILED'): Mutant {
  return {
    id: `${rule}/echo-state-not-stored`,
    rule,
    description: `processing ends and its change to ${state} is answered by the store, which keeps nothing`,
    decorate: {
      store: replacing<GenerativeStore>((original) => ({
        updateFile: async (project, id, change) =>
          change.state === state ? undefined : original.updateFile(project, id, change),
      })),
    },
  };
}

/** The pass-through stand-in of a wire rewrite that asks the store (a session's bytes received). */
let sessions: GenerativeStore | undefined;
const keepStore = {
  store: (original: GenerativeStore) => {
    sessions = original;
    return original;
  },
};

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
  forgetCreatedFile(
    'GEN-UPLOAD-1/echo-nothing-stored',
    'a multipart upload answers the created file, and the file is not kept',
    isMultipartUpload,
    keyProject,
  ),
  forgetCreatedFile(
    'GEN-UPLOAD-2/echo-nothing-stored',
    'the finalizing chunk of a resumable upload answers the created file, and the file is not kept',
    isFinalizingChunk,
    sessionProject,
  ),
  forgetCreatedFile(
    'GEN-FILE-3/echo-nothing-stored',
    'files.create without a name answers a generated name, and the file is not kept',
    (req) => req.method === 'POST' && urlOf(req).pathname === '/v1beta/files',
    keyProject,
  ),
  wire(
    'GEN-UPLOAD-1/last-byte-dropped',
    "a multipart upload's media part is taken to end one byte early (the closing delimiter's CRLF miscounted)",
    rewriteRequest((r) => {
      const multipart = r.method === 'POST' ? multipartOf(r) : undefined;
      const media = multipart?.parts[1];
      if (!multipart || !media || media.body.length === 0) return undefined;
      const parts = [multipart.parts[0]!, { head: media.head, body: media.body.slice(0, -1) }];
      const text = `${parts.map((p) => `--${multipart.boundary}${p.head}${p.body}\r\n`).join('')}--${multipart.boundary}--\r\n`;
      return Buffer.from(text, 'latin1');
    }),
  ),
  {
    id: 'GEN-UPLOAD-2/offset-one-past-accepted',
    rule: 'GEN-UPLOAD-2',
    description:
      'a chunk one byte past the bytes received is accepted as if it came next (the offset check is off by one)',
    decorate: keepStore,
    wrap: rewriteRequestAsync(async (r) => {
      const uploadId = r.url.searchParams.get('upload_id');
      const offset = Number(r.headers['x-goog-upload-offset']);
      if (!uploadId || !sessions || !Number.isInteger(offset)) return undefined;
      const session = await sessions.session(uploadId);
      if (session && offset === session.received + 1) r.headers['x-goog-upload-offset'] = String(session.received);
      return undefined;
    }),
  },
  wire(
    'GEN-FILE-1/forty-character-id-refused',
    'a file id of exactly 40 characters is refused (the limit taken as 39)',
    answerInstead((r) => {
      if (r.method !== 'POST' || r.url.pathname !== '/v1beta/files') return undefined;
      const name = json(r.body)?.file?.name;
      return typeof name === 'string' && name.replace(/^files\//, '').length === 40
        ? invalidArgument('file.name: the id has at most 39 characters')
        : undefined;
    }),
  ),
  wire(
    'GEN-GENCFG-3/temperature-zero-refused',
    'temperature 0.0 (the bottom of the documented range) is refused',
    answerInstead((r) =>
      generating(r) && json(r.body)?.generationConfig?.temperature === 0
        ? invalidArgument('generationConfig.temperature must be above 0.0')
        : undefined,
    ),
  ),
  wire(
    'GEN-GENCFG-2/candidate-count-one-refused',
    'candidateCount 1 (the only value allowed) is refused',
    answerInstead((r) =>
      generating(r) && json(r.body)?.generationConfig?.candidateCount === 1
        ? invalidArgument('generationConfig.candidateCount must be at least 2')
        : undefined,
    ),
  ),
  wire(
    'GEN-MAXTOK-1/one-token-over',
    'an answer cut at maxOutputTokens holds one token more (the limit checked after the token is added)',
    rewriteJsonRequest(
      (r) => generating({ ...r, headers: {}, body: Buffer.alloc(0) }),
      (body) => {
        const max = body?.generationConfig?.maxOutputTokens;
        if (typeof max === 'number') body.generationConfig.maxOutputTokens = max + 1;
      },
    ),
  ),
  forgetCreatedFile(
    'GEN-FILE-2/echo-nothing-stored',
    'files.create with a displayName answers the file, and the file is not kept',
    (req) => req.method === 'POST' && urlOf(req).pathname === '/v1beta/files',
    keyProject,
  ),
  forgetCreatedFile(
    'GEN-FILE-4/echo-nothing-stored',
    'an upload answers the file with its output-only fields, and the file is not kept',
    isMultipartUpload,
    keyProject,
  ),
  forgetCreatedFile(
    'GEN-FILE-STATE-1/echo-nothing-stored',
    'a video upload answers the file in PROCESSING, and the file is not kept',
    isMultipartUpload,
    keyProject,
  ),
  stateNeverStored('GEN-FILE-STATE-2', 'ACTIVE'),
  stateNeverStored('GEN-FILE-STATE-3', 'FAILED'),
  {
    id: 'GEN-FILE-LIST-2/page-boundary-skipped',
    rule: 'GEN-FILE-LIST-2',
    description: 'a page asked for with pageToken starts one file late (the file at the boundary is skipped)',
    decorate: {
      store: (original: GenerativeStore) =>
        new Proxy(original, {
          get(store, name) {
            const value = Reflect.get(store, name, store);
            if (name !== 'files') return typeof value === 'function' ? value.bind(store) : value;
            return (project: string | null, afterSeq: number, limit: number) =>
              store.files(project, afterSeq > 0 ? afterSeq + 1 : afterSeq, limit);
          },
        }),
    },
  },
];
