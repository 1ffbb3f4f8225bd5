// Identical creates return the existing creative (document: What the service does, uniqueness), also when
// 100 of them arrive at once: exactly one creative is stored. A check-then-insert race (a store decorator
// that looks the key up, waits as a remote database call would, then inserts under a key of its own) stores
// several, which shows the probe can fail.
import { raceWindow } from '../support/race-window.js';
import { afterEach, describe, expect, it } from 'vitest';
import { override } from '../../contracts/mutants/decorate.js';
import type { AdCreativeStore } from '../../reference/ad-creative/store.js';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const TOKEN = 'test-token-admin';
const ACCOUNT = '1234567890';

let session: ReferenceSession | undefined;
afterEach(async () => {
  await session?.stop();
  session = undefined;
});

async function createConcurrently(base: string, n: number, tag: string): Promise<string[]> {
  const form = new URLSearchParams({
    name: `Concurrent ${tag}`,
    object_story_spec: JSON.stringify({
      page_id: '111222333444',
      link_data: { link: `https://shop.example/${tag}`, message: 'Same creative' },
    }),
    access_token: TOKEN,
  });
  const answers = await Promise.all(
    Array.from({ length: n }, async () => {
      const response = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    }),
  );
  return answers;
}

async function storedNamed(
  base: string,
  name: string,
): Promise<Array<{ id: string; effective_object_story_id: string }>> {
  const out: Array<{ id: string; name: string; effective_object_story_id: string }> = [];
  let url: string | undefined =
    `${base}/v20.0/act_${ACCOUNT}/adcreatives?fields=id,name,effective_object_story_id&limit=100&access_token=${TOKEN}`;
  while (url) {
    const page = (await (await fetch(url)).json()) as { data: typeof out; paging?: { next?: string } };
    out.push(...page.data);
    url = page.paging?.next;
  }
  return out.filter((c) => c.name === name);
}

describe('100 concurrent identical creates', () => {
  it('answer one id and store exactly one creative (and one inline post)', async () => {
    session = await startReference(['ad-creative']);
    const base = session.endpoints['ad-creative']!.baseUrl;
    const ids = await createConcurrently(base, 100, 'one');
    expect(new Set(ids).size).toBe(1);
    const stored = await storedNamed(base, 'Concurrent one');
    expect(stored.map((c) => c.id)).toEqual([ids[0]]);
    const posts = (await (
      await fetch(
        `${base}/v20.0/111222333444/promotable_posts?include_inline=true&fields=id,message&limit=100&access_token=${TOKEN}`,
      )
    ).json()) as { data: Array<{ id: string; message?: string }> };
    expect(posts.data.filter((p) => p.message === 'Same creative').map((p) => p.id)).toEqual([
      stored[0]!.effective_object_story_id,
    ]);
  }, 60_000);

  it('also on a database file (WAL), where each write is durable before its answer', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adc-concurrency-'));
    try {
      session = await startReference(['ad-creative'], { dataDir });
      const base = session.endpoints['ad-creative']!.baseUrl;
      const ids = await createConcurrently(base, 100, 'durable');
      expect(new Set(ids).size).toBe(1);
      expect((await storedNamed(base, 'Concurrent durable')).length).toBe(1);
    } finally {
      await session?.stop();
      session = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('store several creatives with a check-then-insert race (the probe can fail)', async () => {
    const seen = new Map<string, string>();
    // Each create waits, after its lookup, until the next create has looked up too: the race made certain.
    const window = raceWindow(20);
    const racing = (store: AdCreativeStore) =>
      override(store, {
        createCreative: async (inner, input) => {
          const key = `${input.accountId}:${input.contentKey}`;
          const known = seen.get(key);
          await window.checked();
          if (known) return { id: known, created: false };
          const made = await inner({ ...input, contentKey: `${input.contentKey}#${Math.random()}` });
          seen.set(key, made.id);
          return made;
        },
      });
    session = await startReference(['ad-creative'], { decorate: { 'ad-creative': { store: racing } } });
    const base = session.endpoints['ad-creative']!.baseUrl;
    const ids = await createConcurrently(base, 20, 'race');
    expect(new Set(ids).size).toBeGreaterThan(1);
    expect((await storedNamed(base, 'Concurrent race')).length).toBeGreaterThan(1);
  }, 60_000);
});
