// File bytes on disk, under the service's data dir (files/, sessions/, and uploads/: where the generated router
// spools a request's media while it lasts). A finished file is written to a temporary name, flushed and
// renamed into files/, so a reader never sees a partial file; its row is stored only after the rename.
// A resumable session appends its chunks to sessions/<id>.part at the offset the store has confirmed, so a
// chunk cut off mid-way (or a crash while writing it) leaves the session resumable at the last confirmed
// offset, never a file with wrong bytes.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * Bytes to store: in memory (small: a JSON body, nothing) or a file the router spooled (read as a stream; with its
 * `path`, linked into files/ rather than copied, so the bytes are written to disk once).
 */
export type BlobSource = Uint8Array | { stream(): Readable; readonly path?: string };

/**
 * A temporary file older than this belongs to no live request (far past the servers' request timeout): in a folder
 * several instances share, only such files are swept, since the younger ones may be another instance's live upload.
 */
export const STALE_TEMPORARY_MS = 3_600_000;

function readerOf(source: BlobSource): Readable {
  return source instanceof Uint8Array ? Readable.from([source]) : source.stream();
}

export class BlobStore {
  private readonly filesDir: string;
  private readonly sessionsDir: string;
  /** The router's spool (RouterOptions.uploadDir): on the files' own disk, and swept with them after a crash. */
  readonly spoolDir: string;

  constructor(root: string) {
    this.filesDir = path.join(root, 'files');
    this.sessionsDir = path.join(root, 'sessions');
    this.spoolDir = path.join(root, 'uploads');
    fs.mkdirSync(this.filesDir, { recursive: true });
    fs.mkdirSync(this.sessionsDir, { recursive: true });
    fs.mkdirSync(this.spoolDir, { recursive: true });
  }

  /** Stores the bytes under a new key, streamed to disk; answers the key and the SHA-256 (base64) of the bytes. */
  async put(source: BlobSource): Promise<{ key: string; sha256: string }> {
    const key = randomBytes(12).toString('hex');
    const temp = path.join(this.filesDir, `.tmp-${key}`);
    const hash = createHash('sha256');
    const linked = !(source instanceof Uint8Array) && source.path !== undefined && (await linkTo(source.path, temp));
    const handle = await fsp.open(temp, linked ? 'r' : 'wx');
    try {
      if (linked) for await (const piece of source.stream()) hash.update(piece as Uint8Array);
      else await writeAt(handle, 0, source, hash);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    await fsp.rename(temp, path.join(this.filesDir, key));
    await syncDirectory(this.filesDir);
    return { key, sha256: hash.digest('base64') };
  }

  /** Where a stored blob lies on disk (for readers that take it in pieces). */
  pathOf(key: string): string {
    return path.join(this.filesDir, key);
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(path.join(this.filesDir, key), { force: true });
  }

  private partOf(session: string): string {
    return path.join(this.sessionsDir, `${session}.part`);
  }

  /** Writes a chunk at `offset` (the confirmed size), streamed: anything past it from an interrupted write is cut first. */
  async appendChunk(session: string, offset: number, source: BlobSource): Promise<void> {
    const created = !fs.existsSync(this.partOf(session));
    const handle = await fsp.open(this.partOf(session), created ? 'w+' : 'r+');
    try {
      await handle.truncate(offset);
      await writeAt(handle, offset, source);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (created) await syncDirectory(this.sessionsDir);
  }

  /**
   * A stored blob (hashed) of a session's first `size` bytes. The session file stays until `dropSession`: the
   * session keeps its bytes until its file is stored, so a finalize that fails can be sent again.
   */
  async finishSession(session: string, size: number): Promise<{ key: string; sha256: string }> {
    const part = this.partOf(session);
    const handle = await fsp.open(part, fs.existsSync(part) ? 'r+' : 'w+');
    try {
      await handle.truncate(size);
      await handle.sync();
    } finally {
      await handle.close();
    }
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(part)) hash.update(chunk as Buffer);
    const key = randomBytes(12).toString('hex');
    const temp = path.join(this.filesDir, `.tmp-${key}`);
    if (!(await linkTo(part, temp))) await fsp.copyFile(part, temp);
    await fsp.rename(temp, path.join(this.filesDir, key));
    await syncDirectory(this.filesDir);
    return { key, sha256: hash.digest('base64') };
  }

  async dropSession(session: string): Promise<void> {
    await fsp.rm(this.partOf(session), { force: true });
  }

  /**
   * Removes temporary files a crash left behind (never visible as files: they have no row) and the uploads a killed
   * process was receiving. With `shared` (other processes use the folder) only those older than STALE_TEMPORARY_MS
   * go, since younger ones may be another process's live upload.
   */
  async sweepTemporaries(options: { shared: boolean; now?: number }): Promise<void> {
    const cutoff = options.shared ? (options.now ?? Date.now()) - STALE_TEMPORARY_MS : Number.POSITIVE_INFINITY;
    const sweep = async (dir: string, name: string) => {
      const file = path.join(dir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < cutoff) await fsp.rm(file, { force: true });
    };
    for (const name of await fsp.readdir(this.filesDir)) if (name.startsWith('.tmp-')) await sweep(this.filesDir, name);
    for (const name of await fsp.readdir(this.spoolDir)) await sweep(this.spoolDir, name);
  }
}

/** Hard-links a spooled file to `target` (same disk: no bytes copied); false where the file system refuses. */
async function linkTo(source: string, target: string): Promise<boolean> {
  try {
    await fsp.link(source, target);
    return true;
  } catch {
    return false;
  }
}

/** Writes the source's bytes from `position` on, a piece at a time (each awaited: memory stays one piece). */
async function writeAt(
  handle: fsp.FileHandle,
  position: number,
  source: BlobSource,
  hash?: ReturnType<typeof createHash>,
): Promise<void> {
  let at = position;
  for await (const piece of readerOf(source)) {
    const bytes = piece as Uint8Array;
    hash?.update(bytes);
    let written = 0;
    while (written < bytes.byteLength) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written, at + written);
      written += bytesWritten;
    }
    at += bytes.byteLength;
  }
}

/** Flushes a directory's entries, so a rename into it survives a power loss, not only a process crash. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
