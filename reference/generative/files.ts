// Files: creation from bytes (any upload protocol ends here), names given or generated, the answer's fields,
// the processing of videos (PROCESSING, then ACTIVE with videoDuration or FAILED with error) and expiry
// (expirationTime = createTime + the file lifetime, 48 hours by default; an expired file is removed).
import type { components } from '../../generated/generative/types.js';
import type { BlobStore } from './blobs.js';
import { fileNotAccessible, invalid } from './errors.js';
import { isVideo, processVideo } from './media/video.js';
import { decodePageToken, encodePageToken, pageSizeOf } from './pagination.js';
import type { ProcessingClock } from './processing-clock.js';
import type { FileRecord, GenerativeStore, ProjectRecord } from './store.js';
import { rfc3339 } from './time.js';
import { characterCount } from '../foundation/characters.js';

type Schemas = components['schemas'];
type FileBody = Schemas['File'];

export interface FileLimits {
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** How long a file lives after its creation. */
  fileLifetimeMs: number;
  /** How long processing of a video takes (the file stays PROCESSING that long). */
  videoProcessingMs: number;
}

export interface FileDeps {
  store: GenerativeStore;
  blobs: BlobStore;
  clock: () => number;
  /** When a video's processing runs (its due time: videoProcessingMs after the file's creation). */
  processingClock: ProcessingClock;
  /** Names a file created without one (unique with overwhelming likelihood; a taken name is tried again). */
  fileId: () => string;
  limits: FileLimits;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

const ID = /^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/;

export class Files {
  /** The cancellations of the processings scheduled and not yet run. */
  private readonly pending = new Set<() => void>();

  constructor(private readonly deps: FileDeps) {}

  /** A file as the API shows it, its uri under `base` (the answer's public base: foundation/public-base.ts). */
  body(file: FileRecord, base: string): FileBody {
    const out: FileBody = {
      name: `files/${file.id}`,
      ...(file.displayName !== undefined ? { displayName: file.displayName } : {}),
      mimeType: file.mimeType,
      sizeBytes: String(file.sizeBytes),
      createTime: rfc3339(file.createTime),
      updateTime: rfc3339(file.updateTime),
      expirationTime: rfc3339(file.expireTime),
      sha256Hash: file.sha256,
      uri: `${base}/v1beta/files/${file.id}`,
      state: file.state,
    };
    if (file.error) out.error = file.error;
    if (file.videoDuration) out.videoMetadata = { videoDuration: file.videoDuration };
    return out;
  }

  private nameOf(meta: FileBody | undefined): string | undefined {
    const name = meta?.name;
    if (name === undefined || name === '') return undefined;
    const id = name.replace(/^files\//, '');
    if (!name.startsWith('files/') || !ID.test(id)) {
      throw invalid(
        `Invalid file name ${JSON.stringify(name)}: files/<id>, at most 40 lowercase letters, digits or dashes, not starting or ending with a dash.`,
        'file.name',
      );
    }
    return id;
  }

  /** Checks the metadata before any byte is stored (so a refused upload stores nothing). */
  checkMetadata(meta: FileBody | undefined): void {
    this.nameOf(meta);
    if (meta?.displayName !== undefined && characterCount(meta.displayName) > 512) {
      throw invalid('display_name has at most 512 characters.', 'file.display_name');
    }
  }

  checkSize(size: number): void {
    if (size > this.deps.limits.maxFileBytes) {
      throw invalid(
        `The file is ${size} bytes; the largest file this service takes is ${this.deps.limits.maxFileBytes} bytes.`,
        'file.size_bytes',
      );
    }
  }

  /** Stores a file from stored bytes (blob key and hash); removes the blob again when the file is refused. */
  async create(
    project: ProjectRecord,
    meta: FileBody | undefined,
    mimeType: string,
    blob: { key: string; sha256: string },
    size: number,
  ): Promise<FileRecord> {
    try {
      this.checkMetadata(meta);
      const now = this.deps.clock();
      const given = this.nameOf(meta);
      const type = (mimeType.split(';')[0] ?? '').trim().toLowerCase() || 'application/octet-stream';
      const video = isVideo(type);
      for (let attempt = 0; attempt < 5; attempt++) {
        const record: Omit<FileRecord, 'seq'> = {
          project: project.id,
          id: given ?? this.deps.fileId(),
          mimeType: type,
          sizeBytes: size,
          sha256: blob.sha256,
          createTime: now,
          updateTime: now,
          expireTime: now + this.deps.limits.fileLifetimeMs,
          state: video ? 'PROCESSING' : 'ACTIVE',
          blob: blob.key,
        };
        if (meta?.displayName !== undefined) record.displayName = meta.displayName;
        if (await this.deps.store.insertFile(record)) {
          const stored = (await this.deps.store.file(project.id, record.id))!;
          if (stored.state === 'PROCESSING') this.schedule(stored);
          return stored;
        }
        if (given) throw statusAlreadyExists(given);
      }
      throw new Error('could not generate a unique file name');
    } catch (error) {
      await this.deps.blobs.remove(blob.key);
      throw error;
    }
  }

  /** Starts processing a PROCESSING video when the processing clock says it is due (videoProcessingMs after its creation). */
  schedule(file: FileRecord): void {
    const wait = Math.max(0, file.createTime + this.deps.limits.videoProcessingMs - this.deps.clock());
    let ran = false;
    let cancel: (() => void) | undefined;
    cancel = this.deps.processingClock(file, wait, () => {
      // A clock that calls more than once (a test's and a timer's) processes the file once.
      if (ran) return;
      ran = true;
      if (cancel) this.pending.delete(cancel);
      this.process(file).catch((error) =>
        this.deps.log('video processing crashed', { file: file.id, error: String(error) }),
      );
    });
    if (!ran) this.pending.add(cancel);
  }

  private async process(file: FileRecord): Promise<void> {
    const current = await this.deps.store.file(file.project, file.id);
    if (!current || current.blob !== file.blob || current.state !== 'PROCESSING') return;
    const stored = this.deps.blobs.pathOf(file.blob);
    let result: Awaited<ReturnType<typeof processVideo>>;
    try {
      result = await processVideo(file.mimeType, stored);
    } catch (error) {
      // A reader that broke in a way it does not map to "not playable" must not leave the file PROCESSING forever.
      this.deps.log('video processing crashed', { file: file.id, error: String(error) });
      result = { ok: false, error: { code: 13, message: 'Video processing failed: the file could not be read.' } };
    }
    const updateTime = Math.max(this.deps.clock(), file.createTime + 1);
    if (result.ok) {
      const videoDuration = result.videoDuration;
      await this.deps.store.updateFile(file.project, file.id, { state: 'ACTIVE', videoDuration, updateTime });
    } else {
      await this.deps.store.updateFile(file.project, file.id, { state: 'FAILED', error: result.error, updateTime });
    }
    this.deps.log('video processed', { file: file.id, ok: result.ok });
  }

  async get(project: ProjectRecord, id: string): Promise<FileRecord> {
    const file = await this.deps.store.file(project.id, id);
    if (!file || file.expireTime <= this.deps.clock()) {
      if (file) await this.expire(file);
      // As the public service: a missing, deleted, expired or foreign file is one answer.
      throw fileNotAccessible(id);
    }
    return file;
  }

  async list(
    project: ProjectRecord,
    pageSize: unknown,
    pageToken: string | undefined,
    base: string,
  ): Promise<{ files: FileBody[]; nextPageToken?: string }> {
    await this.sweep();
    const size = pageSizeOf(pageSize, 10, 100);
    const after = decodePageToken('files', pageToken);
    const page = await this.deps.store.files(project.id, after, size);
    const next = page.nextAfter;
    return {
      files: page.items.map((f) => this.body(f, base)),
      ...(next !== undefined ? { nextPageToken: encodePageToken('files', next) } : {}),
    };
  }

  async remove(project: ProjectRecord, id: string): Promise<void> {
    const file = await this.get(project, id);
    await this.deps.store.deleteFile(project.id, file.id);
    await this.deps.blobs.remove(file.blob);
  }

  private async expire(file: FileRecord): Promise<void> {
    await this.deps.store.deleteFile(file.project, file.id);
    await this.deps.blobs.remove(file.blob);
  }

  /** Removes every expired file. */
  async sweep(): Promise<void> {
    for (const file of await this.deps.store.expiredFiles(this.deps.clock())) await this.expire(file);
  }

  /** After a restart: videos still PROCESSING are processed. */
  async resume(): Promise<void> {
    for (const file of await this.deps.store.filesInState('PROCESSING')) this.schedule(file);
  }

  close(): void {
    for (const cancel of this.pending) cancel();
    this.pending.clear();
  }
}

function statusAlreadyExists(id: string) {
  return invalid(`A file named files/${id} already exists.`, 'file.name');
}
