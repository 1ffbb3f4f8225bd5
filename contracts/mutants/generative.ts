// Planted defects in the reference generative service, at least one per GEN rule, each a bug a real
// implementation could have, planted from outside it: bugs of the kind "validated, then ignored" or "answers in
// the wrong shape" are `wrap`s that rewrite the request before the service sees it or the answer after it wrote
// it; bugs inside the service are stand-ins for its seams (reference/generative/seams.ts: store, blobs, model,
// the prompt's and the answer's safety filters, the threshold resolver, the decoder, the file namer), some with
// a wire rewrite that tells them which request they serve.
import type http from 'node:http';
import type { BlobStore } from '../../reference/generative/blobs.js';
import {
  type AnswerDecoder,
  createDecoder,
  type DecoderFactory,
  type Finish,
} from '../../reference/generative/decoder.js';
import type { Model } from '../../reference/generative/model/model.js';
import type { SafetyFilter, ThresholdResolver } from '../../reference/generative/safety.js';
import { invalid } from '../../reference/generative/errors.js';
import type { GenerativeSeams } from '../../reference/generative/seams.js';
import type { GenerativeStore } from '../../reference/generative/store.js';
import { replacing } from './decorate.js';
import type { Mutant } from './mutant.js';
import {
  chain,
  on,
  perRequest,
  rewriteAnswer,
  rewriteQuery,
  rewriteRequest,
  rewriteRequestAsync,
  type WireRequest,
  type Wrap,
} from './wire.js';

type Json = Record<string, any>;
type Listener = http.RequestListener;

// ---------------------------------------------------------------------------------------------------------
// Wire rewriting: JSON requests and answers through the shared helpers (wire.ts); headers and events here
// ---------------------------------------------------------------------------------------------------------

function pathOf(req: http.IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}

interface Selected {
  method: string;
  url: URL;
}

/** Rewrites JSON request bodies of the requests `match` selects. */
function requestJson(match: (req: Selected) => boolean, change: (body: Json) => void): Wrap {
  return rewriteRequest((request) => {
    if (!match(request) || !String(request.headers['content-type'] ?? '').includes('json')) return undefined;
    let body: Json;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Json;
    } catch {
      return undefined;
    }
    change(body);
    return JSON.stringify(body);
  });
}

/** Rewrites JSON answers (status and body) of the requests `match` selects. */
function answerJson(
  match: (req: Selected) => boolean,
  change: (body: Json, status: number) => { body: Json; status?: number } | void,
): Wrap {
  return rewriteAnswer((answer) => {
    if (!match(answer)) return undefined;
    const changed = change(answer.json as Json, answer.status);
    return changed
      ? { json: changed.body, ...(changed.status !== undefined ? { status: changed.status } : {}) }
      : undefined;
  });
}

/** Rewrites requests before the service sees them (headers). */
function requestHead(change: (req: http.IncomingMessage) => void): Wrap {
  return (inner: Listener): Listener =>
    (req, res) => {
      change(req);
      inner(req, res);
    };
}

/** Rewrites the text of each server-sent event write (`data: ...\n\n`), and may add one at the end. */
function answerEvents(change: (event: string, index: number) => string, atEnd?: () => string): Wrap {
  return (inner: Listener): Listener =>
    (req, res) => {
      if (!pathOf(req).endsWith(':streamGenerateContent')) return inner(req, res);
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      let index = 0;
      (res as any).write = (chunk: unknown) => write(change(String(chunk), index++));
      (res as any).end = (chunk?: unknown) => {
        if (atEnd && index > 0) write(atEnd());
        return end(chunk);
      };
      inner(req, res);
    };
}

const isGenerate = (req: Selected) => /:(generate|streamGenerate)Content$/.test(req.url.pathname);
const isOnly = (method: string, path: RegExp) => (req: Selected) =>
  req.method === method && path.test(req.url.pathname);

function wire(rule: Mutant['rule'], name: string, description: string, wrap: Mutant['wrap']): Mutant {
  return { id: `${rule}/${name}`, rule, description, wrap };
}

// ---------------------------------------------------------------------------------------------------------
// Seam decorators and the wire rewrites that go with them
// ---------------------------------------------------------------------------------------------------------

/** A defect planted around the service's seams (reference/generative/seams.ts), with a wire rewrite when given. */
function seam(
  rule: Mutant['rule'],
  name: string,
  description: string,
  decorate: { [K in keyof GenerativeSeams]?: (inner: GenerativeSeams[K]) => GenerativeSeams[K] },
  wrap?: Wrap,
): Mutant {
  return { id: `${rule}/${name}`, rule, description, decorate, ...(wrap ? { wrap } : {}) };
}

/** A safety filter that still rates and marks what a threshold blocks, but never blocks. */
const neverBlocks = replacing<SafetyFilter>((original) => ({
  blocks: (ratings, thresholds) => {
    original.blocks(ratings, thresholds);
    return false;
  },
}));

/** A safety filter whose ratings list the first category twice. */
const ratesFirstTwice = replacing<SafetyFilter>((original) => ({
  rate: (text) => {
    const ratings = original.rate(text);
    return ratings.length ? [...ratings, { ...ratings[0]! }] : ratings;
  },
}));

/** Thresholds from the strictest to none (OFF blocks nothing, as BLOCK_NONE). */
const THRESHOLD_ORDER = [
  'BLOCK_LOW_AND_ABOVE',
  'BLOCK_MEDIUM_AND_ABOVE',
  'BLOCK_ONLY_HIGH',
  'BLOCK_NONE',
  'OFF',
] as const;

/** The SHA-256 of no bytes, base64. */
const EMPTY_SHA256 = '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

/**
 * A decoder that cuts after a stop sequence instead of before it: the token limit is the real decoder's (given
 * no stop sequences), the stop sequences its own.
 */
class KeepsStopSequence implements AnswerDecoder {
  private readonly inner: AnswerDecoder;
  private text = '';
  private sent = 0;
  private stopped = false;

  constructor(
    private readonly stops: readonly string[],
    maxTokens: number | undefined,
  ) {
    this.inner = createDecoder([], maxTokens);
  }

  get finish(): Finish | undefined {
    return this.stopped ? 'STOP' : this.inner.finish;
  }

  push(piece: string): string {
    if (this.finish) return '';
    this.text += this.inner.push(piece);
    return this.release();
  }

  end(): string {
    if (!this.stopped) this.text += this.inner.end();
    return this.release();
  }

  private release(): string {
    const at = Math.min(
      ...this.stops
        .filter((s) => s.length > 0)
        .map((s) => {
          const i = this.text.indexOf(s);
          return i < 0 ? Number.POSITIVE_INFINITY : i + s.length;
        }),
    );
    if (Number.isFinite(at)) {
      this.stopped = true;
      this.text = this.text.slice(0, at);
    }
    const out = this.text.slice(this.sent);
    this.sent = this.text.length;
    return out;
  }
}

/** Rewrites the JSON of each server-sent event of a stream. */
function answerEventJson(change: (event: Json) => void): Wrap {
  return answerEvents((event) => {
    const data = /^data: (.*)\n\n$/s.exec(event)?.[1];
    if (data === undefined) return event;
    const json = JSON.parse(data) as Json;
    change(json);
    return `data: ${JSON.stringify(json)}\n\n`;
  });
}

/** Rewrites usageMetadata in generateContent answers and in every event of a stream. */
function usage(change: (usage: Json) => void): Wrap {
  const each = (body: Json) => {
    if (body.usageMetadata) change(body.usageMetadata);
  };
  return chain(
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.usageMetadata) return undefined;
      each(body);
      return { body };
    }),
    answerEventJson(each),
  );
}

/** The stream's events held back and sent as one at the end: the texts joined, the last event's other members. */
function streamInOneEvent(): Wrap {
  return (inner: Listener): Listener =>
    (req, res) => {
      if (!pathOf(req).endsWith(':streamGenerateContent')) return inner(req, res);
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      const events: Json[] = [];
      (res as any).write = (chunk: unknown) => {
        const data = /^data: (.*)\n\n$/s.exec(String(chunk))?.[1];
        if (data === undefined) return write(chunk);
        events.push(JSON.parse(data) as Json);
        return true;
      };
      (res as any).end = (chunk?: unknown) => {
        const last = events.at(-1);
        if (last) {
          const parts = events.flatMap((e) => e.candidates?.[0]?.content?.parts ?? []);
          const text = parts
            .filter((p: Json) => typeof p.text === 'string')
            .map((p: Json) => p.text)
            .join('');
          const others = parts.filter((p: Json) => typeof p.text !== 'string');
          const candidate = last.candidates?.[0];
          if (candidate?.content) candidate.content.parts = [...others, ...(text || !others.length ? [{ text }] : [])];
          write(`data: ${JSON.stringify(last)}\n\n`);
        }
        return end(chunk);
      };
      inner(req, res);
    };
}

/** A multipart/related upload's parts: the boundary, and each part's head and body (as latin1 text). */
export function multipartOf(
  request: WireRequest,
): { boundary: string; parts: Array<{ head: string; body: string }> } | undefined {
  const type = String(request.headers['content-type'] ?? '');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/related') || !boundary) return undefined;
  const text = request.body.toString('latin1');
  const pieces = text.split(`--${boundary}`).slice(1, -1);
  const parts = pieces.map((piece) => {
    const at = piece.indexOf('\r\n\r\n');
    return { head: piece.slice(0, at + 4), body: piece.slice(at + 4, piece.endsWith('\r\n') ? -2 : undefined) };
  });
  return { boundary, parts };
}

/** The metadata of an upload or file creation: the JSON body, or a multipart upload's first part. */
function metadataOf(request: WireRequest): Json | undefined {
  try {
    if (String(request.headers['content-type'] ?? '').includes('json'))
      return JSON.parse(request.body.toString('utf8')) as Json;
    const first = multipartOf(request)?.parts[0];
    return first ? (JSON.parse(Buffer.from(first.body, 'latin1').toString('utf8')) as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces a multipart upload's metadata part (its first) with `edit`'s JSON; other requests pass unchanged. */
function editMultipartMetadata(request: WireRequest, edit: (metadata: Json | undefined) => Json): Buffer | undefined {
  const multipart = multipartOf(request);
  if (!multipart?.parts.length) return undefined;
  const [first, ...rest] = multipart.parts;
  const json = Buffer.from(JSON.stringify(edit(metadataOf(request))), 'utf8').toString('latin1');
  const parts = [{ head: first!.head, body: json }, ...rest];
  const text = `${parts.map((p) => `--${multipart.boundary}${p.head}${p.body}\r\n`).join('')}--${multipart.boundary}--\r\n`;
  return Buffer.from(text, 'latin1');
}

/** The API key a request carries (header or query). */
const keyOf = (request: WireRequest) =>
  String(request.headers['x-goog-api-key'] ?? request.url.searchParams.get('key') ?? '');

/**
 * An unknown cachedContent is dropped from the request, as if none had been named: the wire asks the service's
 * own store (kept when the service is built) whether the caller's project holds it.
 */
function unknownCacheIgnored(): Mutant {
  let store: GenerativeStore | undefined;
  return seam(
    'GEN-CACHE-1',
    'unknown-cache-ignored',
    'an unknown cachedContent is ignored instead of NOT_FOUND',
    {
      store: (original) => {
        store = original;
        return original;
      },
    },
    rewriteRequestAsync(async (request) => {
      if (!isGenerate(request) || !store) return undefined;
      const body = metadataOf(request);
      const name = body?.cachedContent;
      if (typeof name !== 'string' || !name.startsWith('cachedContents/')) return undefined;
      const project = await store.projectOfKey(keyOf(request));
      const cache = project && (await store.cache(project.id, name.replace(/^cachedContents\//, '')));
      if (cache && cache.expireTime > Date.now()) return undefined;
      delete body!.cachedContent;
      return JSON.stringify(body);
    }),
  );
}

/** A chunk is written where the session ends, whatever offset it names: the wire reads the session's count. */
function offsetUnchecked(): Mutant {
  let store: GenerativeStore | undefined;
  return seam(
    'GEN-UPLOAD-2',
    'offset-unchecked',
    'a chunk at the wrong offset is appended anyway',
    {
      store: (original) => {
        store = original;
        return original;
      },
    },
    rewriteRequestAsync(async (request) => {
      const uploadId = request.url.searchParams.get('upload_id');
      if (!uploadId || request.headers['x-goog-upload-offset'] === undefined || !store) return undefined;
      const session = await store.session(uploadId);
      if (session) request.headers['x-goog-upload-offset'] = String(session.received);
      return undefined;
    }),
  );
}

/**
 * Generated names repeat within a second: the namer takes the clock's second, and a name taken already is
 * refused as if the caller had chosen it.
 */
function namesCollide(): Mutant {
  const generated = new Set<string>();
  return seam('GEN-FILE-3', 'names-collide', 'generated names repeat within a second', {
    fileId: () => () => {
      const id = `f${Math.floor(Date.now() / 1000).toString(36)}`;
      generated.add(id);
      return id;
    },
    store: replacing<GenerativeStore>((original) => ({
      insertFile: async (file) => {
        if (await original.insertFile(file)) return true;
        if (generated.has(file.id)) throw invalid(`A file named files/${file.id} already exists.`, 'file.name');
        return false;
      },
    })),
  });
}

/**
 * A PROCESSING file is taken as ACTIVE when a generation request names it: the wire notes the files a
 * generation request references, the store answers those once as ACTIVE.
 */
function processingFileUsed(): Mutant {
  const referenced = new Set<string>();
  return seam(
    'GEN-FILE-STATE-4',
    'processing-file-used',
    'a PROCESSING file is accepted in generation',
    {
      store: replacing<GenerativeStore>((original) => ({
        file: async (project, id) => {
          const file = await original.file(project, id);
          if (!file || !referenced.delete(id) || file.state !== 'PROCESSING') return file;
          return { ...file, state: 'ACTIVE' };
        },
      })),
    },
    rewriteRequest((request) => {
      if (!isGenerate(request)) return;
      const uris = request.body.toString('utf8').match(/\/files\/[a-z0-9-]+/g) ?? [];
      for (const uri of uris) referenced.add(uri.replace('/files/', ''));
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// The mutants
// ---------------------------------------------------------------------------------------------------------

export const MUTANTS: Mutant[] = [
  // Whole answers and requests
  wire(
    'GEN-CONFORM-1',
    'cache-tokens-as-string',
    'the cache list reports usageMetadata.totalTokenCount as a string',
    answerJson(isOnly('GET', /^\/v1beta\/cachedContents$/), (body) => {
      for (const c of body.cachedContents ?? [])
        if (c.usageMetadata) c.usageMetadata.totalTokenCount = String(c.usageMetadata.totalTokenCount);
      return { body };
    }),
  ),
  wire(
    'GEN-INVALID-1',
    'error-without-status',
    'a refused file creation answers an error without its status name',
    answerJson(isOnly('POST', /^\/v1beta\/files$/), (body, status) => {
      if (status !== 400) return undefined;
      delete body.error.status;
      return { body };
    }),
  ),

  // Authentication and rate limit
  wire(
    'GEN-AUTH-1',
    'query-key-ignored',
    'the key query parameter is not read; only the header authenticates',
    rewriteRequest((request) => {
      if (!request.headers['x-goog-api-key']) request.url.searchParams.delete('key');
    }),
  ),
  wire(
    'GEN-AUTH-2',
    'header-key-ignored-on-files',
    'the x-goog-api-key header is ignored on the file endpoints',
    requestHead((req) => {
      if (pathOf(req).startsWith('/v1beta/files') && !req.url?.includes('key=')) delete req.headers['x-goog-api-key'];
    }),
  ),
  seam('GEN-AUTH-3', 'any-key-accepted', 'any API key is accepted', {
    store: replacing<GenerativeStore>((original) => ({
      projectOfKey: async (key) => (await original.projectOfKey(key)) ?? { id: 'any-key', rateLimitBurst: 1000 },
    })),
  }),
  wire(
    'GEN-AUTH-3',
    'missing-key-401',
    'a request without a key answers 401 UNAUTHENTICATED, not 403 PERMISSION_DENIED',
    answerJson(
      () => true,
      (body, status) =>
        status === 403 && /unregistered callers/.test(body.error?.message ?? '')
          ? { body: { error: { ...body.error, code: 401, status: 'UNAUTHENTICATED' } }, status: 401 }
          : undefined,
    ),
  ),
  seam('GEN-RATE-1', 'no-rate-limit', 'bursts are never limited', {
    store: replacing<GenerativeStore>((original) => ({
      projectOfKey: async (key) => {
        const project = await original.projectOfKey(key);
        return project && { ...project, rateLimitBurst: Number.MAX_SAFE_INTEGER };
      },
    })),
  }),
  wire(
    'GEN-RATE-1',
    'limit-as-503',
    'the rate limit answers 503 UNAVAILABLE instead of 429 RESOURCE_EXHAUSTED',
    answerJson(
      () => true,
      (body, status) =>
        status === 429
          ? { body: { error: { ...body.error, code: 503, status: 'UNAVAILABLE' } }, status: 503 }
          : undefined,
    ),
  ),

  // Request validation "validated, then ignored" or not validated
  wire(
    'GEN-REQ-1',
    'empty-contents-answered',
    'empty contents are filled in and answered instead of refused',
    requestJson(isGenerate, (body) => {
      if (Array.isArray(body.contents) && body.contents.length === 0)
        body.contents = [{ role: 'user', parts: [{ text: 'hi' }] }];
    }),
  ),
  wire(
    'GEN-GENCFG-1',
    'sixth-stop-sequence-dropped',
    'stop sequences past the fifth are dropped instead of refused',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig?.stopSequences?.length > 5)
        body.generationConfig.stopSequences = body.generationConfig.stopSequences.slice(0, 5);
    }),
  ),
  wire(
    'GEN-GENCFG-2',
    'candidate-count-ignored',
    'candidateCount is ignored instead of refused above 1',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig) delete body.generationConfig.candidateCount;
    }),
  ),
  wire(
    'GEN-GENCFG-3',
    'temperature-clamped',
    'temperature outside 0..2 is clamped instead of refused',
    requestJson(isGenerate, (body) => {
      const t = body.generationConfig?.temperature;
      if (typeof t === 'number') body.generationConfig.temperature = Math.min(2, Math.max(0, t));
    }),
  ),
  wire(
    'GEN-GENCFG-4',
    'schema-dropped-without-json',
    'a responseSchema without application/json is dropped instead of refused',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig?.responseSchema && body.generationConfig.responseMimeType !== 'application/json')
        delete body.generationConfig.responseSchema;
    }),
  ),
  wire(
    'GEN-GENCFG-5',
    'unknown-mime-type-ignored',
    'an unsupported responseMimeType is ignored instead of refused',
    requestJson(isGenerate, (body) => {
      const m = body.generationConfig?.responseMimeType;
      if (m && m !== 'text/plain' && m !== 'application/json') delete body.generationConfig.responseMimeType;
    }),
  ),
  wire(
    'GEN-SYSINSTR-1',
    'non-text-parts-dropped',
    'non-text parts of the system instruction are dropped instead of refused',
    requestJson(isGenerate, (body) => {
      if (body.systemInstruction?.parts)
        body.systemInstruction.parts = body.systemInstruction.parts.filter((p: Json) => typeof p.text === 'string');
      if (body.systemInstruction?.parts?.length === 0) delete body.systemInstruction;
    }),
  ),
  wire(
    'GEN-TOOLS-1',
    'other-tools-ignored',
    'tools of other kinds are silently ignored instead of refused',
    requestJson(isGenerate, (body) => {
      if (Array.isArray(body.tools))
        body.tools = body.tools.filter((t: Json) => t.functionDeclarations || t.codeExecution);
      if (body.tools?.length === 0) delete body.tools;
    }),
  ),
  seam('GEN-MODEL-1', 'unknown-model-answers', 'an unknown model answers with a default model', {
    store: replacing<GenerativeStore>((original) => ({
      model: async (name) => (await original.model(name)) ?? original.model('models/text-model-1'),
    })),
  }),
  wire(
    'GEN-MODEL-1',
    'tuned-models-unaddressable',
    'tunedModels/<id> is looked up among the base models (and not found)',
    requestHead((req) => {
      if (req.url?.startsWith('/v1beta/tunedModels/'))
        req.url = req.url.replace('/v1beta/tunedModels/', '/v1beta/models/');
    }),
  ),

  // Answers
  wire(
    'GEN-RESP-1',
    'blocked-prompt-answers-candidate',
    'a blocked prompt still answers an empty candidate',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.promptFeedback?.blockReason || body.candidates) return undefined;
      body.candidates = [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 }];
      return { body };
    }),
  ),
  wire(
    'GEN-RESP-1',
    'two-candidates',
    'every answer carries its candidate twice',
    answerJson(isOnly('POST', /:generateContent$/), (body) =>
      body.candidates?.length
        ? { body: { ...body, candidates: [body.candidates[0], { ...body.candidates[0], index: 1 }] } }
        : undefined,
    ),
  ),
  seam('GEN-RESP-2', 'prompt-never-blocked', 'prompts are never blocked', { promptFilter: neverBlocks }),
  wire(
    'GEN-RESP-2',
    'block-without-reason',
    'a blocked prompt answers no candidates but no blockReason either',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.promptFeedback?.blockReason) return undefined;
      delete body.promptFeedback.blockReason;
      return { body };
    }),
  ),
  seam('GEN-RESP-3', 'duplicate-ratings', 'the first category is rated twice', {
    promptFilter: ratesFirstTwice,
    answerFilter: ratesFirstTwice,
  }),
  seam('GEN-STOP-1', 'stop-sequence-included', 'the stop sequence is kept at the end of the text', {
    decoder: () => (stops, maxTokens) => new KeepsStopSequence(stops, maxTokens),
  }),
  seam('GEN-STOP-1', 'stop-sequences-ignored', 'stop sequences are accepted and ignored', {
    decoder: (create: DecoderFactory) => (_stops, maxTokens) => create([], maxTokens),
  }),
  seam('GEN-MAXTOK-1', 'max-tokens-ignored', 'maxOutputTokens is accepted and ignored', {
    decoder: (create: DecoderFactory) => (stops) => create(stops, undefined),
  }),
  seam('GEN-MAXTOK-1', 'max-tokens-says-stop', 'an answer cut at maxOutputTokens says STOP', {
    decoder: (create: DecoderFactory) => (stops, maxTokens) => {
      const decoder = create(stops, maxTokens);
      return {
        push: (piece) => decoder.push(piece),
        end: () => decoder.end(),
        get finish() {
          return decoder.finish === 'MAX_TOKENS' ? 'STOP' : decoder.finish;
        },
      };
    },
  }),
  wire(
    'GEN-USAGE-1',
    'total-off-by-one',
    'totalTokenCount is one more than prompt plus candidates',
    usage((u) => {
      u.totalTokenCount += 1;
    }),
  ),
  wire(
    'GEN-USAGE-1',
    'total-is-prompt',
    'totalTokenCount leaves out the candidates',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.usageMetadata) return undefined;
      body.usageMetadata.totalTokenCount = body.usageMetadata.promptTokenCount;
      return { body };
    }),
  ),
  seam('GEN-JSON-1', 'json-mode-ignored', 'application/json is accepted and a plain text answer given', {
    model: replacing<Model>((original) => ({
      answer: (request) =>
        original.answer(
          request.generationConfig
            ? { ...request, generationConfig: { ...request.generationConfig, responseMimeType: 'text/plain' } }
            : request,
        ),
    })),
  }),
  wire(
    'GEN-JSON-1',
    'schema-ignored',
    'the responseSchema is accepted and ignored (JSON of another shape)',
    requestJson(isGenerate, (body) => {
      if (body.generationConfig?.responseSchema) delete body.generationConfig.responseSchema;
    }),
  ),
  wire(
    'GEN-FUNC-1',
    'mode-none-calls',
    'mode NONE is treated as ANY',
    requestJson(isGenerate, (body) => {
      if (body.toolConfig?.functionCallingConfig?.mode === 'NONE') body.toolConfig.functionCallingConfig.mode = 'ANY';
    }),
  ),
  wire(
    'GEN-FUNC-1',
    'args-miss-required',
    'function call args leave out the first declared parameter',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      const call = body.candidates?.[0]?.content?.parts?.find((p: Json) => p.functionCall)?.functionCall;
      if (!call?.args) return undefined;
      delete call.args[Object.keys(call.args)[0]!];
      return { body };
    }),
  ),
  wire(
    'GEN-FUNC-1',
    'allowed-names-ignored',
    'allowedFunctionNames is accepted and ignored',
    requestJson(isGenerate, (body) => {
      if (body.toolConfig?.functionCallingConfig) delete body.toolConfig.functionCallingConfig.allowedFunctionNames;
    }),
  ),

  // Safety
  seam('GEN-SAFETY-1', 'candidates-never-filtered', 'answers are never checked against the thresholds', {
    answerFilter: neverBlocks,
  }),
  wire(
    'GEN-SAFETY-1',
    'settings-ignored',
    'safetySettings are validated, then ignored (the defaults apply)',
    requestJson(isGenerate, (body) => {
      delete body.safetySettings;
    }),
  ),
  seam('GEN-SAFETY-2', 'duplicates-accepted', 'two settings for one category are accepted, the last wins', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) =>
      resolve(settings && [...new Map(settings.map((s) => [s.category, s])).values()], policy),
  }),
  seam('GEN-SAFETY-3', 'only-tightens', 'a listed threshold may only tighten the default, never loosen it', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      for (const s of settings ?? [])
        if (THRESHOLD_ORDER.indexOf(resolved.get(s.category)!) > THRESHOLD_ORDER.indexOf(policy.defaultThreshold))
          resolved.set(s.category, policy.defaultThreshold);
      return resolved;
    },
  }),
  seam('GEN-SAFETY-3', 'unlisted-lose-default', 'categories not listed get no threshold at all', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      if (settings?.length)
        for (const category of resolved.keys())
          if (!settings.some((s) => s.category === category)) resolved.set(category, 'BLOCK_NONE');
      return resolved;
    },
  }),
  wire(
    'GEN-SAFETY-4',
    'unsupported-categories-dropped',
    'settings for unsupported categories are dropped instead of refused',
    requestJson(isGenerate, (body) => {
      const supported = [
        'HARM_CATEGORY_HARASSMENT',
        'HARM_CATEGORY_HATE_SPEECH',
        'HARM_CATEGORY_SEXUALLY_EXPLICIT',
        'HARM_CATEGORY_DANGEROUS_CONTENT',
      ];
      if (Array.isArray(body.safetySettings))
        body.safetySettings = body.safetySettings.filter((s: Json) => supported.includes(s.category));
    }),
  ),
  seam('GEN-SAFETY-5', 'threshold-off-by-one', 'each threshold blocks from one probability higher than the table', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      for (const [category, t] of resolved)
        resolved.set(category, THRESHOLD_ORDER[Math.min(THRESHOLD_ORDER.indexOf(t) + 1, 3)] ?? t);
      return resolved;
    },
  }),
  seam('GEN-SAFETY-5', 'only-high-blocks-medium', 'BLOCK_ONLY_HIGH also blocks MEDIUM', {
    thresholds: (resolve: ThresholdResolver) => (settings, policy) => {
      const resolved = resolve(settings, policy);
      for (const [category, t] of resolved)
        if (t === 'BLOCK_ONLY_HIGH') resolved.set(category, 'BLOCK_MEDIUM_AND_ABOVE');
      return resolved;
    },
  }),
  // Judged but never acted on: the blocking rating is marked, the text and its finishReason stay.
  seam('GEN-SAFETY-6', 'blocked-candidate-keeps-text', 'a blocked answer keeps its text and says STOP', {
    answerFilter: neverBlocks,
  }),
  wire(
    'GEN-SAFETY-6',
    'blocked-flag-missing',
    'the rating that blocked a candidate is not marked blocked',
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      for (const c of body.candidates ?? []) for (const r of c.safetyRatings ?? []) delete r.blocked;
      return { body };
    }),
  ),

  // Cached content
  unknownCacheIgnored(),
  wire(
    'GEN-CACHED-1',
    'prompt-excludes-cache',
    'promptTokenCount leaves out the cached tokens',
    usage((u) => {
      u.promptTokenCount -= u.cachedContentTokenCount ?? 0;
      u.totalTokenCount -= u.cachedContentTokenCount ?? 0;
    }),
  ),
  wire(
    'GEN-CACHED-1',
    'cached-count-missing',
    'cachedContentTokenCount is not reported',
    usage((u) => {
      delete u.cachedContentTokenCount;
    }),
  ),
  wire(
    'GEN-CACHE-2',
    'update-sets-wrong-ttl',
    'an update of the ttl sets a minute instead of the given time',
    requestJson(isOnly('PATCH', /^\/v1beta\/cachedContents\//), (body) => {
      if (body.ttl) body.ttl = '60s';
    }),
  ),
  wire(
    'GEN-CACHE-2',
    'delete-does-nothing',
    'delete answers {} but the cached content stays',
    (inner) => (req, res) => {
      if (req.method !== 'DELETE' || !pathOf(req).startsWith('/v1beta/cachedContents/')) return inner(req, res);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end('{}');
    },
  ),

  // Streaming
  wire(
    'GEN-STREAM-1',
    'event-lines-and-sentinel',
    'each event gets event:/id: lines and the stream ends with data: [DONE]',
    answerEvents(
      (event, i) => `event: chunk\nid: ${i}\n${event}`,
      () => 'data: [DONE]\n\n',
    ),
  ),
  wire(
    'GEN-STREAM-1',
    'usage-as-text',
    'each event carries usageMetadata token counts as strings, not integers',
    answerEvents((event) =>
      event.replace(/"(promptTokenCount|candidatesTokenCount|totalTokenCount)":(\d+)/g, '"$1":"$2"'),
    ),
  ),
  wire('GEN-STREAM-2', 'one-event', 'the whole answer comes in one event', streamInOneEvent()),
  wire(
    'GEN-STREAM-2',
    'no-finish-reason',
    'the last event has no finishReason',
    answerEventJson((event) => {
      for (const c of event.candidates ?? []) delete c.finishReason;
    }),
  ),
  wire(
    'GEN-STREAM-2',
    'no-usage',
    'the last event has no usageMetadata',
    answerEventJson((event) => {
      if (event.candidates?.some((c: Json) => c.finishReason)) delete event.usageMetadata;
    }),
  ),

  // Uploads and files
  wire(
    'GEN-UPLOAD-1',
    'metadata-ignored',
    'a multipart upload ignores its metadata part',
    rewriteRequest((request) => editMultipartMetadata(request, () => ({}))),
  ),
  seam('GEN-UPLOAD-2', 'keeps-last-chunk', 'a resumable upload keeps only its last chunk', {
    blobs: replacing<BlobStore>((original) => ({
      appendChunk: (session, _offset, bytes) => original.appendChunk(session, 0, bytes),
    })),
  }),
  offsetUnchecked(),
  wire(
    'GEN-FILE-1',
    'bad-id-repaired',
    'a malformed file id is lower-cased and trimmed instead of refused',
    requestJson(isOnly('POST', /^\/v1beta\/files$/), (body) => {
      if (typeof body.file?.name === 'string') {
        const id = body.file.name
          .replace(/^files\//, '')
          .toLowerCase()
          .replace(/^-+|-+$/g, '')
          .slice(0, 40)
          .replace(/-+$/, '');
        body.file.name = `files/${id}`;
      }
    }),
  ),
  wire(
    'GEN-FILE-2',
    'display-name-truncated',
    'a displayName over 512 characters is cut instead of refused',
    requestJson(isOnly('POST', /^\/v1beta\/files$/), (body) => {
      if (typeof body.file?.displayName === 'string') body.file.displayName = body.file.displayName.slice(0, 512);
    }),
  ),
  namesCollide(),
  wire(
    'GEN-FILE-4',
    'output-only-taken-over',
    'a client-sent sizeBytes is taken over into the answer',
    perRequest(() => {
      let sent: unknown;
      return chain(
        rewriteRequest((request) => {
          const meta = metadataOf(request);
          sent = meta?.file?.sizeBytes;
        }),
        answerJson(
          () => sent !== undefined,
          (body) => (body.file ? { body: { ...body, file: { ...body.file, sizeBytes: sent } } } : undefined),
        ),
      );
    }),
  ),
  seam('GEN-FILE-4', 'hash-of-nothing', 'sha256Hash is the hash of no bytes', {
    blobs: replacing<BlobStore>((original) => ({
      put: async (bytes) => ({ ...(await original.put(bytes)), sha256: EMPTY_SHA256 }),
    })),
  }),
  seam('GEN-FILE-STATE-1', 'video-active-at-once', 'videos are ACTIVE at once', {
    store: replacing<GenerativeStore>((original) => ({
      insertFile: (file) => original.insertFile(file.state === 'PROCESSING' ? { ...file, state: 'ACTIVE' } : file),
    })),
  }),
  seam('GEN-FILE-STATE-2', 'every-video-fails', 'processing fails every video', {
    store: replacing<GenerativeStore>((original) => ({
      updateFile: (project, id, change) =>
        original.updateFile(
          project,
          id,
          change.state === 'ACTIVE'
            ? {
                state: 'FAILED',
                error: {
                  code: 3,
                  message: 'Video processing failed: video/unknown is not a video type this service reads.',
                },
                updateTime: change.updateTime,
              }
            : change,
        ),
    })),
  }),
  seam('GEN-FILE-STATE-3', 'broken-video-active', 'a video that cannot be read becomes ACTIVE', {
    store: replacing<GenerativeStore>((original) => ({
      updateFile: (project, id, change) =>
        original.updateFile(
          project,
          id,
          change.state === 'FAILED' ? { state: 'ACTIVE', updateTime: change.updateTime } : change,
        ),
    })),
  }),
  wire(
    'GEN-FILE-STATE-3',
    'failed-without-error',
    'a FAILED file carries no error',
    answerJson(isOnly('GET', /^\/v1beta\/files/), (body) => {
      for (const file of body.files ?? [body]) delete file.error;
      return { body };
    }),
  ),
  processingFileUsed(),
  seam('GEN-FILE-VIDEO-1', 'duration-in-ms', 'videoDuration reports milliseconds', {
    store: replacing<GenerativeStore>((original) => ({
      updateFile: (project, id, change) =>
        original.updateFile(
          project,
          id,
          change.videoDuration
            ? { ...change, videoDuration: `${Math.round(Number.parseFloat(change.videoDuration) * 1000)}s` }
            : change,
        ),
    })),
  }),
  wire(
    'GEN-FILE-VIDEO-1',
    'duration-missing',
    'an ACTIVE video has no videoMetadata',
    answerJson(isOnly('GET', /^\/v1beta\/files\//), (body) => {
      delete body.videoMetadata;
      return { body };
    }),
  ),
  wire(
    'GEN-FILE-DELETED-1',
    'deleted-file-not-found',
    'a deleted file referenced in generation answers NOT_FOUND',
    answerJson(isGenerate, (body, status) => {
      const id = /the File ([a-z0-9-]+) or it may not exist/.exec(body.error?.message ?? '')?.[1];
      if (status !== 403 || !id) return undefined;
      return {
        body: { error: { code: 404, message: `File files/${id} not found.`, status: 'NOT_FOUND' } },
        status: 404,
      };
    }),
  ),
  wire(
    'GEN-FILE-DELETE-1',
    'delete-does-nothing',
    'delete answers {} but the file stays',
    perRequest(() => {
      let deleting = false;
      return chain(
        // The service looks the file up as for a read (so an unknown file is still refused) and deletes nothing.
        rewriteRequest((request) => {
          if (request.method !== 'DELETE' || !/^\/v1beta\/files\//.test(request.url.pathname)) return;
          deleting = true;
          request.method = 'GET';
        }),
        answerJson(
          () => deleting,
          (_body, status) => (status === 200 ? { body: {} } : undefined),
        ),
      );
    }),
  ),
  wire(
    'GEN-FILE-LIST-1',
    'default-page-20',
    'without pageSize a page holds 20 files',
    rewriteQuery(on('GET', /^\/v1beta\/files$/), (query) => {
      if (!query.has('pageSize')) query.set('pageSize', '20');
    }),
  ),
  seam('GEN-FILE-LIST-1', 'page-size-ignored', 'pageSize is accepted and ignored', {
    store: replacing<GenerativeStore>((original) => ({
      files: (project, after) => original.files(project, after, 10),
    })),
  }),
  seam('GEN-FILE-LIST-2', 'token-ignored', 'pageToken is accepted and ignored (the first page again)', {
    store: replacing<GenerativeStore>((original) => ({
      files: (project, _after, limit) => original.files(project, 0, limit),
    })),
  }),
  seam('GEN-FILE-LIST-3', 'all-projects-listed', "the list holds every project's files", {
    store: replacing<GenerativeStore>((original) => ({
      files: (_project, after, limit) => original.files(null, after, limit),
    })),
  }),
];
