// Values that parse but cannot be held: refused with the service's documented error before anything is stored,
// and a stored record outside the range (a row from an older store) still renders, so its list answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';
import { startGenerative, type StartedGenerative } from './generative-support.js';

const KEY = { 'x-goog-api-key': 'test-api-key', 'content-type': 'application/json' };
const started: StartedGenerative[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

const cacheBody = (extra: Record<string, unknown>) =>
  JSON.stringify({
    model: 'models/text-model-1',
    contents: [{ role: 'user', parts: [{ text: 'word '.repeat(400) }] }],
    ...extra,
  });

async function listCaches(baseUrl: string) {
  const r = await fetch(`${baseUrl}/v1beta/cachedContents?pageSize=1000`, { headers: KEY });
  return { status: r.status, body: (await r.json()) as { cachedContents?: Array<{ name: string }> } };
}

describe('generative cached contents: expirations out of range', () => {
  it.each([
    ['a ttl past the Duration range', { ttl: '99999999999999999999999s' }],
    ['a ttl within the Duration range but past year 9999', { ttl: '315576000000s' }],
    ['an expireTime before year 1', { expireTime: '0000-12-31T00:00:00Z' }],
  ])('refuses %s with INVALID_ARGUMENT and stores nothing', async (_label, extra) => {
    const s = await startGenerative();
    started.push(s);
    const before = await listCaches(s.baseUrl);
    const r = await fetch(`${s.baseUrl}/v1beta/cachedContents`, {
      method: 'POST',
      headers: KEY,
      body: cacheBody(extra),
    });
    const body = (await r.json()) as { error: { status: string } };
    expect(r.status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    const after = await listCaches(s.baseUrl);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
  });

  it('refuses an update to a ttl past the range and keeps the old expiration', async () => {
    const s = await startGenerative();
    started.push(s);
    const created = await fetch(`${s.baseUrl}/v1beta/cachedContents`, {
      method: 'POST',
      headers: KEY,
      body: cacheBody({ ttl: '600s' }),
    });
    expect(created.status).toBe(200);
    const cache = (await created.json()) as { name: string; expireTime: string };
    const r = await fetch(`${s.baseUrl}/v1beta/${cache.name}?updateMask=ttl`, {
      method: 'PATCH',
      headers: KEY,
      body: JSON.stringify({ ttl: '8640000000001s' }),
    });
    expect(r.status).toBe(400);
    const read = await fetch(`${s.baseUrl}/v1beta/${cache.name}`, { headers: KEY });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { expireTime: string }).expireTime).toBe(cache.expireTime);
    expect((await listCaches(s.baseUrl)).status).toBe(200);
  });

  it('lists (and deletes) a stored cache whose expiration lies past the range', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-range-'));
    try {
      const first = await startGenerative({ dataDir });
      const created = await fetch(`${first.baseUrl}/v1beta/cachedContents`, {
        method: 'POST',
        headers: KEY,
        body: cacheBody({ ttl: '600s' }),
      });
      const { name } = (await created.json()) as { name: string };
      await first.stop();
      // What an older store kept for a ttl of 99999999999999999999999s.
      const db = new Database(path.join(dataDir, 'generative.sqlite'));
      db.prepare('UPDATE cached_contents SET expire_time = ?').run(1e26);
      db.close();
      const second = await startGenerative({ dataDir });
      started.push(second);
      const list = await listCaches(second.baseUrl);
      expect(list.status).toBe(200);
      expect(list.body.cachedContents?.map((c) => c.name)).toContain(name);
      const removed = await fetch(`${second.baseUrl}/v1beta/${name}`, { method: 'DELETE', headers: KEY });
      expect(removed.status).toBe(200);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('generative: a response schema whose smallest value outgrows any answer', () => {
  it('refuses minItems of a hundred million with INVALID_ARGUMENT', async () => {
    const s = await startGenerative();
    started.push(s);
    const r = await fetch(`${s.baseUrl}/v1beta/models/text-model-1:generateContent`, {
      method: 'POST',
      headers: KEY,
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'list' }] }],
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: { type: 'ARRAY', minItems: '100000000', items: { type: 'STRING' } },
        },
      }),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
  });
});

describe('ad creative: 64-bit parameters past what the service holds exactly', () => {
  let session: ReferenceSession;
  let base = '';
  beforeAll(async () => {
    session = await startReference(['ad-creative']);
    base = session.endpoints['ad-creative']!.baseUrl;
  }, 60_000);
  afterAll(() => session?.stop());

  it.each([
    ['previews?ad_format=DESKTOP_FEED_STANDARD&width=1e20', 'width'],
    ['previews?ad_format=DESKTOP_FEED_STANDARD&height=9223372036854775807', 'height'],
    ['?fields=thumbnail_url&thumbnail_width=100000000000000000000', 'thumbnail_width'],
  ])('refuses %s with the Graph invalid-parameter error', async (query, field) => {
    const path = query.startsWith('?') ? query : `/${query}`;
    const r = await fetch(`${base}/v20.0/120330000008134415${path}`, {
      headers: { authorization: 'Bearer test-token-admin' },
    });
    const body = (await r.json()) as { error: { code: number; type: string; message: string } };
    expect(r.status).toBe(400);
    expect(body.error.type).toBe('OAuthException');
    expect(body.error.code).toBe(100);
    expect(body.error.message).toContain(field);
  });
});
