// The reference's kept answers (the router's `reuse`, given by the ad creative reads, queryReports, listGroups,
// listGroupItems, getFile and getCachedContent): an identical read is answered from the kept bytes only while its answer still holds. These tests
// check the conditions each handler's check states: any write to the service's store, a token's expiry, a
// rate limit (kept answers count against it like computed ones), a file's deletion and expiry; and that an
// answer sent again is the answer the handler computes afresh.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';
import { startReference, type ReferenceSession } from '../../reference/index.js';
import { startGenerative } from './generative-support.js';

const CREATIVE = '120330000008134415';
const ANALYTICS_AUTH = { authorization: 'Bearer test-token-all-scopes' };
const GEN_KEY = { 'x-goog-api-key': 'test-api-key' };
/** Calls the fixture ad account accepts per window in this file's seed (the default seed allows 5,000). */
const ACCOUNT_CALLS = 6;
/** Calls of one operation the fixture project accepts in a burst in this file's seed. */
const PROJECT_BURST = 4;
const SOON_EXPIRING = 'test-token-expiring';

/** The default seed with small limits and a token that expires an hour from now. */
function seedFile(dir: string): string {
  const seed = YAML.parse(fs.readFileSync(path.join(import.meta.dirname, '../../reference/seed.default.yaml'), 'utf8'));
  const account = seed['ad-creative'].adAccounts.find((a: { id: string }) => a.id === '1234567890');
  account.rateLimit = { calls: ACCOUNT_CALLS, windowSeconds: 600 };
  seed['ad-creative'].tokens.push({
    token: SOON_EXPIRING,
    user: '700000000000001',
    app: '900000000000001',
    adAccounts: ['1234567892'],
    pages: [],
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  for (const project of seed.generative.projects) project.rateLimitBurst = PROJECT_BURST;
  const file = path.join(dir, 'seed.yaml');
  fs.writeFileSync(file, YAML.stringify(seed));
  return file;
}

interface Answer {
  status: number;
  body: string;
}

async function call(base: string, target: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${target}`, init);
  return { status: res.status, body: await res.text() };
}

describe('kept answers of the reference', () => {
  let dir: string;
  let on: ReferenceSession;
  const base = (session: ReferenceSession, key: 'ad-creative' | 'analytics' | 'generative') =>
    session.endpoints[key]!.baseUrl;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-reuse-'));
    const seed = seedFile(dir);
    on = await startReference(['ad-creative', 'analytics', 'generative'], { seedFile: seed });
  });
  afterAll(async () => {
    await on?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are the answers a fresh computation gives (a creative, its list, previews, posts, reports, groups, a file, a cache)', async () => {
    const reads: Array<['ad-creative' | 'analytics' | 'generative', string, Record<string, string>]> = [
      [
        'ad-creative',
        '/v20.0/120330000009000001?fields=id,name,object_type,object_url,thumbnail_url&access_token=test-token-globex',
        {},
      ],
      [
        'ad-creative',
        '/v20.0/act_2234567890/adcreatives?fields=id,name,thumbnail_url&limit=1&summary=total_count&access_token=test-token-globex',
        {},
      ],
      [
        'ad-creative',
        '/v20.0/120330000009000001/previews?ad_format=MOBILE_FEED_STANDARD&access_token=test-token-globex',
        {},
      ],
      [
        'ad-creative',
        '/v20.0/222333444555/promotable_posts?fields=id,message,permalink_url&access_token=test-token-globex',
        {},
      ],
      [
        'analytics',
        '/v2/reports?ids=channel%3D%3DMINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views&dimensions=day,insightTrafficSourceType',
        ANALYTICS_AUTH,
      ],
      [
        'analytics',
        '/v2/reports?ids=channel%3D%3DMINE&startDate=2024-01-01&endDate=2024-02-29&metrics=views,likes&dimensions=country&sort=-views&maxResults=5',
        ANALYTICS_AUTH,
      ],
      ['analytics', '/v2/groups?mine=true', ANALYTICS_AUTH],
      ['generative', '/v1beta/files/abc-123', GEN_KEY],
      ['generative', '/v1beta/cachedContents/cache-1', GEN_KEY],
    ];
    for (const [service, target, headers] of reads) {
      const kept: Answer[] = [];
      for (let i = 0; i < 3; i++) kept.push(await call(base(on, service), target, { headers }));
      // Another header line is another request: computed by the handler again.
      const fresh = await call(base(on, service), target, { headers: { ...headers, 'x-probe': 'fresh' } });
      expect(fresh.status, target).toBe(200);
      for (const a of kept) expect(a, target).toEqual(fresh);
    }
  });

  it('of a creative hold until the creative changes, and count against the account rate limit like computed ones', async () => {
    const adc = base(on, 'ad-creative');
    const read = `/v20.0/${CREATIVE}?fields=name,status&access_token=test-token-admin`;
    const first = await call(adc, read);
    expect(JSON.parse(first.body)).toMatchObject({ name: 'Spring sale creative' });
    expect(await call(adc, read)).toEqual(first);
    const update = await call(adc, `/v20.0/${CREATIVE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Renamed+creative&access_token=test-token-admin',
    });
    expect(update.status).toBe(200);
    expect(JSON.parse((await call(adc, read)).body)).toMatchObject({ name: 'Renamed creative' });
    // Four calls counted so far (read, read, update, read): the account accepts ACCOUNT_CALLS in its window.
    for (let i = 4; i < ACCOUNT_CALLS; i++) expect((await call(adc, read)).status).toBe(200);
    const refused = await call(adc, read);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 80004, error_subcode: 2446079 });
    expect((await call(adc, read)).status).toBe(400);
  });

  it('of a creative list hold until a creative of the account is created', async () => {
    const adc = base(on, 'ad-creative');
    const list = `/v20.0/act_2234567890/adcreatives?fields=name&summary=total_count&access_token=test-token-globex`;
    const before = await call(adc, list);
    expect(await call(adc, list)).toEqual(before);
    const created = await call(adc, '/v20.0/act_2234567890/adcreatives', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Listed after',
        object_url: 'https://globex.example/new',
        title: 'Fresh deals',
        body: 'Good prices every day',
        access_token: 'test-token-globex',
      }).toString(),
    });
    expect(created.status, created.body).toBe(200);
    const after = JSON.parse((await call(adc, list)).body);
    expect(after.summary.total_count).toBe(JSON.parse(before.body).summary.total_count + 1);
    expect(after.data.map((c: { name: string }) => c.name)).toContain('Listed after');
  });

  it('of a creative end with the token that read it: an expired token is refused (190/463), not answered from the kept bytes', async () => {
    const adc = base(on, 'ad-creative');
    const created = await call(adc, '/v20.0/act_1234567892/adcreatives', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Expiry check',
        object_url: 'https://shop.example/x',
        title: 'Fresh deals',
        body: 'Good prices every day',
        access_token: SOON_EXPIRING,
      }).toString(),
    });
    expect(created.status, created.body).toBe(200);
    const read = `/v20.0/${JSON.parse(created.body).id}?fields=name&access_token=${SOON_EXPIRING}`;
    expect((await call(adc, read)).status).toBe(200);
    expect((await call(adc, read)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3_600_000 });
    const expired = await call(adc, read);
    expect(expired.status).toBe(400);
    expect(JSON.parse(expired.body).error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it('of groups, group items and reports hold until a group changes', async () => {
    const ana = base(on, 'analytics');
    const list = () => call(ana, '/v2/groups?mine=true', { headers: ANALYTICS_AUTH });
    const before = await list();
    expect(await list()).toEqual(before);
    const inserted = await call(ana, '/v2/groups', {
      method: 'POST',
      headers: { ...ANALYTICS_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        snippet: { title: 'Kept answers check' },
        contentDetails: { itemType: 'platform#video' },
      }),
    });
    expect(inserted.status).toBe(200);
    const group = JSON.parse(inserted.body) as { id: string };
    const after = await list();
    expect(after.body).not.toBe(before.body);
    expect(JSON.parse(after.body).items.map((g: { id: string }) => g.id)).toContain(group.id);

    const report = `/v2/reports?ids=channel%3D%3DMINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views&filters=group%3D%3D${group.id}`;
    const empty = await call(ana, report, { headers: ANALYTICS_AUTH });
    expect(empty.status, empty.body).toBe(200);
    expect(await call(ana, report, { headers: ANALYTICS_AUTH })).toEqual(empty);
    const emptyItems = await call(ana, `/v2/groupItems?groupId=${group.id}`, { headers: ANALYTICS_AUTH });
    expect(JSON.parse(emptyItems.body).items).toEqual([]);
    const item = await call(ana, '/v2/groupItems', {
      method: 'POST',
      headers: { ...ANALYTICS_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ groupId: group.id, resource: { kind: 'platform#video', id: 'video-00000001' } }),
    });
    expect(item.status, item.body).toBe(200);
    const items = `/v2/groupItems?groupId=${group.id}`;
    const listed = await call(ana, items, { headers: ANALYTICS_AUTH });
    expect(JSON.parse(listed.body).items.map((i: { resource: { id: string } }) => i.resource.id)).toEqual([
      'video-00000001',
    ]);
    expect(await call(ana, items, { headers: ANALYTICS_AUTH })).toEqual(listed);
    const filled = await call(ana, report, { headers: ANALYTICS_AUTH });
    expect(filled.status).toBe(200);
    expect(filled.body).not.toBe(empty.body);
  });

  it('of a file end when the file is deleted, and count against the project burst like computed ones', async () => {
    const gen = base(on, 'generative');
    const created = await call(gen, '/upload/v1beta/files', {
      method: 'POST',
      headers: { ...GEN_KEY, 'content-type': 'text/plain', 'x-goog-upload-protocol': 'raw' },
      body: 'kept answers',
    });
    expect(created.status, created.body).toBe(200);
    const name = JSON.parse(created.body).file.name as string;
    const read = () => call(gen, `/v1beta/${name}`, { headers: GEN_KEY });
    // A pause longer than the burst gap (1 s in the default seed) starts a new burst.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const first = await read();
    expect(first.status).toBe(200);
    for (let i = 1; i < PROJECT_BURST; i++) expect(await read()).toEqual(first);
    const refused = await read();
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.status).toBe('RESOURCE_EXHAUSTED');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await read()).toEqual(first);
    expect((await call(gen, `/v1beta/${name}`, { method: 'DELETE', headers: GEN_KEY })).status).toBe(200);
    const gone = await read();
    expect(gone.status).toBe(403);
  });
});

describe('kept answers of a file and a cached content', () => {
  it('end when they expire (the service clock moved past their expiration)', async () => {
    let now = Date.now();
    const service = await startGenerative({ clock: () => now });
    try {
      const read = () => call(service.baseUrl, '/v1beta/files/abc-123', { headers: GEN_KEY });
      const first = await read();
      expect(first.status).toBe(200);
      expect(await read()).toEqual(first);
      const cache = () => call(service.baseUrl, '/v1beta/cachedContents/cache-1', { headers: GEN_KEY });
      const cached = await cache();
      expect(cached.status).toBe(200);
      expect(await cache()).toEqual(cached);
      now = Date.parse(JSON.parse(cached.body).expireTime) + 1;
      expect((await cache()).status).toBe(404);
      expect(await read()).toEqual(first);
      now = Date.parse(JSON.parse(first.body).expirationTime) + 1;
      expect((await read()).status).toBe(403);
    } finally {
      await service.stop();
    }
  });
});
