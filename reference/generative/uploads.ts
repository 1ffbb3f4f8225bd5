// The media upload protocols of uploadFile (public-service-notes 3.3):
// - multipart: one multipart/related request, metadata part then media part;
// - raw (or no protocol header): the body is the media;
// - resumable: `start` (JSON metadata; size and type in X-Goog-Upload-Header-*) answers the session URL in
//   x-goog-upload-url; then `upload` chunks at X-Goog-Upload-Offset (the bytes received so far), the last with
//   `upload, finalize` (or a bare `finalize`); `query` answers x-goog-upload-size-received; `cancel` ends it.
// And createFile, the metadata-only create: a file without bytes.
import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { MediaPart, UploadFileInput, UploadFileReply } from '../../generated/generative/server.js';
import type { components } from '../../generated/generative/types.js';
import type { BlobSource, BlobStore } from './blobs.js';
import { isServiceError } from '../../generated/generative/runtime/server/index.js';
import { invalid, notFound, resourceExhausted } from './errors.js';
import type { Files } from './files.js';
import type { GenerativeStore, ProjectRecord, UploadSessionRecord } from './store.js';

type Schemas = components['schemas'];

export interface UploadDeps {
  store: GenerativeStore;
  blobs: BlobStore;
  files: Files;
  clock: () => number;
  /** The base URL of a request's answer (session URLs and file URIs: foundation/public-base.ts). */
  baseUrl: (req: http.IncomingMessage) => string;
  limits: UploadLimits;
}

export interface UploadLimits {
  /** How long a resumable session stays open after its start. */
  sessionLifetimeMs: number;
  /** Bytes a project may hold in files and open sessions. */
  projectStorageBytes: number;
}

/** The body when the request is raw media (application/octet-stream, or a media type under the spec's range). */
function mediaOf(input: UploadFileInput): MediaPart | undefined {
  return input.contentType === 'application/octet-stream' || input.contentType === '*/*' ? input.body : undefined;
}

/** What a request brings to store: its bytes' source (a spooled file, streamed; or small bytes) and their count. */
interface Upload {
  source: BlobSource;
  size: number;
}

function fromMedia(media: MediaPart): Upload {
  return { source: media, size: media.size };
}

/** A body that is not media (a JSON body sent as the upload) is stored as its JSON text. */
function fromBody(body: unknown): Upload {
  const bytes = body === undefined ? new Uint8Array(0) : new TextEncoder().encode(JSON.stringify(body));
  return { source: bytes, size: bytes.byteLength };
}

/** A byte count or offset header: decimal digits only (`0x0c`, `1e3` or ` 12` are no offset); null otherwise. */
function byteCount(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/** The commands of X-Goog-Upload-Command ("upload, finalize", "upload,finalize", ...). */
export function uploadCommands(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
}

export class Uploads {
  constructor(private readonly deps: UploadDeps) {}

  async handle(project: ProjectRecord, apiKey: string, input: UploadFileInput): Promise<UploadFileReply> {
    const h = input.headers;
    const base = this.deps.baseUrl(input.request);
    const commands = uploadCommands(h['x-goog-upload-command']);
    const uploadId = typeof input.query.upload_id === 'string' ? input.query.upload_id : undefined;
    if (uploadId !== undefined) return this.step(project, uploadId, commands, input, base);
    const protocol = (h['x-goog-upload-protocol'] ?? '').toLowerCase();
    if (protocol === 'resumable') return this.start(project, apiKey, commands, input, base);
    if (commands.length)
      throw invalid(
        'X-Goog-Upload-Command belongs to the resumable protocol (X-Goog-Upload-Protocol: resumable).',
        'X-Goog-Upload-Command',
      );
    if (protocol === 'multipart' || (input.contentType ?? '').toLowerCase().startsWith('multipart/related')) {
      const related = input.contentType === 'multipart/related' ? input.body : undefined;
      if (!related?.media) throw invalid('A multipart upload holds a JSON metadata part and a media part.', 'body');
      const meta = related.metadata.file;
      return {
        body: { file: await this.store(project, meta, related.media.contentType, fromMedia(related.media), base) },
      };
    }
    const media = mediaOf(input);
    const upload = media ? fromMedia(media) : fromBody(input.body);
    const type = media?.contentType ?? input.contentType ?? 'application/octet-stream';
    return { body: { file: await this.store(project, undefined, type, upload, base) } };
  }

  private async store(
    project: ProjectRecord,
    meta: Schemas['File'] | undefined,
    mimeType: string,
    upload: Upload,
    base: string,
  ) {
    this.deps.files.checkMetadata(meta);
    this.deps.files.checkSize(upload.size);
    await this.checkQuota(project, upload.size);
    const blob = await this.deps.blobs.put(upload.source);
    const file = await this.deps.files.create(project, meta, mimeType, blob, upload.size);
    return this.deps.files.body(file, base);
  }

  private async start(
    project: ProjectRecord,
    apiKey: string,
    commands: string[],
    input: UploadFileInput,
    base: string,
  ): Promise<UploadFileReply> {
    if (commands.join(',') !== 'start')
      throw invalid('A resumable upload starts with X-Goog-Upload-Command: start.', 'X-Goog-Upload-Command');
    // Only the JSON branch carries metadata here (a multipart/related body is no resumable start).
    const meta = input.contentType === 'application/json' ? input.body.file : undefined;
    this.deps.files.checkMetadata(meta);
    const declared = input.headers['x-goog-upload-header-content-length'];
    const declaredSize = declared === undefined ? undefined : byteCount(declared);
    if (declaredSize === null)
      throw invalid(
        `X-Goog-Upload-Header-Content-Length ${declared} is not a byte count (decimal digits).`,
        'X-Goog-Upload-Header-Content-Length',
      );
    if (declaredSize !== undefined) this.deps.files.checkSize(declaredSize);
    await this.checkQuota(project, declaredSize ?? 0);
    const session: UploadSessionRecord = {
      id: randomBytes(16).toString('base64url'),
      project: project.id,
      apiKey,
      received: 0,
      createTime: this.deps.clock(),
      mimeType: input.headers['x-goog-upload-header-content-type'] ?? meta?.mimeType ?? 'application/octet-stream',
    };
    if (meta) session.metadata = meta;
    if (declaredSize !== undefined) session.declaredSize = declaredSize;
    await this.deps.store.insertSession(session);
    // As the public service: the same path with the session id; the session id alone authorizes the chunks.
    const url = `${base}/upload/v1beta/files?upload_id=${session.id}&upload_protocol=resumable`;
    return {
      headers: { 'x-goog-upload-url': url, 'x-goog-upload-status': 'active', 'x-goog-upload-control-url': url },
      body: {},
    };
  }

  private async step(
    project: ProjectRecord,
    uploadId: string,
    commands: string[],
    input: UploadFileInput,
    base: string,
  ): Promise<UploadFileReply> {
    const session = await this.deps.store.session(uploadId);
    if (!session || session.project !== project.id) throw notFound(`No upload session ${uploadId}.`);
    if (session.createTime + this.deps.limits.sessionLifetimeMs <= this.deps.clock()) {
      await this.expireSession(uploadId);
      throw notFound(`No upload session ${uploadId} (it expired).`);
    }
    if (!commands.length)
      throw invalid('X-Goog-Upload-Command is required on an upload session.', 'X-Goog-Upload-Command');
    const known = ['upload', 'finalize', 'query', 'cancel'];
    const unknown = commands.filter((c) => !known.includes(c));
    if (unknown.length) throw invalid(`Unknown upload command ${unknown.join(', ')}.`, 'X-Goog-Upload-Command');
    const status = (state: string, received: number) => ({
      'x-goog-upload-status': state,
      'x-goog-upload-size-received': String(received),
    });
    if (commands.includes('cancel')) {
      await this.deps.store.deleteSession(uploadId);
      await this.deps.blobs.dropSession(uploadId);
      return { headers: { 'x-goog-upload-status': 'cancelled' }, body: {} };
    }
    if (commands.includes('query')) return { headers: status('active', session.received), body: {} };
    let received = session.received;
    if (commands.includes('upload')) {
      const offsetHeader = input.headers['x-goog-upload-offset'];
      const offset = offsetHeader === undefined ? null : byteCount(offsetHeader);
      if (offsetHeader === undefined || offset !== session.received) {
        throw invalid(
          `X-Goog-Upload-Offset ${offsetHeader ?? '(none)'} does not match the ${session.received} bytes received.`,
          'X-Goog-Upload-Offset',
        );
      }
      const media = mediaOf(input);
      const chunk = media ? fromMedia(media) : fromBody(input.body);
      const limit = session.declaredSize ?? Number.MAX_SAFE_INTEGER;
      if (received + chunk.size > limit)
        throw invalid(`The chunk goes past the declared size of ${limit} bytes.`, 'X-Goog-Upload-Offset');
      this.deps.files.checkSize(received + chunk.size);
      // A declared size was counted at the start; a session without one grows the project's bytes chunk by chunk.
      if (session.declaredSize === undefined) await this.checkQuota(project, chunk.size);
      await this.deps.blobs.appendChunk(uploadId, received, chunk.source);
      received += chunk.size;
      await this.deps.store.setReceived(uploadId, received);
    }
    if (!commands.includes('finalize')) return { headers: status('active', received), body: {} };
    if (session.declaredSize !== undefined && received !== session.declaredSize) {
      throw invalid(
        `Received ${received} bytes; ${session.declaredSize} were declared.`,
        'X-Goog-Upload-Header-Content-Length',
      );
    }
    // The session and its bytes go only once the file is stored: a finalize that fails leaves the upload to resume,
    // unless the service refused it for good (a 4xx: the name is taken): then no resume can succeed, and it ends.
    const blob = await this.deps.blobs.finishSession(uploadId, received);
    let file: Awaited<ReturnType<Files['create']>>;
    try {
      file = await this.deps.files.create(project, session.metadata, session.mimeType, blob, received);
    } catch (error) {
      if (isServiceError(error) && error.httpStatus < 500) await this.expireSession(uploadId);
      throw error;
    }
    await this.deps.store.deleteSession(uploadId);
    await this.deps.blobs.dropSession(uploadId);
    return { headers: status('final', received), body: { file: this.deps.files.body(file, base) } };
  }

  /** Refuses bytes past the project's storage quota (files plus open sessions), before anything is written. */
  private async checkQuota(project: ProjectRecord, adding: number): Promise<void> {
    const held = await this.deps.store.projectBytes(project.id);
    const quota = this.deps.limits.projectStorageBytes;
    if (held + adding > quota)
      throw resourceExhausted(
        `Storage quota exceeded: the project holds ${held} bytes of ${quota}; ${adding} more do not fit. Delete files or wait for them to expire.`,
      );
  }

  private async expireSession(id: string): Promise<void> {
    await this.deps.store.deleteSession(id);
    await this.deps.blobs.dropSession(id);
  }

  /** Ends every session open longer than the session lifetime (its partial bytes removed). */
  async sweepSessions(): Promise<void> {
    for (const id of await this.deps.store.sessionsStartedBefore(
      this.deps.clock() - this.deps.limits.sessionLifetimeMs,
    ))
      await this.expireSession(id);
  }

  /** createFile: a file from metadata only, without bytes (its mimeType, if given, is kept). */
  async createEmpty(
    project: ProjectRecord,
    meta: Schemas['File'] | undefined,
    req: http.IncomingMessage,
  ): Promise<Schemas['File']> {
    const base = this.deps.baseUrl(req);
    return this.store(project, meta, meta?.mimeType ?? 'application/octet-stream', fromBody(undefined), base);
  }
}
