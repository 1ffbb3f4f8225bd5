// A conforming in-memory double of the generative content and file service, built on the generated server
// stubs (which already validate every request against the spec). It adds what no schema can say:
// - API keys: only the fixture apiKey is valid; any other key (the fixture invalidApiKey included) is refused
//   with 400 INVALID_ARGUMENT / API_KEY_INVALID, a missing key with 403 PERMISSION_DENIED.
// - Rate limit: per API key and per operation (like per-method quotas), a burst of more than rateLimitBurst
//   calls, each within RATE_GAP_MS of the previous, answers 429 RESOURCE_EXHAUSTED until the caller pauses for
//   RATE_GAP_MS. Bursts rather than a per-second window, so the limit clears as soon as the caller backs off and
//   the tests that follow a rate-limit test are not refused; per operation, so a run of many different requests
//   (a test suite) is not one burst.
// - A deterministic "model": it echoes the latest user text ("Echo: ..."), honours stopSequences,
//   maxOutputTokens, JSON mode with a response schema and function calling; tokens are ceil(chars / 4) per text
//   part and 258 per media part.
// - A deterministic safety filter: a prompt containing the word UNSAFE is rated LOW for
//   HARM_CATEGORY_HARASSMENT (everything else NEGLIGIBLE); the default threshold is BLOCK_MEDIUM_AND_ABOVE.
// - Files: media, multipart and resumable uploads, stored bytes hashed by the service. Video uploads start
//   PROCESSING and end processing PROCESSING_MS after their creation, applied when the file is next observed
//   (read, listed or referenced): FAILED with error set when the bytes start with "CORRUPT", else ACTIVE.
// - Cached contents, with expiry, used as generation context.
// - The spec's example resources (files/abc-123, cachedContents/cache-1) are seeded for the example requests
//   of CONFORM-1. Start a fresh double for each suite run: a run deletes them and leaves its files behind.
// Every answer is validated against the spec (validateResponses), so a wrong answer shows up as a 500.
import { createHash, randomBytes } from 'node:crypto';
import {
  createGenerativeServer, statusError, type GenerativeHandlers, type UploadFileReply, type HandlerInput, type ServiceError,
} from '../../generated/generative/server.js';
import type { components } from '../../generated/generative/types.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

export type { RunningServer };

type Schemas = components['schemas'];
type Content = Schemas['Content'];
type Part = Schemas['Part'];
type FileBody = Schemas['File'];
type CachedContentBody = Schemas['CachedContent'];
type GenerateRequest = Schemas['GenerateContentRequest'];
type GenerateResponse = Schemas['GenerateContentResponse'];
type SafetyRating = Schemas['SafetyRating'];
type HarmCategory = Schemas['HarmCategory'];
type HarmProbability = Schemas['HarmProbability'];
type FinishReason = Schemas['FinishReason'];
type ModelSchema = Schemas['Schema'];

const fixture = DEFAULT_FIXTURES.generative;

/** How long a video stays PROCESSING after its creation. */
const PROCESSING_MS = 250;
/** Files expire 48 hours after their creation. */
const FILE_LIFETIME_MS = 48 * 3600 * 1000;
/** Cached content without ttl or expireTime lives one hour. */
const DEFAULT_CACHE_TTL_MS = 3600 * 1000;
/** Calls closer together than this belong to one burst. */
const RATE_GAP_MS = 100;
const RATE_LIMIT = fixture.rateLimitBurst ?? 120;

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

function invalid(message: string, field?: string): ServiceError {
  return statusError('INVALID_ARGUMENT', message, field ? { details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description: message }] }] } : {});
}

const notFound = (message = 'Requested entity was not found.') => statusError('NOT_FOUND', message);

// ---------------------------------------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------------------------------------

interface ModelInfo {
  /** Kinds of media the model takes besides text (first segment of the MIME type, or a full type). */
  media: string[];
  /** Nucleus-sampling-only models do not allow topK. */
  topK: boolean;
}

/** The fixture model (multimodal), the spec's example model (text only) and one tuned model (text only). */
const MODELS = new Map<string, ModelInfo>([
  [fixture.model, { media: ['image', 'audio', 'video', 'text', 'application/pdf'], topK: true }],
  ['text-model-1', { media: ['text'], topK: false }],
  ['tuned-text-model-1', { media: ['text'], topK: false }],
]);

function modelOf(id: string): ModelInfo {
  const model = MODELS.get(id);
  if (!model) throw notFound(`models/${id} is not found for API version v1beta, or is not supported for generateContent.`);
  return model;
}

function acceptsMedia(model: ModelInfo, mimeType: string): boolean {
  return model.media.includes(mimeType) || model.media.includes(mimeType.split('/')[0]!);
}

// ---------------------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------------------

const MEDIA_TOKENS = 258;

function textTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function partTokens(part: Part): number {
  if (typeof part.text === 'string') return textTokens(part.text);
  if (part.inlineData || part.fileData) return MEDIA_TOKENS;
  return textTokens(JSON.stringify(part));
}

function contentTokens(contents: Content[] | undefined): number {
  return (contents ?? []).reduce((sum, c) => sum + (c.parts ?? []).reduce((s, p) => s + partTokens(p), 0), 0);
}

// ---------------------------------------------------------------------------------------------------------
// Safety
// ---------------------------------------------------------------------------------------------------------

const SUPPORTED_CATEGORIES: HarmCategory[] = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT'];
const PROBABILITY_RANK: Record<string, number> = { HARM_PROBABILITY_UNSPECIFIED: 0, NEGLIGIBLE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
/** Lowest probability rank a threshold blocks (5 = never). */
const THRESHOLD_BLOCKS_FROM: Record<string, number> = {
  BLOCK_LOW_AND_ABOVE: 1, BLOCK_MEDIUM_AND_ABOVE: 2, BLOCK_ONLY_HIGH: 3, BLOCK_NONE: 5, OFF: 5,
};
const DEFAULT_THRESHOLD = 'BLOCK_MEDIUM_AND_ABOVE';

/** Marker words and what they are rated; the fixture unsafePrompt carries UNSAFE. */
const LEXICON: Array<{ word: RegExp; category: HarmCategory; probability: HarmProbability }> = [
  { word: /\bUNSAFE\b/, category: 'HARM_CATEGORY_HARASSMENT', probability: 'LOW' },
];

function rate(text: string): SafetyRating[] {
  return SUPPORTED_CATEGORIES.map((category) => {
    let probability: HarmProbability = 'NEGLIGIBLE';
    for (const entry of LEXICON) {
      if (entry.category === category && entry.word.test(text) && PROBABILITY_RANK[entry.probability]! > PROBABILITY_RANK[probability]!) probability = entry.probability;
    }
    return { category, probability };
  });
}

/** Settings → effective threshold per category: listed ones replace the default, others keep it. */
function thresholds(settings: GenerateRequest['safetySettings']): Map<string, string> {
  const out = new Map<string, string>(SUPPORTED_CATEGORIES.map((c) => [c, DEFAULT_THRESHOLD]));
  const seen = new Set<string>();
  (settings ?? []).forEach((s, i) => {
    if (!SUPPORTED_CATEGORIES.includes(s.category)) throw invalid(`${s.category} is not supported in safetySettings.`, `safety_settings[${i}].category`);
    if (seen.has(s.category)) throw invalid(`Duplicate safety setting for ${s.category}; give at most one setting per category.`, `safety_settings[${i}].category`);
    seen.add(s.category);
    out.set(s.category, s.threshold === 'HARM_BLOCK_THRESHOLD_UNSPECIFIED' ? DEFAULT_THRESHOLD : s.threshold);
  });
  return out;
}

/** Marks the ratings a threshold blocks; true when any is blocked. */
function applyThresholds(ratings: SafetyRating[], limits: Map<string, string>): boolean {
  let blocked = false;
  for (const r of ratings) {
    if (PROBABILITY_RANK[r.probability]! >= THRESHOLD_BLOCKS_FROM[limits.get(r.category) ?? DEFAULT_THRESHOLD]!) {
      r.blocked = true;
      blocked = true;
    }
  }
  return blocked;
}

// ---------------------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------------------

interface StoredFile {
  id: string;
  seq: number;
  displayName?: string;
  mimeType: string;
  bytes: Buffer;
  created: number;
  updated: number;
  uri: string;
  state: 'PROCESSING' | 'ACTIVE' | 'FAILED';
  error?: Schemas['Status'];
}

const iso = (ms: number) => new Date(ms).toISOString();

function fileBody(f: StoredFile): FileBody {
  const body: FileBody = {
    name: `files/${f.id}`,
    ...(f.displayName !== undefined ? { displayName: f.displayName } : {}),
    mimeType: f.mimeType,
    sizeBytes: String(f.bytes.byteLength),
    createTime: iso(f.created),
    updateTime: iso(f.updated),
    expirationTime: iso(f.created + FILE_LIFETIME_MS),
    sha256Hash: createHash('sha256').update(f.bytes).digest('base64'),
    uri: f.uri,
    state: f.state,
  };
  if (f.error) body.error = f.error;
  // Duration at a nominal 1 Mbit/s: deterministic, and only known once processed.
  if (f.mimeType.startsWith('video/') && f.state === 'ACTIVE') body.videoMetadata = { videoDuration: `${(f.bytes.byteLength / 125000).toFixed(6)}s` };
  return body;
}

const CORRUPT = Buffer.from('CORRUPT');

class FileStore {
  private readonly files = new Map<string, StoredFile>();
  /** Ids of deleted (or expired) files: referencing them is PERMISSION_DENIED, reading them NOT_FOUND. */
  readonly deleted = new Set<string>();
  private seq = 0;

  create(origin: string, meta: FileBody | undefined, mimeType: string, bytes: Buffer, now = Date.now()): StoredFile {
    let id: string;
    if (meta?.name) {
      id = meta.name.replace(/^files\//, '');
      if (this.files.has(id)) throw invalid(`A file named files/${id} already exists.`, 'file.name');
    } else {
      // Empty name: a unique generated one.
      do id = randomBytes(6).toString('hex'); while (this.files.has(id) || this.deleted.has(id));
    }
    this.deleted.delete(id);
    const file: StoredFile = {
      id, seq: ++this.seq, mimeType: mimeType.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream', bytes, created: now, updated: now,
      uri: `${origin}/v1beta/files/${id}`, state: 'ACTIVE',
    };
    if (meta?.displayName !== undefined) file.displayName = meta.displayName;
    if (file.mimeType.startsWith('video/')) file.state = 'PROCESSING';
    this.files.set(id, file);
    return file;
  }

  /** Applies what time has done: processing ends, files expire. */
  private settle(file: StoredFile, now = Date.now()): StoredFile | undefined {
    if (now >= file.created + FILE_LIFETIME_MS) {
      this.remove(file.id);
      return undefined;
    }
    if (file.state === 'PROCESSING' && now >= file.created + PROCESSING_MS) {
      file.updated = file.created + PROCESSING_MS;
      if (file.bytes.subarray(0, CORRUPT.length).equals(CORRUPT)) {
        file.state = 'FAILED';
        file.error = { code: 3, message: 'The video could not be processed: the container is corrupt or unsupported.' };
      } else {
        file.state = 'ACTIVE';
      }
    }
    return file;
  }

  get(id: string): StoredFile | undefined {
    const file = this.files.get(id);
    return file && this.settle(file);
  }

  remove(id: string): boolean {
    const had = this.files.delete(id);
    if (had) this.deleted.add(id);
    return had;
  }

  all(): StoredFile[] {
    return [...this.files.values()].map((f) => this.settle(f)).filter((f): f is StoredFile => f !== undefined).sort((a, b) => a.seq - b.seq);
  }
}

interface UploadSession {
  id: string;
  meta?: FileBody;
  mimeType: string;
  declaredSize?: number;
  chunks: Buffer[];
  received: number;
}

// ---------------------------------------------------------------------------------------------------------
// Cached contents
// ---------------------------------------------------------------------------------------------------------

interface StoredCache {
  id: string;
  seq: number;
  displayName?: string;
  model: string;
  systemInstruction?: Content;
  contents?: Content[];
  tools?: Schemas['Tool'][];
  toolConfig?: Schemas['ToolConfig'];
  created: number;
  updated: number;
  expires: number;
  tokens: number;
}

function cacheBody(c: StoredCache): CachedContentBody {
  return {
    name: `cachedContents/${c.id}`,
    ...(c.displayName !== undefined ? { displayName: c.displayName } : {}),
    model: c.model,
    createTime: iso(c.created),
    updateTime: iso(c.updated),
    expireTime: iso(c.expires),
    usageMetadata: { totalTokenCount: c.tokens },
  };
}

/** Expiry from ttl ("3600s") or expireTime, relative to now; it must lie in the future. */
function expiryOf(body: { ttl?: string; expireTime?: string }, now: number): number | undefined {
  if (body.ttl !== undefined) {
    const ms = Math.round(Number(body.ttl.slice(0, -1)) * 1000);
    if (!(ms > 0)) throw invalid('ttl must be positive.', 'ttl');
    return now + ms;
  }
  if (body.expireTime !== undefined) {
    const at = Date.parse(body.expireTime);
    if (!(at > now)) throw invalid('expireTime must be in the future.', 'expire_time');
    return at;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Pagination
// ---------------------------------------------------------------------------------------------------------

/** Page tokens carry the sequence number of the last item of the previous page. */
const pageToken = (kind: string, lastSeq: number) => Buffer.from(JSON.stringify({ k: kind, after: lastSeq })).toString('base64url');

function readPageToken(kind: string, token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; after?: unknown };
    if (parsed.k === kind && typeof parsed.after === 'number') return parsed.after;
  } catch {
    // fall through to the error below
  }
  throw invalid('Invalid page token.', 'page_token');
}

function page<T extends { seq: number }>(kind: string, items: T[], size: number, token: string | undefined): { items: T[]; next?: string } {
  const after = readPageToken(kind, token);
  const rest = items.filter((i) => i.seq > after);
  const out = rest.slice(0, size);
  return rest.length > size ? { items: out, next: pageToken(kind, out.at(-1)!.seq) } : { items: out };
}

// ---------------------------------------------------------------------------------------------------------
// The model's answer
// ---------------------------------------------------------------------------------------------------------

function origin(input: HandlerInput): string {
  return `http://${input.headers.host ?? '127.0.0.1'}`;
}

/** A JSON value of the response schema, filled deterministically (strings carry the echo). */
function sampleOf(schema: ModelSchema, echo: string): unknown {
  switch (schema.type) {
    case 'OBJECT': {
      const props = schema.properties ?? {};
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, sampleOf(s, echo)]));
    }
    case 'ARRAY':
      return schema.items ? [sampleOf(schema.items, echo)] : [];
    case 'STRING':
      return schema.enum?.[0] ?? echo;
    case 'NUMBER':
      return 1.5;
    case 'INTEGER':
      return 1;
    case 'BOOLEAN':
      return true;
    default:
      return null;
  }
}

function lastUserText(contents: Content[]): string {
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i]!;
    if (c.role === 'model') continue;
    const texts = (c.parts ?? []).filter((p) => typeof p.text === 'string').map((p) => p.text!);
    if (texts.length) return texts.join(' ');
    const media = (c.parts ?? []).filter((p) => p.inlineData || p.fileData).length;
    if (media) return `${media} media part${media > 1 ? 's' : ''}`;
    const response = (c.parts ?? []).find((p) => p.functionResponse)?.functionResponse;
    if (response) return `${response.name} returned ${JSON.stringify(response.response)}`;
  }
  return '';
}

interface Answer {
  parts: Part[];
  finishReason: FinishReason;
  text: string;
}

function answer(body: GenerateRequest): Answer {
  const contents = body.contents;
  const config: Partial<Schemas['GenerationConfig']> = body.generationConfig ?? {};
  const echo = `Echo: ${lastUserText(contents)}`;
  const last = contents[contents.length - 1]!;
  // Function calling: ANY always calls; AUTO (default) calls a declared function the latest user turn names.
  const declarations = (body.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
  const mode = body.toolConfig?.functionCallingConfig?.mode ?? 'AUTO';
  const allowed = body.toolConfig?.functionCallingConfig?.allowedFunctionNames;
  const callable = declarations.filter((d) => !allowed?.length || allowed.includes(d.name));
  const answeringFunction = (last.parts ?? []).some((p) => p.functionResponse);
  if (callable.length && mode !== 'NONE' && !answeringFunction) {
    const named = callable.find((d) => lastUserText(contents).includes(d.name));
    const chosen = mode === 'ANY' ? (named ?? callable[0]) : named;
    if (chosen) {
      const args = chosen.parameters ? (sampleOf({ ...chosen.parameters, type: 'OBJECT' }, 'value') as Record<string, unknown>) : {};
      const call: Part = { functionCall: { name: chosen.name, args } };
      return { parts: [call], finishReason: 'STOP', text: JSON.stringify(call) };
    }
  }
  let text = config.responseMimeType === 'application/json' ? JSON.stringify(config.responseSchema ? sampleOf(config.responseSchema, echo) : { text: echo }) : echo;
  let finishReason: FinishReason = 'STOP';
  // Stop sequences: cut at the first occurrence, which is not part of the answer.
  for (const stop of config.stopSequences ?? []) {
    const at = stop === '' ? -1 : text.indexOf(stop);
    if (at >= 0) text = text.slice(0, at);
  }
  if (config.maxOutputTokens !== undefined && textTokens(text) > config.maxOutputTokens) {
    text = text.slice(0, config.maxOutputTokens * 4);
    finishReason = 'MAX_TOKENS';
  }
  return { parts: [{ text }], finishReason, text };
}

// ---------------------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------------------

export function generativeHandlers(): GenerativeHandlers {
  const files = new FileStore();
  const sessions = new Map<string, UploadSession>();
  const caches = new Map<string, StoredCache>();
  let cacheSeq = 0;

  // The spec's example resources, so that the example requests (CONFORM-1) name a file and a cache that exist.
  files.create('http://127.0.0.1:4010', { name: 'files/abc-123', displayName: 'Quarterly report' }, 'text/plain', Buffer.from('hello'));
  const seeded = Date.now();
  caches.set('cache-1', {
    id: 'cache-1', seq: ++cacheSeq, displayName: 'Contract corpus', model: 'models/text-model-1',
    contents: [{ role: 'user', parts: [{ text: 'A long document to reuse across requests.' }] }],
    created: seeded, updated: seeded, expires: seeded + 24 * 3600 * 1000, tokens: 11,
  });

  function findCache(id: string): StoredCache {
    const cache = caches.get(id);
    if (!cache || cache.expires <= Date.now()) {
      caches.delete(id);
      throw notFound(`CachedContent not found (or expired): cachedContents/${id}`);
    }
    return cache;
  }

  /** Every file a part references must exist (PERMISSION_DENIED otherwise, as for a deleted one) and be ACTIVE. */
  function checkParts(contents: Content[], model: ModelInfo | undefined, where: string): void {
    contents.forEach((content, ci) => {
      if (!content.parts?.length) throw invalid('Content must hold at least one part.', `${where}[${ci}].parts`);
      content.parts.forEach((part, pi) => {
        const field = `${where}[${ci}].parts[${pi}]`;
        if (Object.keys(part).filter((k) => ['text', 'inlineData', 'fileData', 'functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult'].includes(k)).length !== 1) {
          throw invalid('A part holds exactly one data member.', field);
        }
        if (part.inlineData) {
          if (model && !acceptsMedia(model, part.inlineData.mimeType ?? '')) throw invalid(`The model does not support ${part.inlineData.mimeType} input.`, `${field}.inline_data.mime_type`);
        }
        if (part.fileData) {
          const id = (part.fileData.fileUri ?? '').match(/\/v1beta\/files\/([a-z0-9-]+)$/)?.[1];
          if (!id) throw invalid(`Unsupported file uri: ${part.fileData.fileUri}`, `${field}.file_data.file_uri`);
          const file = files.get(id);
          if (!file) throw statusError('PERMISSION_DENIED', `You do not have permission to access the File ${id} or it may not exist.`);
          if (file.state !== 'ACTIVE') throw statusError('FAILED_PRECONDITION', `The File ${id} is not in an ACTIVE state and usage is not allowed.`);
          if (model && !acceptsMedia(model, file.mimeType)) throw invalid(`The model does not support ${file.mimeType} input.`, `${field}.file_data`);
        }
      });
    });
  }

  interface Prepared {
    response: GenerateResponse;
    answer?: Answer;
    promptTokens: number;
    cachedTokens?: number;
  }

  /** Everything both generate operations share: semantic checks, safety, the answer and its usage. */
  function prepare(modelId: string, body: GenerateRequest): Prepared {
    const model = modelOf(modelId);
    const config: Partial<Schemas['GenerationConfig']> = body.generationConfig ?? {};
    if (config.candidateCount !== undefined && config.candidateCount !== 1) throw invalid('Only 1 candidate is supported.', 'generation_config.candidate_count');
    if ((config.stopSequences?.length ?? 0) > 5) throw invalid('At most 5 stop sequences are allowed.', 'generation_config.stop_sequences');
    if (config.temperature !== undefined && (config.temperature < 0 || config.temperature > 2)) throw invalid('temperature must lie between 0.0 and 2.0.', 'generation_config.temperature');
    if (config.responseSchema && config.responseMimeType !== 'application/json') throw invalid('responseSchema needs responseMimeType application/json.', 'generation_config.response_mime_type');
    if (config.topK !== undefined && !model.topK) throw invalid(`topK is not supported by models/${modelId}.`, 'generation_config.top_k');
    if (body.systemInstruction?.parts?.some((p) => typeof p.text !== 'string')) throw invalid('systemInstruction holds text parts only.', 'system_instruction.parts');
    const limits = thresholds(body.safetySettings);
    let cache: StoredCache | undefined;
    if (body.cachedContent !== undefined) {
      cache = findCache(body.cachedContent.replace(/^cachedContents\//, ''));
      if (cache.model !== `models/${modelId}`) throw invalid(`${body.cachedContent} was created for ${cache.model}, not models/${modelId}.`, 'cached_content');
    }
    checkParts(body.contents, model, 'contents');
    const requestTokens = contentTokens(body.contents) + contentTokens(body.systemInstruction ? [body.systemInstruction] : []);
    // promptTokenCount is the whole effective prompt, cached part included.
    const promptTokens = requestTokens + (cache?.tokens ?? 0);
    const promptText = [...(cache?.contents ?? []), ...body.contents].flatMap((c) => (c.parts ?? []).map((p) => p.text ?? '')).join('\n');
    const promptRatings = rate(promptText);
    const usage = (candidates: number) => ({
      promptTokenCount: promptTokens,
      ...(cache ? { cachedContentTokenCount: cache.tokens } : {}),
      candidatesTokenCount: candidates,
      totalTokenCount: promptTokens + candidates,
    });
    const modelVersion = `${modelId}-001`;
    if (applyThresholds(promptRatings, limits)) {
      // Blocked prompt: no candidates, the reason in promptFeedback.
      return { response: { promptFeedback: { blockReason: 'SAFETY', safetyRatings: promptRatings }, usageMetadata: usage(0), modelVersion }, promptTokens, cachedTokens: cache?.tokens };
    }
    const result = answer(body);
    const ratings = rate(result.text);
    const candidate: Schemas['Candidate'] = { content: { role: 'model', parts: result.parts }, finishReason: result.finishReason, index: 0, safetyRatings: ratings };
    let candidateTokens = textTokens(result.text);
    if (applyThresholds(ratings, limits)) {
      // The answer itself is blocked: the candidate stays, without content.
      delete candidate.content;
      candidate.finishReason = 'SAFETY';
      candidateTokens = 0;
    }
    candidate.tokenCount = candidateTokens;
    return {
      response: { candidates: [candidate], promptFeedback: { safetyRatings: promptRatings }, usageMetadata: usage(candidateTokens), modelVersion },
      answer: candidate.content ? result : undefined,
      promptTokens,
      cachedTokens: cache?.tokens,
    };
  }

  function* streamChunks(modelId: string, prepared: Prepared): Generator<GenerateResponse> {
    const full = prepared.response;
    const candidate = full.candidates?.[0];
    if (!candidate?.content || !prepared.answer || prepared.answer.parts[0]?.text === undefined) {
      yield full;
      return;
    }
    // Text in pieces of up to three words; the last piece carries finishReason, ratings and the final usage.
    const words = prepared.answer.text.match(/\S+\s*/g) ?? [prepared.answer.text];
    const pieces: string[] = [];
    for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(''));
    if (pieces.length === 0) pieces.push('');
    let sent = '';
    for (const [i, piece] of pieces.entries()) {
      sent += piece;
      const last = i === pieces.length - 1;
      const tokens = textTokens(sent);
      const chunk: Schemas['Candidate'] = { content: { role: 'model', parts: [{ text: piece }] }, index: 0 };
      if (last) Object.assign(chunk, { finishReason: candidate.finishReason, safetyRatings: candidate.safetyRatings });
      yield {
        candidates: [chunk],
        usageMetadata: {
          promptTokenCount: prepared.promptTokens,
          ...(prepared.cachedTokens !== undefined ? { cachedContentTokenCount: prepared.cachedTokens } : {}),
          candidatesTokenCount: tokens,
          totalTokenCount: prepared.promptTokens + tokens,
        },
        modelVersion: `${modelId}-001`,
      };
    }
  }

  async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
    for (const item of items) yield item;
  }

  function mediaOf(body: unknown): { contentType: string; data: Uint8Array } | undefined {
    if (body && typeof body === 'object' && 'data' in body && (body as { data: unknown }).data instanceof Uint8Array) return body as { contentType: string; data: Uint8Array };
    return undefined;
  }

  return {
    async generateContent({ path, body }) {
      return { body: prepare(path.model, body).response };
    },

    async streamGenerateContent({ path, body }) {
      // Every check runs before the stream starts, so errors answer in the Status shape.
      const prepared = prepare(path.model, body);
      return { sse: toAsync(streamChunks(path.model, prepared)) };
    },

    async uploadFile(input): Promise<UploadFileReply> {
      const h = input.headers;
      const protocol = h['x-goog-upload-protocol'];
      const command = h['x-goog-upload-command']?.split(',').map((c) => c.trim().toLowerCase());
      const uploadId = input.query.upload_id as string | undefined;
      const raw: unknown = input.body;

      if (uploadId !== undefined) {
        // A step of a resumable session: upload, finalize, query or cancel.
        const session = sessions.get(uploadId);
        if (!session) throw notFound(`No upload session ${uploadId}.`);
        if (!command?.length) throw invalid('X-Goog-Upload-Command is required on an upload session.', 'X-Goog-Upload-Command');
        const headers = (status: string) => ({ 'x-goog-upload-status': status, 'x-goog-upload-size-received': String(session.received) });
        if (command.includes('cancel')) {
          sessions.delete(uploadId);
          return { headers: { 'x-goog-upload-status': 'cancelled' }, body: {} };
        }
        if (command.includes('query')) return { headers: headers('active'), body: {} };
        if (command.includes('upload')) {
          const offset = Number(h['x-goog-upload-offset']);
          if (h['x-goog-upload-offset'] === undefined || offset !== session.received) {
            throw invalid(`X-Goog-Upload-Offset ${h['x-goog-upload-offset'] ?? '(none)'} does not match the ${session.received} bytes received.`, 'X-Goog-Upload-Offset');
          }
          const media = mediaOf(raw);
          const bytes = media ? Buffer.from(media.data) : Buffer.from(raw === undefined ? '' : JSON.stringify(raw));
          if (session.declaredSize !== undefined && session.received + bytes.byteLength > session.declaredSize) {
            throw invalid(`The chunk goes past the declared size of ${session.declaredSize} bytes.`, 'X-Goog-Upload-Offset');
          }
          session.chunks.push(bytes);
          session.received += bytes.byteLength;
        }
        if (!command.includes('finalize')) return { headers: headers('active'), body: {} };
        if (session.declaredSize !== undefined && session.received !== session.declaredSize) {
          throw invalid(`Received ${session.received} bytes; ${session.declaredSize} were declared.`, 'X-Goog-Upload-Header-Content-Length');
        }
        const file = files.create(origin(input), session.meta, session.mimeType, Buffer.concat(session.chunks));
        sessions.delete(uploadId);
        return { headers: headers('final'), body: { file: fileBody(file) } };
      }

      if (protocol === 'resumable') {
        if (command?.join(',') !== 'start') throw invalid('A resumable upload starts with X-Goog-Upload-Command: start.', 'X-Goog-Upload-Command');
        const meta = raw && typeof raw === 'object' && !mediaOf(raw) ? (raw as Schemas['CreateFileRequest']).file : undefined;
        const declared = h['x-goog-upload-header-content-length'];
        const id = randomBytes(12).toString('base64url');
        // The session URL is this path with upload_id; chunks carry the key like any other request.
        sessions.set(id, {
          id, meta, chunks: [], received: 0,
          mimeType: h['x-goog-upload-header-content-type'] ?? 'application/octet-stream',
          declaredSize: declared === undefined ? undefined : Number(declared),
        });
        const url = `${origin(input)}/upload/v1beta/files?upload_id=${encodeURIComponent(id)}`;
        return { headers: { 'x-goog-upload-url': url, 'x-goog-upload-status': 'active' }, body: {} };
      }

      if (command?.length) throw invalid('X-Goog-Upload-Command belongs to the resumable protocol.', 'X-Goog-Upload-Command');

      if (protocol === 'multipart' || (input.contentType ?? '').toLowerCase().startsWith('multipart/related')) {
        const related = raw as { metadata?: Schemas['CreateFileRequest']; media?: { contentType: string; data: Uint8Array } };
        if (!related?.media) throw invalid('A multipart upload holds a metadata part and a media part.', 'body');
        const file = files.create(origin(input), related.metadata?.file, related.media.contentType, Buffer.from(related.media.data));
        return { body: { file: fileBody(file) } };
      }

      // Raw (or no protocol header): the body is the media itself, typed by Content-Type.
      const media = mediaOf(raw);
      const bytes = media ? Buffer.from(media.data) : Buffer.from(JSON.stringify(raw));
      const file = files.create(origin(input), undefined, media?.contentType ?? (input.contentType ?? 'application/json'), bytes);
      return { body: { file: fileBody(file) } };
    },

    async createFile(input) {
      // Metadata only: a file without bytes (the media goes through uploadFile).
      const file = files.create(origin(input), input.body.file, 'application/octet-stream', Buffer.alloc(0));
      return { body: { file: fileBody(file) } };
    },

    async getFile({ path }) {
      const file = files.get(path.file);
      if (!file) throw notFound(`File files/${path.file} not found.`);
      return { body: fileBody(file) };
    },

    async listFiles({ query }) {
      // A pageSize of 0 means the default; above 100 it is coerced to 100 (as the public service does).
      const asked = Number(query.pageSize ?? 10);
      const size = asked > 0 ? Math.min(asked, 100) : 10;
      const result = page('files', files.all(), size, query.pageToken);
      return { body: { files: result.items.map(fileBody), ...(result.next ? { nextPageToken: result.next } : {}) } };
    },

    async deleteFile({ path }) {
      if (!files.get(path.file) || !files.remove(path.file)) throw notFound(`File files/${path.file} not found.`);
      return { body: {} };
    },

    async createCachedContent({ body }) {
      if (!body.model) throw invalid('model is required.', 'model');
      const modelId = body.model.replace(/^models\//, '');
      const model = modelOf(modelId);
      if (body.systemInstruction?.parts?.some((p) => typeof p.text !== 'string')) throw invalid('systemInstruction holds text parts only.', 'system_instruction.parts');
      checkParts(body.contents ?? [], model, 'contents');
      const tokens = contentTokens(body.contents) + contentTokens(body.systemInstruction ? [body.systemInstruction] : []);
      if (tokens === 0) throw invalid('Cached content is too small: give contents or a system instruction.', 'contents');
      const now = Date.now();
      let id: string;
      do id = `cache-${randomBytes(5).toString('hex')}`; while (caches.has(id));
      const cache: StoredCache = {
        id, seq: ++cacheSeq, model: `models/${modelId}`, created: now, updated: now,
        expires: expiryOf(body, now) ?? now + DEFAULT_CACHE_TTL_MS, tokens,
      };
      if (body.displayName !== undefined) cache.displayName = body.displayName;
      if (body.systemInstruction) cache.systemInstruction = body.systemInstruction;
      if (body.contents) cache.contents = body.contents;
      if (body.tools) cache.tools = body.tools;
      if (body.toolConfig) cache.toolConfig = body.toolConfig;
      caches.set(id, cache);
      return { body: cacheBody(cache) };
    },

    async getCachedContent({ path }) {
      return { body: cacheBody(findCache(path.cachedContent)) };
    },

    async listCachedContents({ query }) {
      const now = Date.now();
      for (const [id, c] of caches) if (c.expires <= now) caches.delete(id);
      const result = page('cachedContents', [...caches.values()].sort((a, b) => a.seq - b.seq), Number(query.pageSize ?? 50) > 0 ? Math.min(Number(query.pageSize ?? 50), 1000) : 50, query.pageToken);
      return { body: { cachedContents: result.items.map(cacheBody), ...(result.next ? { nextPageToken: result.next } : {}) } };
    },

    async updateCachedContent({ path, query, body }) {
      const cache = findCache(path.cachedContent);
      // Only the expiration can change; anything else in the body is refused rather than ignored.
      const other = Object.keys(body).filter((k) => !['ttl', 'expireTime', 'name'].includes(k));
      if (other.length) throw invalid(`Only the expiration (ttl or expireTime) can be updated, not ${other.join(', ')}.`, other[0]);
      const mask = query.updateMask;
      if (mask === 'ttl' && body.ttl === undefined) throw invalid('updateMask names ttl, but the body has none.', 'ttl');
      if (mask === 'expireTime' && body.expireTime === undefined) throw invalid('updateMask names expireTime, but the body has none.', 'expire_time');
      const now = Date.now();
      const expires = expiryOf(body, now);
      if (expires === undefined) throw invalid('Give ttl or expireTime.', 'ttl');
      cache.expires = expires;
      cache.updated = now;
      return { body: cacheBody(cache) };
    },

    async deleteCachedContent({ path }) {
      findCache(path.cachedContent);
      caches.delete(path.cachedContent);
      return { body: {} };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Credentials and rate limit
// ---------------------------------------------------------------------------------------------------------

function authenticator() {
  /** The current burst per API key and operation: calls in a row, each within RATE_GAP_MS of the previous. */
  const bursts = new Map<string, { count: number; last: number }>();
  return (input: HandlerInput) => {
    const key = input.credentials.apiKey;
    if (!key) throw statusError('PERMISSION_DENIED', 'Method doesn\'t allow unregistered callers. Please use an API key.');
    if (key !== fixture.apiKey) {
      throw statusError('INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', {
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'platform.example' }],
      });
    }
    const now = Date.now();
    const id = `${key} ${input.operationId}`;
    const burst = bursts.get(id) ?? { count: 0, last: 0 };
    // A pause of RATE_GAP_MS ends the burst; refused calls keep it going (the caller has to back off).
    if (now - burst.last >= RATE_GAP_MS) burst.count = 0;
    burst.last = now;
    burst.count++;
    bursts.set(id, burst);
    if (burst.count > RATE_LIMIT) {
      throw statusError('RESOURCE_EXHAUSTED', `Resource has been exhausted: more than ${RATE_LIMIT} ${input.operationId} requests in a burst; pause and retry.`);
    }
  };
}

export async function startGenerativeDouble(): Promise<RunningServer> {
  const listener = createGenerativeServer(generativeHandlers(), {
    authenticate: authenticator(),
    missingCredentials: () => statusError('PERMISSION_DENIED', 'Method doesn\'t allow unregistered callers. Please use an API key.'),
    validateResponses: true,
    onError: (error) => console.error('generative double:', error),
  });
  return listenLocal(listener);
}

// Run directly: prints the address, for running the suite by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startGenerativeDouble();
  console.log(`generative double on ${running.baseUrl}`);
}
