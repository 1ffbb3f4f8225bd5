// Generative: the GEN-CACHE-* rules (GEN-CACHE-1, GEN-CACHE-2); their mutants are in ./cache.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import { BAD, createCache, ctx, generate, hello, refusedBodies } from './context.js';

ruleTests('GEN-CACHE-1', [
  ...refusedBodies([
    ['cachedContent not of the form cachedContents/<id> is rejected', { ...hello, cachedContent: 'my-cache' }],
  ]),
  [
    'an unknown cachedContent is NOT_FOUND; a stored one is used',
    async (t) => {
      const { client, model } = ctx(t);
      if (t.partlyJudged('a stateless target holds no cached contents')) return;
      await t.convention('an unknown cachedContent is answered 404 NOT_FOUND', async () => {
        await expectStatusError(
          t,
          () => generate(client, model, { ...hello, cachedContent: 'cachedContents/no-such-cache-0' }),
          { status: 'NOT_FOUND', http: 404 },
        );
      });
      const cache = await createCache(t, client, model);
      await generate(client, model, { ...hello, cachedContent: cache.name });
    },
  ],
]);
ruleTest('GEN-CACHE-2', 'create, get, list, update the expiration, delete', async (t) => {
  const { client, model } = ctx(t);
  const before = Date.now();
  const cache = await createCache(t, client, model);
  const id = cache.name!.replace('cachedContents/', '');
  expect(cache.model).toBe(`models/${model}`);
  expect(cache.usageMetadata?.totalTokenCount ?? 0).toBeGreaterThan(0);
  const expires = Date.parse(cache.expireTime!);
  expect(expires - before).toBeGreaterThan(500_000);
  expect(expires - before).toBeLessThanOrEqual(660_000);
  expect((await client.getCachedContent({ cachedContent: id })).name).toBe(cache.name);
  const names: string[] = [];
  for await (const c of client.listCachedContentsAll({})) names.push(c.name!);
  expect(names).toContain(cache.name);
  const updated = await client.updateCachedContent({
    cachedContent: id,
    updateMask: 'ttl',
    body: { ttl: '7200s' },
  } as never);
  expect(Date.parse(updated.expireTime!) - before).toBeGreaterThan(7_000_000);
  expect(updated.displayName).toBe(cache.displayName);
  // The update is judged by a later read, not by its own answer.
  const reread = await client.getCachedContent({ cachedContent: id });
  expect(Date.parse(reread.expireTime!) - before).toBeGreaterThan(7_000_000);
  // Both reads show it: the list answers the new expiration too.
  let listed: { expireTime?: string } | undefined;
  for await (const c of client.listCachedContentsAll({})) if (c.name === cache.name) listed = c;
  expect(listed, 'the updated cache is listed').toBeDefined();
  expect(Date.parse(listed!.expireTime!) - before, 'the listed expiration').toBeGreaterThan(7_000_000);
  expect(await client.deleteCachedContent({ cachedContent: id })).toEqual({});
  await expectStatusError(t, () => client.getCachedContent({ cachedContent: id }), { status: 'NOT_FOUND', http: 404 });
});
