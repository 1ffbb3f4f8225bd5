// The seed is the source of truth for credentials at every start: a token or key removed from the seed, or
// expired there, stops working on an existing --data store; the rest of the store is kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { startReference } from '../../reference/index.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'revocation-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const defaultSeed = () =>
  YAML.parse(fs.readFileSync(path.join(import.meta.dirname, '../../reference/seed.default.yaml'), 'utf8')) as any;

describe('credentials follow the seed on an existing store', () => {
  it('removing or expiring a token or key in the seed takes effect at the next start', async () => {
    const dataDir = path.join(root, 'data');
    const first = await startReference(['ad-creative', 'analytics', 'generative'], { dataDir });
    const ads = first.endpoints['ad-creative']!.baseUrl;
    const created = await fetch(`${ads}/v20.0/act_1234567890/adcreatives`, {
      method: 'POST',
      body: new URLSearchParams({
        access_token: 'test-token-admin',
        name: 'Kept across the revocation',
        object_url: 'https://shop.example/kept',
        title: 'Kept',
      }),
    });
    const { id } = (await created.json()) as { id: string };
    await first.stop();

    const seed = defaultSeed();
    seed['ad-creative'].tokens = seed['ad-creative'].tokens
      .filter((t: any) => t.token !== 'test-token-globex')
      .map((t: any) => (t.token === 'test-token-dev-app' ? { ...t, expiresAt: '2020-01-01T00:00:00Z' } : t));
    for (const u of seed.analytics.users)
      u.tokens = u.tokens.filter((t: any) => t.token !== 'test-token-analytics-readonly');
    for (const p of seed.generative.projects) p.apiKeys = p.apiKeys.filter((k: string) => k !== 'second-api-key');
    const seedFile = path.join(root, 'seed.yaml');
    fs.writeFileSync(seedFile, YAML.stringify(seed));

    const second = await startReference(['ad-creative', 'analytics', 'generative'], { dataDir, seedFile });
    try {
      const a = second.endpoints['ad-creative']!.baseUrl;
      const n = second.endpoints.analytics!.baseUrl;
      const g = second.endpoints.generative!.baseUrl;
      const graphCode = async (token: string) => {
        const r = await fetch(`${a}/v20.0/act_2234567890/adcreatives?access_token=${token}`);
        return ((await r.json()) as { error?: { code: number } }).error?.code;
      };
      expect(await graphCode('test-token-globex')).toBe(190);
      const expired = await fetch(`${a}/v20.0/${id}?fields=name&access_token=test-token-dev-app`);
      expect(((await expired.json()) as { error: { code: number } }).error.code).toBe(190);
      const kept = await fetch(`${a}/v20.0/${id}?fields=name&access_token=test-token-admin`);
      expect(((await kept.json()) as { name: string }).name).toBe('Kept across the revocation');

      const removed = await fetch(`${n}/v2/groups?mine=true`, {
        headers: { authorization: 'Bearer test-token-analytics-readonly' },
      });
      expect(removed.status).toBe(401);
      const still = await fetch(`${n}/v2/groups?mine=true`, {
        headers: { authorization: 'Bearer test-token-all-scopes' },
      });
      expect(still.status).toBe(200);

      const key = await fetch(`${g}/v1beta/files`, { headers: { 'x-goog-api-key': 'second-api-key' } });
      expect(key.status).toBe(400);
      expect(((await key.json()) as { error: { message: string } }).error.message).toMatch(/API key not valid/);
      expect((await fetch(`${g}/v1beta/files`, { headers: { 'x-goog-api-key': 'test-api-key' } })).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
