// Ad creative: the ADC-AUTH-* rules (ADC-AUTH-1, ADC-AUTH-2, ADC-AUTH-3); their mutants are in ./auth.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError, unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { type Body, EXAMPLE_ID, created, ctx, linkCreative, read, someCreative } from './context.js';

ruleTests('ADC-AUTH-1', [
  [
    'an invalid token is code 190; the fixture token is accepted',
    async (t) => {
      const { f, version } = ctx(t);
      const id = await someCreative(t);
      await expectGraphError(
        t,
        () => t.clients.adCreative(f.invalidToken).getAdCreative({ version, creative_id: id, fields: 'id' }),
        { code: 190, http: 400 },
      );
      expect((await read(t, id, 'id')).id).toBe(id);
    },
  ],
  [
    'a read without any token is code 104',
    async (t) => {
      const { version } = ctx(t);
      const client = t.clients.adCreative('');
      await expectGraphError(t, () => client.getAdCreative({ version, creative_id: EXAMPLE_ID, fields: 'id' }), {
        code: 104,
        http: 400,
      });
    },
  ],
  [
    'a write without any token is code 104',
    async (t) => {
      const { f, version, account } = ctx(t);
      const client = t.clients.adCreative('');
      await expectGraphError(
        t,
        () => client.createAdCreative({ version, ad_account_id: account, body: linkCreative(f.pageId) as never }),
        { code: 104, http: 400 },
      );
    },
  ],
  [
    'an expired token is code 190',
    async (t) => {
      const { version, account } = ctx(t);
      const client = t.clients.adCreative(t.fixture('expiredToken'));
      if (t.partlyJudged('a stateless target knows no expired token')) return;
      await expectGraphError(t, () => client.listAdCreatives({ version, ad_account_id: account, limit: 1 }), {
        code: 190,
        http: 400,
      });
    },
  ],
]);
ruleTests('ADC-AUTH-2', [
  [
    'a read sends access_token in the query and is accepted',
    async (t) => {
      const { client, version, account } = ctx(t);
      await client.listAdCreatives({ version, ad_account_id: account, limit: 1 });
      const sent = t.recorder.last()!;
      expect(sent.url).toContain('access_token=');
      expect(sent.status).toBe(200);
    },
  ],
  [
    'a write sends access_token as a form field and is accepted',
    async (t) => {
      const { f } = ctx(t);
      await created(t, linkCreative(f.pageId));
      const sent = t.recorder.exchanges.find((e) => e.method === 'POST')!;
      expect(sent.requestContentType).toBe('application/x-www-form-urlencoded');
      expect(sent.requestBody).toContain('access_token=');
      expect(sent.url).not.toContain('access_token=');
      expect(sent.status).toBe(200);
    },
  ],
  [
    'a write carrying access_token in the query string (as the public business SDK sends it) is accepted',
    async (t) => {
      const { f, version, account } = ctx(t);
      const url = `${t.clients.baseUrl('ad-creative')}/${version}/act_${account}/adcreatives?access_token=${encodeURIComponent(f.accessToken)}`;
      const body = new URLSearchParams({
        name: unique('sdk'),
        object_story_spec: JSON.stringify(linkCreative(f.pageId).object_story_spec),
      });
      const response = await t.clients.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const answer = (await response.json()) as Body;
      t.mockLimitationIf(
        response.status === 401 && !answer.error,
        `the mock refused a valid request with HTTP ${response.status} in its own shape`,
      );
      expect(response.status, JSON.stringify(answer)).toBe(200);
      if (t.session.kind === 'stateful')
        t.defer(() => ctx(t).client.deleteAdCreative({ version, creative_id: answer.id }));
      expect(answer.id).toMatch(/^[0-9]+$/);
    },
  ],
]);
ruleTests('ADC-AUTH-3', [
  [
    'a token of a development-level app gets code 270 on a read and on a write; a live app token is accepted',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const dev = t.clients.adCreative(t.fixture('devAccessToken'));
      const onList = await expectGraphError(
        t,
        () => dev.listAdCreatives({ version, ad_account_id: account, limit: 1 }),
        { code: 270 },
      );
      const onCreate = await expectGraphError(
        t,
        () => dev.createAdCreative({ version, ad_account_id: account, body: linkCreative(f.pageId) as never }),
        { code: 270 },
      );
      await t.convention('270 answers HTTP 403 (spec-conventions, x-errors)', () => {
        expect(onList.httpStatus).toBe(403);
        expect(onCreate.httpStatus).toBe(403);
      });
      expect(Array.isArray((await client.listAdCreatives({ version, ad_account_id: account, limit: 1 })).data)).toBe(
        true,
      );
    },
  ],
]);
