// Ad creative: the ADC-VERSION-* rules (ADC-VERSION-1, ADC-VERSION-2); their mutants are in ./version.mutants.ts.
import { expect } from 'vitest';
import { ruleTests } from '../../harness/rule-test.js';
import { type Body, created, ctx, linkCreative, read, someCreative } from './context.js';

ruleTests('ADC-VERSION-1', [
  [
    'a first segment not of the form v<major>.<minor> is refused with a Graph error; v<number>.0 and v2.10 are served',
    async (t) => {
      const { f, version } = ctx(t);
      const id = await someCreative(t);
      const url = (v: string) =>
        `${t.clients.baseUrl('ad-creative')}/${v}/${id}?fields=id&access_token=${encodeURIComponent(f.accessToken)}`;
      const response = await t.clients.fetch(url('version20'));
      const body = (await response.json().catch(() => undefined)) as { error?: Body } | undefined;
      t.mockLimitationIf(
        typeof body?.error?.code !== 'number',
        `the mock answered HTTP ${response.status} in its own shape`,
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(body?.error).toMatchObject({
        message: expect.any(String),
        type: expect.any(String),
        code: expect.any(Number),
      });
      await t.convention('the refusal is code 100 with HTTP 400 (spec-conventions)', () => {
        expect(body?.error?.code).toBe(100);
        expect(response.status).toBe(400);
      });
      const ok = await t.clients.fetch(url(version));
      expect(ok.status).toBe(200);
      // The public versioning guide names v2.10: a minor number other than 0 is a version, not a malformed segment.
      const minor = await t.clients.fetch(url('v2.10'));
      t.mockLimitationIf(minor.status === 404, 'the mock routes only the versions of its examples');
      expect(minor.status).toBe(200);
    },
  ],
]);
ruleTests('ADC-VERSION-2', [
  [
    'WITH_ISSUES reads as such under v20.0 and not under v3.0',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      await client.updateAdCreative({ version, creative_id: id, body: { status: 'WITH_ISSUES' } });
      expect((await read(t, id, 'status')).status).toBe('WITH_ISSUES');
      const old = await read(t, id, 'status', 'v3.0');
      expect(old.status).toBeTypeOf('string');
      expect(['IN_PROCESS', 'WITH_ISSUES']).not.toContain(old.status);
    },
  ],
  [
    'IN_PROCESS is not reported under v3.0 either',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      await client.updateAdCreative({ version, creative_id: id, body: { status: 'IN_PROCESS' } });
      expect((await read(t, id, 'status')).status).toBe('IN_PROCESS');
      expect(['IN_PROCESS', 'WITH_ISSUES']).not.toContain((await read(t, id, 'status', 'v3.0')).status);
    },
  ],
]);
