// Generative: the GEN-AUTH-* rules (GEN-AUTH-1, GEN-AUTH-2, GEN-AUTH-3); their mutants are in ./auth.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import { ctx, generate, hello } from './context.js';

ruleTest('GEN-AUTH-1', 'the API key in the key query parameter is accepted', async (t) => {
  const { f, model } = ctx(t);
  const client = t.clients.generative(f.apiKey, 'query');
  await generate(client, model, hello);
  await client.listFiles({ pageSize: 1 });
  for (const e of t.recorder.exchanges) expect(e.url).toContain('key=');
});
ruleTest(
  'GEN-AUTH-2',
  'the API key in the x-goog-api-key header is accepted on generation and file endpoints',
  async (t) => {
    const { f, model } = ctx(t);
    const client = t.clients.generative(f.apiKey, 'header');
    await generate(client, model, hello);
    await client.listFiles({ pageSize: 1 });
    for (const e of t.recorder.exchanges) expect(e.url).not.toContain('key=');
  },
);
ruleTests('GEN-AUTH-3', [
  [
    'a request without a key is PERMISSION_DENIED; with the key it is answered',
    async (t) => {
      const response = await t.clients.fetch(`${t.clients.baseUrl('generative')}/v1beta/files`);
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { status?: string; code?: number } }
        | undefined;
      t.mockLimitationIf(!body?.error?.status, `the mock answered HTTP ${response.status} in its own shape`);
      expect(response.status).toBe(403);
      expect(body?.error).toMatchObject({ status: 'PERMISSION_DENIED', code: 403 });
      await ctx(t).client.listFiles({ pageSize: 1 });
    },
  ],
  [
    'an invalid key is rejected (400 API_KEY_INVALID or 403)',
    async (t) => {
      const { f, model } = ctx(t);
      const client = t.clients.generative(f.invalidApiKey);
      const e = await expectStatusError(t, () => generate(client, model, hello), {
        status: 'INVALID_ARGUMENT',
        http: 400,
      }).catch(async () =>
        expectStatusError(t, () => generate(client, model, hello), { status: 'PERMISSION_DENIED', http: 403 }),
      );
      expect(e.message).toMatch(/key/i);
    },
  ],
]);
