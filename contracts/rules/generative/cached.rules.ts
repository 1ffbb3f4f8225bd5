// Generative: the GEN-CACHED-* rules (GEN-CACHED-1); their mutants are in ./cached.mutants.ts.
import { expect } from 'vitest';
import { ruleTest } from '../../harness/rule-test.js';
import { createCache, ctx, generate, hello } from './context.js';

ruleTest('GEN-CACHED-1', 'with cachedContent, promptTokenCount counts the cached tokens too', async (t) => {
  const { client, model } = ctx(t);
  const cache = await createCache(t, client, model);
  const without = await generate(client, model, hello);
  const answer = await generate(client, model, { ...hello, cachedContent: cache.name });
  const usage = answer.usageMetadata!;
  expect(usage.cachedContentTokenCount ?? 0).toBeGreaterThan(0);
  expect(usage.promptTokenCount!).toBeGreaterThanOrEqual(usage.cachedContentTokenCount!);
  expect(usage.promptTokenCount!, "the cached tokens add to the request's own").toBeGreaterThan(
    without.usageMetadata!.promptTokenCount!,
  );
});
