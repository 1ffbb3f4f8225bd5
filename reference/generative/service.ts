// Assembles the generative service on the generated server stub: store, blobs, model, the handlers of every
// operation, and a small pre-routing step for the resumable session URL (below).
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { Readable } from 'node:stream';
import { createGenerativeServer, type GenerativeHandlers } from '../../generated/generative/server.js';
import { seams, sqlOf, type ServiceContext, type ServiceInstance } from '../foundation/service.js';
import { PublicBase } from '../foundation/public-base.js';
import { isStorableText } from '../foundation/storable-text.js';
import { Authenticator, MemoryBursts, missingKey } from './auth.js';
import { BlobStore } from './blobs.js';
import { Caches } from './caches.js';
import { createDecoder } from './decoder.js';
import { Files } from './files.js';
import { camelCaseNames } from './json-names.js';
import { laxJson } from '../foundation/lax-json.js';
import { protoJsonRequest } from './proto-json.js';
import { Generation } from './generation.js';
import { BuiltinModel } from './model/builtin-model.js';
import type { Model } from './model/model.js';
import { PostgresBursts } from './postgres-bursts.js';
import { timerProcessingClock } from './processing-clock.js';
import { resolveThresholds, TRIGGER_PHRASE_FILTER } from './safety.js';
import type { GenerativeSeams } from './seams.js';
import { parseSeed, type GenerativeSeed } from './seed.js';
import { SqlGenerativeStore } from './sql-store.js';
import type { GenerativeStore, ProjectRecord } from './store.js';
import { durationMs } from './time.js';
import { contentTokens } from './tokens.js';
import { Uploads } from './uploads.js';

/** The bytes of a JSON body as text, refusing invalid UTF-8 (a U+FFFD in its place would hide it from the router). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Largest JSON body rewritten to camelCase names (the router refuses larger ones itself). */
const MAX_JSON_BYTES = 1024 * 1024;

/** The body as the public front end reads it: strict JSON, else the lax forms it also takes (lax-json.ts). */
function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return JSON.parse(laxJson(text));
  }
}

/**
 * Passes JSON requests on in the documented form: snake_case field names rewritten (json-names.ts), lax JSON,
 * enum names in any case, enum numbers and single values for lists read as the public parser reads them
 * (proto-json.ts); others as they are.
 */
function inDocumentedForm(req: http.IncomingMessage, res: http.ServerResponse, next: http.RequestListener): void {
  if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) return next(req, res);
  const chunks: Buffer[] = [];
  let size = 0;
  let passed = false;
  const passOn = (body: Buffer, rest?: Readable) => {
    passed = true;
    const replay = Readable.from(
      rest
        ? (async function* () {
            yield body;
            for await (const c of rest) yield c as Buffer;
          })()
        : [body],
    ) as unknown as http.IncomingMessage;
    const headers = { ...req.headers };
    if (!rest) {
      headers['content-length'] = String(body.length);
      delete headers['transfer-encoding'];
    }
    Object.assign(replay, {
      headers,
      method: req.method,
      url: req.url,
      socket: req.socket,
      httpVersion: req.httpVersion,
      rawHeaders: req.rawHeaders,
    });
    next(replay, res);
  };
  req.on('data', (chunk: Buffer) => {
    if (passed) return;
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_JSON_BYTES) {
      // Too large to rewrite: the router reads the rest and refuses it with its own answer.
      req.pause();
      req.removeAllListeners('data');
      req.removeAllListeners('end');
      passOn(Buffer.concat(chunks), req);
    }
  });
  req.on('end', () => {
    if (passed) return;
    const raw = Buffer.concat(chunks);
    let body: Buffer = raw;
    try {
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      const value = camelCaseNames(parseLenient(strictUtf8.decode(raw)));
      body = Buffer.from(JSON.stringify(protoJsonRequest(req.method ?? 'GET', pathname, value)));
    } catch {
      // Not JSON (or not UTF-8, or too deep to rewrite): the router answers the parse error from the bytes sent.
    }
    passOn(body);
  });
}

export interface GenerativeOptions {
  /** The time source (tests move it to see expiry). */
  clock?: () => number;
  /** The model backend; the built-in deterministic model by default. */
  model?: Model;
}

const SWEEP_MS = 60_000;

/** models/<id> or tunedModels/<id>: the path's collection (models when the path has none) and id. */
function modelName(path: { model: string }): string {
  const collection = (path as { collection?: string }).collection ?? 'models';
  return `${collection}/${path.model}`;
}

async function loadSeed(
  seed: GenerativeSeed,
  store: GenerativeStore,
  blobs: BlobStore,
  files: Files,
  clock: () => number,
): Promise<void> {
  for (const p of seed.projects)
    await store.putProject({ id: p.id, rateLimitBurst: p.rateLimitBurst ?? 120 }, p.apiKeys);
  for (const m of seed.models) {
    await store.putModel({
      name: m.name,
      inputs: m.inputs ?? ['text'],
      topK: m.topK ?? true,
      defaultThreshold: m.defaultThreshold ?? 'BLOCK_MEDIUM_AND_ABOVE',
    });
  }
  const projects = new Map(
    seed.projects.map((p) => [p.id, { id: p.id, rateLimitBurst: p.rateLimitBurst ?? 120 } satisfies ProjectRecord]),
  );
  for (const f of seed.files) {
    const project = projects.get(f.project);
    if (!project) throw new Error(`seed file, generative section: file ${f.name} names unknown project ${f.project}`);
    const bytes = Buffer.from(f.text, 'utf8');
    await files.create(
      project,
      { name: f.name, ...(f.displayName !== undefined ? { displayName: f.displayName } : {}) },
      f.mimeType,
      await blobs.put(bytes),
      bytes.byteLength,
    );
  }
  for (const c of seed.cachedContents) {
    if (!projects.has(c.project))
      throw new Error(`seed file, generative section: cache ${c.name} names unknown project ${c.project}`);
    const now = clock();
    const contents = [{ role: 'user' as const, parts: [{ text: c.text }] }];
    await store.insertCache({
      project: c.project,
      id: c.name.replace(/^cachedContents\//, ''),
      model: c.model,
      contents,
      tokens: contentTokens(contents),
      createTime: now,
      updateTime: now,
      expireTime: now + (durationMs(c.ttl ?? '86400s') ?? 86_400_000),
      ...(c.displayName !== undefined ? { displayName: c.displayName } : {}),
    });
  }
}

export async function createGenerativeService(
  ctx: ServiceContext,
  options: GenerativeOptions = {},
): Promise<ServiceInstance> {
  const seed = parseSeed(ctx.seed);
  const clock = options.clock ?? Date.now;
  // Per-request events are debug lines (info is start and stop only); ctx.logger already names the service.
  const log = (message: string, fields: Record<string, unknown> = {}) => ctx.logger.debug(fields, message);
  // The seams the service is built from (seams.ts): each may be replaced by ServiceContext.decorate's stand-in.
  const seam = seams<GenerativeSeams>(ctx);
  const store = seam('store', new SqlGenerativeStore(sqlOf(ctx)));
  const blobs = seam('blobs', new BlobStore(ctx.dataDir));
  // A folder shared by several instances (PostgreSQL) holds their live uploads too: only stale ones go there.
  const sweepTemporaries = () => blobs.sweepTemporaries({ shared: ctx.postgres !== undefined });
  await sweepTemporaries();
  const publicBase = new PublicBase();
  const files = new Files({
    store,
    blobs,
    clock,
    processingClock: seam('processingClock', timerProcessingClock),
    fileId: seam('fileId', () => randomBytes(6).toString('hex')),
    log,
    limits: {
      maxFileBytes: seed.limits.maxFileBytes,
      fileLifetimeMs: seed.limits.fileLifetimeHours * 3600_000,
      videoProcessingMs: seed.limits.videoProcessingMs,
    },
  });
  if (await store.isEmpty()) await loadSeed(seed, store, blobs, files, clock);
  else
    await store.replaceApiKeys(
      seed.projects.map((p) => ({
        project: { id: p.id, rateLimitBurst: p.rateLimitBurst ?? 120 },
        apiKeys: p.apiKeys,
      })),
    );
  await files.resume();

  const generation = new Generation({
    store,
    clock,
    log,
    model: seam('model', options.model ?? new BuiltinModel()),
    promptFilter: seam('promptFilter', TRIGGER_PHRASE_FILTER),
    answerFilter: seam('answerFilter', TRIGGER_PHRASE_FILTER),
    thresholds: seam('thresholds', resolveThresholds),
    decoder: seam('decoder', createDecoder),
    streamChunkTokens: Math.max(1, seed.limits.streamChunkTokens),
    streamChunkDelayMs: seed.limits.streamChunkDelayMs,
  });
  const uploads = new Uploads({
    store,
    blobs,
    files,
    clock,
    baseUrl: (req) => publicBase.of(req),
    limits: {
      sessionLifetimeMs: seed.limits.uploadSessionHours * 3600_000,
      projectStorageBytes: seed.limits.projectStorageBytes,
    },
  });
  await uploads.sweepSessions();
  const caches = new Caches({
    store,
    clock,
    minCacheTokens: seed.limits.minCacheTokens,
    checkContents: async (project, contents, modelName) => {
      // The same part checks as generation (file references must be ACTIVE files of the project).
      await generation.prepare(project, modelName, {
        contents: (contents.length ? contents : [{ role: 'user', parts: [{ text: ' ' }] }]) as never,
      });
    },
  });
  const bursts = ctx.postgres ? new PostgresBursts(ctx.postgres) : new MemoryBursts();
  const auth = new Authenticator(store, clock, seed.limits.rateLimitGapMs, bursts);
  const project = (input: { request: http.IncomingMessage }) => auth.projectOf(input.request);

  const handlers: GenerativeHandlers = {
    generateContent: async (input) => ({
      body: await generation.generate(project(input), modelName(input.path), input.body),
    }),
    streamGenerateContent: async (input) => {
      const events = await generation.stream(project(input), modelName(input.path), input.body);
      if (input.query.alt === 'sse') return { sse: events };
      // Without alt=sse the public service answers the same events as one JSON array.
      const all = [];
      for await (const event of events) all.push(event);
      return { body: all };
    },
    uploadFile: async (input) => uploads.handle(project(input), input.credentials.apiKey ?? '', input),
    createFile: async (input) => ({
      body: { file: await uploads.createEmpty(project(input), input.body.file, input.request) },
    }),
    getFile: async (input) => ({
      body: files.body(await files.get(project(input), input.path.file), publicBase.of(input.request)),
    }),
    listFiles: async (input) => ({
      body: await files.list(project(input), input.query.pageSize, input.query.pageToken, publicBase.of(input.request)),
    }),
    deleteFile: async (input) => {
      await files.remove(project(input), input.path.file);
      return { body: {} };
    },
    createCachedContent: async (input) => ({ body: await caches.create(project(input), input.body) }),
    getCachedContent: async (input) => ({
      body: caches.body(await caches.find(project(input), input.path.cachedContent)),
    }),
    listCachedContents: async (input) => ({
      body: await caches.list(project(input), input.query.pageSize, input.query.pageToken),
    }),
    updateCachedContent: async (input) => ({
      body: await caches.update(project(input), input.path.cachedContent, input.query.updateMask, input.body),
    }),
    deleteCachedContent: async (input) => {
      await caches.remove(project(input), input.path.cachedContent);
      return { body: {} };
    },
  };

  const router = createGenerativeServer(handlers, {
    authenticate: auth.authenticate,
    missingCredentials: () => missingKey(),
    validateResponses: true,
    // The service documents no negotiation: its answers go out whatever Accept says, as before negotiation existed.
    notAcceptable: 'disregard',
    maxMediaBytes: seed.limits.maxRequestMediaBytes,
    uploadDir: blobs.spoolDir,
    onError: (error) => ctx.logger.error({ service: 'generative', err: error }, 'request failed'),
  });

  // The session URL of a resumable upload is used as the public service returns it: the session id authorizes
  // the chunks (no key needed), and a chunk is raw bytes whatever Content-Type a client sends with it.
  const listener: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const uploadId = url.pathname === '/upload/v1beta/files' ? url.searchParams.get('upload_id') : null;
    if (uploadId === null) return inDocumentedForm(req, res, router);
    req.headers['content-type'] = 'application/octet-stream';
    const command = req.headers['x-goog-upload-command'];
    if (typeof command === 'string')
      req.headers['x-goog-upload-command'] = command
        .split(',')
        .map((c) => c.trim())
        .join(', ');
    // An id no store could hold names no session: the router answers it (its key, or the missing key) unlooked-up.
    if (req.headers['x-goog-api-key'] || url.searchParams.get('key') || !isStorableText(uploadId))
      return router(req, res);
    store.session(uploadId).then(
      (session) => {
        if (session) req.headers['x-goog-api-key'] = session.apiKey;
        router(req, res);
      },
      () => router(req, res),
    );
  };

  const sweeper = setInterval(() => {
    files.sweep().catch((error) => log('file sweep failed', { error: String(error) }));
    uploads.sweepSessions().catch((error) => log('upload session sweep failed', { error: String(error) }));
    store.deleteExpiredCaches(clock()).catch(() => undefined);
    if (ctx.postgres) sweepTemporaries().catch((error) => log('temporary file sweep failed', { error: String(error) }));
  }, SWEEP_MS);
  sweeper.unref();

  return {
    listener,
    clientError: router.clientError,
    bound(address) {
      publicBase.bind(address);
    },
    close() {
      clearInterval(sweeper);
      files.close();
    },
  };
}
