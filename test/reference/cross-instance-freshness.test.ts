// Several instances on one database (a --data folder, or one PostgreSQL database) answer as one: what one writes,
// another reads at once, and what a store keeps in memory (credentials, creative records, the rollups of report
// answers) never answers for what another instance has replaced. Here an instance starts with a seed that revokes
// tokens while the first is running, and writes go through one instance and reads through the other (a creative
// read and listed through one, then renamed or deleted through the other, is answered as it is now).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceOptions, type ReferenceSession } from '../../reference/index.js';
import { postgresUnavailable } from '../support/postgres-server.js';
import { testDatabase, type TestDatabase } from '../support/test-database.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cross-instance-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const SERVICES = ['ad-creative', 'analytics'] as const;
const ALL_SCOPES = { authorization: 'Bearer test-token-all-scopes' };

/** The default seed without the globex ad token and the analytics read-only token. */
function revokingSeed(): string {
  const seed = YAML.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../reference/seed.default.yaml'), 'utf8'),
  ) as any;
  seed['ad-creative'].tokens = seed['ad-creative'].tokens.filter((t: any) => t.token !== 'test-token-globex');
  for (const u of seed.analytics.users)
    u.tokens = u.tokens.filter((t: any) => t.token !== 'test-token-analytics-readonly');
  const file = path.join(root, `seed-${Math.random().toString(36).slice(2)}.yaml`);
  fs.writeFileSync(file, YAML.stringify(seed));
  return file;
}

/** The Graph error code of a list read with `token` on its own account (0: answered). */
const graphCode = async (base: string, token: string, account: string) => {
  const body = (await (await fetch(`${base}/v20.0/act_${account}/adcreatives?access_token=${token}`)).json()) as {
    error?: { code: number };
  };
  return body.error?.code ?? 0;
};
const groupsStatus = async (base: string, token: string) =>
  (await fetch(`${base}/v2/groups?mine=true`, { headers: { authorization: `Bearer ${token}` } })).status;

async function json(response: Response): Promise<any> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

function twoInstances(name: string, options: () => Promise<ReferenceOptions>) {
  describe(`two instances on one ${name}`, () => {
    let first: ReferenceSession;
    let second: ReferenceSession | undefined;
    afterAll(async () => {
      await second?.stop();
      await first?.stop();
    });

    it('an instance started with a seed that revokes tokens: the running one refuses them at once', async () => {
      const shared = await options();
      first = await startReference([...SERVICES], shared);
      const ads = first.endpoints['ad-creative']!.baseUrl;
      const analytics = first.endpoints.analytics!.baseUrl;
      // Used once, so an instance that keeps credentials in memory holds them.
      expect(await graphCode(ads, 'test-token-globex', '2234567890')).toBe(0);
      expect(await groupsStatus(analytics, 'test-token-analytics-readonly')).toBe(200);

      second = await startReference([...SERVICES], { ...shared, seedFile: revokingSeed() });
      for (const base of [ads, second.endpoints['ad-creative']!.baseUrl])
        expect(await graphCode(base, 'test-token-globex', '2234567890')).toBe(190);
      for (const base of [analytics, second.endpoints.analytics!.baseUrl])
        expect(await groupsStatus(base, 'test-token-analytics-readonly')).toBe(401);
      // The tokens the seed keeps still work on both.
      expect(await graphCode(ads, 'test-token-admin', '1234567890')).toBe(0);
      expect(await groupsStatus(analytics, 'test-token-all-scopes')).toBe(200);
    });

    it('a creative written through one instance is read and listed through the other', async () => {
      const [a, b] = [first, second!].map((s) => s.endpoints['ad-creative']!.baseUrl);
      const { id } = await json(
        await fetch(`${a}/v20.0/act_1234567890/adcreatives`, {
          method: 'POST',
          body: new URLSearchParams({
            access_token: 'test-token-admin',
            name: `Written through one ${name} instance`,
            object_url: 'https://shop.example/cross',
            title: 'Cross',
          }),
        }),
      );
      const read = await json(await fetch(`${b}/v20.0/${id}?fields=name&access_token=test-token-admin`));
      expect(read.name).toBe(`Written through one ${name} instance`);
      const listed = await json(
        await fetch(`${b}/v20.0/act_1234567890/adcreatives?fields=name&limit=1&access_token=test-token-admin`),
      );
      expect(listed.data[0]).toEqual({ id, name: `Written through one ${name} instance` });
      // Read and listed through the first too, so an instance that keeps records in memory holds it.
      const readThrough = async (base: string) =>
        json(await fetch(`${base}/v20.0/${id}?fields=name,status&access_token=test-token-admin`));
      const firstIdsThrough = async (base: string) =>
        (
          await json(
            await fetch(`${base}/v20.0/act_1234567890/adcreatives?fields=name&limit=2&access_token=test-token-admin`),
          )
        ).data.map((c: { id: string }) => c.id);
      expect((await readThrough(a)).name).toBe(`Written through one ${name} instance`);
      expect((await firstIdsThrough(a))[0]).toBe(id);
      // Renamed through the second, read through the first.
      await json(
        await fetch(`${b}/v20.0/${id}`, {
          method: 'POST',
          body: new URLSearchParams({ access_token: 'test-token-admin', name: 'Renamed' }),
        }),
      );
      expect((await json(await fetch(`${a}/v20.0/${id}?fields=name&access_token=test-token-admin`))).name).toBe(
        'Renamed',
      );
      expect(
        (
          await json(
            await fetch(`${a}/v20.0/act_1234567890/adcreatives?fields=name&limit=1&access_token=test-token-admin`),
          )
        ).data[0],
      ).toEqual({ id, name: 'Renamed' });
      // Deleted through the first: the second reads it DELETED and no longer lists it.
      expect(await firstIdsThrough(b)).toContain(id);
      await json(await fetch(`${a}/v20.0/${id}?access_token=test-token-admin`, { method: 'DELETE' }));
      expect(await readThrough(b)).toEqual({ id, name: 'Renamed', status: 'DELETED' });
      expect(await firstIdsThrough(b)).not.toContain(id);
      expect(await firstIdsThrough(a)).not.toContain(id);
    });

    it('a group and its items written through one instance: the other lists it (by id, after it read it) and reports its sums', async () => {
      const [a, b] = [first, second!].map((s) => s.endpoints.analytics!.baseUrl);
      const report = async (base: string, group: string) =>
        json(
          await fetch(
            `${base}/v2/reports?${new URLSearchParams({
              ids: 'channel==MINE',
              startDate: '2024-01-01',
              endDate: '2024-01-31',
              metrics: 'views',
              dimensions: 'day',
              filters: `group==${group}`,
            })}`,
            { headers: ALL_SCOPES },
          ),
        );
      const group = await json(
        await fetch(`${a}/v2/groups`, {
          method: 'POST',
          headers: { ...ALL_SCOPES, 'content-type': 'application/json' },
          body: JSON.stringify({ snippet: { title: `cross ${name}` }, contentDetails: { itemType: 'platform#video' } }),
        }),
      );
      const listed = await json(await fetch(`${b}/v2/groups?id=${group.id}`, { headers: ALL_SCOPES }));
      expect(listed.items.map((g: any) => g.id)).toEqual([group.id]);
      // Listed by id through the first instance too (which keeps the group it read), before the other writes.
      const listedBy = async (base: string) =>
        (await json(await fetch(`${base}/v2/groups?id=${group.id}`, { headers: ALL_SCOPES }))).items[0];
      const before = await listedBy(a);
      expect(before.contentDetails.itemCount).toBe('0');
      // Empty, then one video added through the other instance: the first reports its views, not the empty answer.
      expect((await report(a, group.id)).rows ?? []).toEqual([]);
      await json(
        await fetch(`${b}/v2/groupItems`, {
          method: 'POST',
          headers: { ...ALL_SCOPES, 'content-type': 'application/json' },
          body: JSON.stringify({ groupId: group.id, resource: { kind: 'platform#video', id: 'video-00000001' } }),
        }),
      );
      const counted = await listedBy(a);
      expect(counted.contentDetails.itemCount).toBe('1');
      expect(counted.etag).not.toBe(before.etag);
      await json(
        await fetch(`${b}/v2/groups`, {
          method: 'PUT',
          headers: { ...ALL_SCOPES, 'content-type': 'application/json' },
          body: JSON.stringify({ id: group.id, snippet: { title: `renamed ${name}` } }),
        }),
      );
      expect((await listedBy(a)).snippet.title).toBe(`renamed ${name}`);
      const rows = (await report(a, group.id)).rows as Array<[string, number]>;
      expect(rows).toHaveLength(31);
      expect(rows.every(([, views]) => views > 0)).toBe(true);
      expect((await report(b, group.id)).rows).toEqual(rows);
    });
  });
}

twoInstances('--data folder (SQLite)', async () => ({ dataDir: fs.mkdtempSync(path.join(root, 'data-')) }));

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`\n*** SKIPPED: two instances on one PostgreSQL database: ${unavailable} ***\n`);
describe.skipIf(unavailable !== undefined)('PostgreSQL', () => {
  let database: TestDatabase | undefined;
  let url: string;
  beforeAll(async () => {
    database = await testDatabase();
    url = database.url;
  }, 60_000);
  afterAll(() => database?.drop());
  twoInstances('PostgreSQL database', async () => ({
    database: url,
    filesDir: fs.mkdtempSync(path.join(root, 'files-')),
  }));
});
