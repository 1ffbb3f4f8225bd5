// Planted defects in the reference generative service, at least one per GEN rule, each a bug a real
// implementation could have. Bugs inside the service are `defects` flags it reads
// (reference/generative/defects.ts); bugs of the kind "validated, then ignored" or "answers in the wrong shape"
// are `wrap`s that rewrite the request before the service sees it or the answer after it wrote it.
import type http from 'node:http';
import type { GenerativeDefects } from '../../reference/generative/defects.js';
import type { Mutant } from './mutant.js';
import { rewriteAnswer, rewriteRequest, type Wrap } from './wire.js';

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

function defect(rule: Mutant['rule'], name: string, description: string, flags: GenerativeDefects): Mutant {
  return { id: `${rule}/${name}`, rule, description, defects: flags as Record<string, unknown> };
}

function wire(rule: Mutant['rule'], name: string, description: string, wrap: Mutant['wrap']): Mutant {
  return { id: `${rule}/${name}`, rule, description, wrap };
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
  defect('GEN-AUTH-1', 'query-key-ignored', 'the key query parameter is not read; only the header authenticates', {
    queryKeyIgnored: true,
  }),
  wire(
    'GEN-AUTH-2',
    'header-key-ignored-on-files',
    'the x-goog-api-key header is ignored on the file endpoints',
    requestHead((req) => {
      if (pathOf(req).startsWith('/v1beta/files') && !req.url?.includes('key=')) delete req.headers['x-goog-api-key'];
    }),
  ),
  defect('GEN-AUTH-3', 'any-key-accepted', 'any API key is accepted', { anyKeyAccepted: true }),
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
  defect('GEN-RATE-1', 'no-rate-limit', 'bursts are never limited', { noRateLimit: true }),
  defect('GEN-RATE-1', 'limit-as-503', 'the rate limit answers 503 UNAVAILABLE instead of 429 RESOURCE_EXHAUSTED', {
    rateLimitUnavailable: true,
  }),

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
  defect('GEN-MODEL-1', 'unknown-model-answers', 'an unknown model answers with a default model', {
    unknownModelAnswers: true,
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
  defect('GEN-RESP-1', 'blocked-prompt-answers-candidate', 'a blocked prompt still answers an empty candidate', {
    blockedPromptKeepsCandidate: true,
  }),
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
  defect('GEN-RESP-2', 'prompt-never-blocked', 'prompts are never blocked', { promptNeverBlocked: true }),
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
  defect('GEN-RESP-3', 'duplicate-ratings', 'the first category is rated twice', { duplicateRatings: true }),
  defect('GEN-STOP-1', 'stop-sequence-included', 'the stop sequence is kept at the end of the text', {
    stopSequenceIncluded: true,
  }),
  defect('GEN-STOP-1', 'stop-sequences-ignored', 'stop sequences are accepted and ignored', {
    stopSequencesIgnored: true,
  }),
  defect('GEN-MAXTOK-1', 'max-tokens-ignored', 'maxOutputTokens is accepted and ignored', { maxTokensIgnored: true }),
  defect('GEN-MAXTOK-1', 'max-tokens-says-stop', 'an answer cut at maxOutputTokens says STOP', {
    maxTokensSaysStop: true,
  }),
  defect('GEN-USAGE-1', 'total-off-by-one', 'totalTokenCount is one more than prompt plus candidates', {
    totalTokensOffByOne: true,
  }),
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
  defect('GEN-JSON-1', 'json-mode-ignored', 'application/json is accepted and a plain text answer given', {
    responseMimeTypeIgnored: true,
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
  defect('GEN-SAFETY-1', 'candidates-never-filtered', 'answers are never checked against the thresholds', {
    candidatesNeverFiltered: true,
  }),
  wire(
    'GEN-SAFETY-1',
    'settings-ignored',
    'safetySettings are validated, then ignored (the defaults apply)',
    requestJson(isGenerate, (body) => {
      delete body.safetySettings;
    }),
  ),
  defect('GEN-SAFETY-2', 'duplicates-accepted', 'two settings for one category are accepted, the last wins', {
    duplicateSettingsAccepted: true,
  }),
  defect('GEN-SAFETY-3', 'only-tightens', 'a listed threshold may only tighten the default, never loosen it', {
    safetyOnlyTightens: true,
  }),
  defect('GEN-SAFETY-3', 'unlisted-lose-default', 'categories not listed get no threshold at all', {
    unlistedLoseDefault: true,
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
  defect('GEN-SAFETY-5', 'threshold-off-by-one', 'each threshold blocks from one probability higher than the table', {
    thresholdOffByOne: true,
  }),
  defect('GEN-SAFETY-5', 'only-high-blocks-medium', 'BLOCK_ONLY_HIGH also blocks MEDIUM', {
    onlyHighBlocksMedium: true,
  }),
  defect('GEN-SAFETY-6', 'blocked-candidate-keeps-text', 'a blocked answer keeps its text and says STOP', {
    blockedCandidateKeepsText: true,
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
  defect('GEN-CACHE-1', 'unknown-cache-ignored', 'an unknown cachedContent is ignored instead of NOT_FOUND', {
    unknownCacheIgnored: true,
  }),
  defect('GEN-CACHED-1', 'prompt-excludes-cache', 'promptTokenCount leaves out the cached tokens', {
    promptExcludesCache: true,
  }),
  defect('GEN-CACHED-1', 'cached-count-missing', 'cachedContentTokenCount is not reported', {
    cachedCountMissing: true,
  }),
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
  defect('GEN-STREAM-2', 'one-event', 'the whole answer comes in one event', { streamOneEvent: true }),
  defect('GEN-STREAM-2', 'no-finish-reason', 'the last event has no finishReason', { streamNoFinishReason: true }),
  defect('GEN-STREAM-2', 'no-usage', 'the last event has no usageMetadata', { streamNoUsage: true }),

  // Uploads and files
  defect('GEN-UPLOAD-1', 'metadata-ignored', 'a multipart upload ignores its metadata part', {
    multipartIgnoresMetadata: true,
  }),
  defect('GEN-UPLOAD-2', 'keeps-last-chunk', 'a resumable upload keeps only its last chunk', {
    resumableKeepsLastChunk: true,
  }),
  defect('GEN-UPLOAD-2', 'offset-unchecked', 'a chunk at the wrong offset is appended anyway', {
    offsetUnchecked: true,
  }),
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
  defect('GEN-FILE-3', 'names-collide', 'generated names repeat within a second', { generatedNameCollides: true }),
  defect('GEN-FILE-4', 'output-only-taken-over', 'a client-sent sizeBytes is stored', { outputOnlyTakenOver: true }),
  defect('GEN-FILE-4', 'hash-of-nothing', 'sha256Hash is the hash of no bytes', { hashOfEmpty: true }),
  defect('GEN-FILE-STATE-1', 'video-active-at-once', 'videos are ACTIVE at once', { videoActiveAtOnce: true }),
  defect('GEN-FILE-STATE-2', 'every-video-fails', 'processing fails every video', { everyVideoFails: true }),
  defect('GEN-FILE-STATE-3', 'broken-video-active', 'a video that cannot be read becomes ACTIVE', {
    brokenVideoActive: true,
  }),
  defect('GEN-FILE-STATE-3', 'failed-without-error', 'a FAILED file carries no error', { failedWithoutError: true }),
  defect('GEN-FILE-STATE-4', 'processing-file-used', 'a PROCESSING file is accepted in generation', {
    processingFileAccepted: true,
  }),
  defect('GEN-FILE-VIDEO-1', 'duration-in-ms', 'videoDuration reports milliseconds', { durationInMilliseconds: true }),
  wire(
    'GEN-FILE-VIDEO-1',
    'duration-missing',
    'an ACTIVE video has no videoMetadata',
    answerJson(isOnly('GET', /^\/v1beta\/files\//), (body) => {
      delete body.videoMetadata;
      return { body };
    }),
  ),
  defect('GEN-FILE-DELETED-1', 'deleted-file-not-found', 'a deleted file referenced in generation answers NOT_FOUND', {
    deletedFileNotFound: true,
  }),
  defect('GEN-FILE-DELETE-1', 'delete-does-nothing', 'delete answers {} but the file stays', {
    deletedFileReadable: true,
  }),
  defect('GEN-FILE-LIST-1', 'default-page-20', 'without pageSize a page holds 20 files', { defaultPageSize20: true }),
  defect('GEN-FILE-LIST-1', 'page-size-ignored', 'pageSize is accepted and ignored', { pageSizeIgnored: true }),
  defect('GEN-FILE-LIST-2', 'token-ignored', 'pageToken is accepted and ignored (the first page again)', {
    pageTokenIgnored: true,
  }),
  defect('GEN-FILE-LIST-3', 'all-projects-listed', "the list holds every project's files", { listAllProjects: true }),
];
