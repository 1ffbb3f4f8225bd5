import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore, STALE_TEMPORARY_MS } from '../../reference/generative/blobs.js';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-blobs-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A file the router spooled, as a MediaPart shows it to a handler. */
function spooled(file: string, bytes: Buffer) {
  fs.writeFileSync(file, bytes);
  return { path: file, stream: () => fs.createReadStream(file) };
}

describe('BlobStore', () => {
  it('stores a spooled upload by linking it (its bytes are not written a second time), with their hash', async () => {
    const blobs = new BlobStore(root);
    const bytes = Buffer.from('spooled upload bytes '.repeat(5000));
    const spool = path.join(blobs.spoolDir, 'part-1');
    const { key, sha256 } = await blobs.put(spooled(spool, bytes));

    expect(sha256).toBe(createHash('sha256').update(bytes).digest('base64'));
    expect(fs.statSync(blobs.pathOf(key)).ino).toBe(fs.statSync(spool).ino);
    // The router removes its spool name after the answer: the stored file keeps the bytes.
    fs.rmSync(spool);
    expect(fs.readFileSync(blobs.pathOf(key)).equals(bytes)).toBe(true);
    expect(fs.readdirSync(path.join(root, 'files'))).toEqual([key]);
  });

  it('copies bytes given in memory', async () => {
    const blobs = new BlobStore(root);
    const bytes = Buffer.from('in memory');
    const { key, sha256 } = await blobs.put(new Uint8Array(bytes));
    expect(fs.readFileSync(blobs.pathOf(key)).equals(bytes)).toBe(true);
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('base64'));
  });

  it('sweeps every temporary file of a folder it owns alone, and only stale ones of a shared folder', async () => {
    const blobs = new BlobStore(root);
    const now = Date.now();
    const plant = (dir: string, name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'x');
      const at = new Date(now - ageMs);
      fs.utimesSync(file, at, at);
    };
    const filesDir = path.join(root, 'files');
    const plantAll = () => {
      plant(blobs.spoolDir, 'killed-upload', STALE_TEMPORARY_MS + 60_000);
      plant(blobs.spoolDir, 'live-upload', 1_000);
      plant(filesDir, '.tmp-killed', STALE_TEMPORARY_MS + 60_000);
      plant(filesDir, '.tmp-live', 1_000);
      plant(filesDir, 'stored', STALE_TEMPORARY_MS + 60_000);
    };

    plantAll();
    await blobs.sweepTemporaries({ shared: true, now });
    expect(fs.readdirSync(blobs.spoolDir)).toEqual(['live-upload']);
    expect(fs.readdirSync(filesDir).sort()).toEqual(['.tmp-live', 'stored']);

    plantAll();
    await blobs.sweepTemporaries({ shared: false, now });
    expect(fs.readdirSync(blobs.spoolDir)).toEqual([]);
    expect(fs.readdirSync(filesDir)).toEqual(['stored']);
  });
});
