// Upload sessions expire (one week after their start, seed limits.uploadSessionHours) and a project's files and
// open sessions share a storage quota (seed limits.projectStorageBytes, 20 GiB by default): past either, the
// service answers its documented errors (404 NOT_FOUND for the session, 429 RESOURCE_EXHAUSTED) and stores nothing.
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSeed, startGenerative, type StartedGenerative } from './generative-support.js';

const KEY = { 'x-goog-api-key': 'test-api-key' };
const started: StartedGenerative[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

async function startSession(s: StartedGenerative, size: number) {
  return fetch(`${s.baseUrl}/upload/v1beta/files`, {
    method: 'POST',
    headers: {
      ...KEY,
      'content-type': 'application/json',
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
    },
    body: '{}',
  });
}

const sessionFiles = (s: StartedGenerative) => fs.readdirSync(path.join(s.dataDir, 'sessions'));

describe('upload sessions expire', () => {
  it('a chunk sent after the session lifetime is NOT_FOUND and the partial bytes are removed', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const s = await startGenerative({ clock: () => now });
    started.push(s);
    const url = (await startSession(s, 20)).headers.get('x-goog-upload-url')!;
    const first = await fetch(url, {
      method: 'POST',
      headers: { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '0' },
      body: '0123456789',
    });
    expect(first.status).toBe(200);
    expect(sessionFiles(s)).toHaveLength(1);
    now += 7 * 24 * 3600_000;
    const late = await fetch(url, {
      method: 'POST',
      headers: { 'x-goog-upload-command': 'upload, finalize', 'x-goog-upload-offset': '10' },
      body: '0123456789',
    });
    expect(late.status).toBe(404);
    expect(((await late.json()) as { error: { status: string } }).error.status).toBe('NOT_FOUND');
    expect(sessionFiles(s)).toHaveLength(0);
  });
});

describe('the project storage quota', () => {
  it('counts declared sessions and files; past it RESOURCE_EXHAUSTED, nothing stored', async () => {
    const seed = defaultSeed();
    (seed.limits as Record<string, number>) = { ...(seed.limits as object), projectStorageBytes: 1000 } as never;
    const s = await startGenerative({ seed });
    started.push(s);
    const list = async () =>
      (((await (await fetch(`${s.baseUrl}/v1beta/files?pageSize=100`, { headers: KEY })).json()) as any).files ?? [])
        .length as number;
    const filesBefore = await list();
    expect((await startSession(s, 600)).status).toBe(200);
    const second = await startSession(s, 600);
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: { status: string } }).error.status).toBe('RESOURCE_EXHAUSTED');
    const raw = await fetch(`${s.baseUrl}/upload/v1beta/files`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(500, 1),
    });
    expect(raw.status).toBe(429);
    expect(await list()).toBe(filesBefore);
    const small = await fetch(`${s.baseUrl}/upload/v1beta/files`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(100, 1),
    });
    expect(small.status).toBe(200);
  });
});

describe('uploads spooled under the data dir', () => {
  it('are streamed to disk there while the request lasts, then removed; what a killed process spooled is swept at start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-spool-'));
    try {
      const spool = path.join(dataDir, 'uploads');
      // What a process killed mid-upload leaves behind.
      fs.mkdirSync(spool, { recursive: true });
      fs.writeFileSync(path.join(spool, 'upload-left-by-a-crash'), Buffer.alloc(1000));
      const s = await startGenerative({ dataDir });
      started.push(s);
      expect(fs.readdirSync(spool)).toEqual([]);
      const bytes = Buffer.alloc(3 * 1024 * 1024, 9);
      const watcher = fs.watch(spool);
      const seen = new Set<string>();
      watcher.on('change', (_event, name) => seen.add(String(name)));
      try {
        const answer = await fetch(`${s.baseUrl}/upload/v1beta/files`, {
          method: 'POST',
          headers: { ...KEY, 'content-type': 'application/octet-stream' },
          body: bytes,
        });
        expect(answer.status).toBe(200);
        const file = ((await answer.json()) as { file: { sizeBytes: string } }).file;
        expect(file.sizeBytes).toBe(String(bytes.length));
        // Removed once the request is over: wait on the folder's events, never a timer.
        while (fs.readdirSync(spool).length > 0) await once(watcher, 'change');
      } finally {
        watcher.close();
      }
      expect([...seen].some((name) => name.startsWith('upload-'))).toBe(true);
    } finally {
      for (const s of started.splice(0)) await s.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
