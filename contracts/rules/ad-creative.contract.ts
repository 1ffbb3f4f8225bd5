// Rules of the ad creative service (ADC-*), through the generated AdCreativeClient. Each rule test asserts
// the rule's whole claim and, for a refusal, that the nearest valid request is accepted. What a test creates
// it deletes again (t.defer). Optional fixtures come through t.fixture(key): without them the test is not
// applicable, naming the key. Expectations only this project's conventions back go through t.convention.
import { expect } from 'vitest';
import { ApiError, GraphApiError, type AdCreativeClient } from '../../generated/ad-creative/client.js';
import { concurrently } from '../harness/concurrently.js';
import { expectGraphError, unique } from '../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../harness/rule-test.js';

type Body = Record<string, any>;
type Case = [string, (t: RuleContext) => Promise<unknown>];

/** The spec's example creative: what a stateless target (Prism, the stubs) answers for. */
const EXAMPLE_ID = '120330000008134415';

function ctx(t: RuleContext) {
  const f = t.session.fixtures['ad-creative'];
  return { f, client: t.clients.adCreative(), version: f.apiVersion, account: f.adAccountId };
}

/** A link creative on the fixture page whose content is unique to this call. */
function linkCreative(pageId: string, extra: Body = {}): Body {
  const tag = unique('c');
  return {
    name: `Contract ${tag}`,
    object_story_spec: {
      page_id: pageId,
      link_data: {
        link: `https://shop.example/${tag}`,
        message: 'Spring sale',
        call_to_action: { type: 'SHOP_NOW', value: { link: `https://shop.example/${tag}` } },
      },
    },
    ...extra,
  };
}

/** A link ad (object_url and title, no page) whose title or body is the given text. */
function linkAd(text: { title?: string; body?: string } = {}): Body {
  return {
    name: unique('text'),
    object_url: `https://shop.example/${unique('p')}`,
    title: 'Fresh deals',
    body: 'Good prices every day',
    ...text,
  };
}

/**
 * A request the service accepts. A mock (Prism) that refuses it in its own error shape (it does not read a
 * form field as a credential) cannot show the rule: a mock limitation, never a pass.
 */
async function accepted<T>(t: RuleContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (t.session.kind !== 'stateful' && error instanceof ApiError && !(error instanceof GraphApiError)) {
      t.mockLimitation(`the mock refused a valid request with HTTP ${error.httpStatus} in its own shape`);
    }
    throw error;
  }
}

/** Creates a creative (deleted again when the test ends) and answers its id. */
async function created(t: RuleContext, body: Body, account = ctx(t).account): Promise<string> {
  const { client, version } = ctx(t);
  const answer = await accepted(t, () =>
    client.createAdCreative({ version, ad_account_id: account, body: body as never }),
  );
  expect(answer.id).toMatch(/^[0-9]+$/);
  if (!t.session.kind.startsWith('stateful')) return answer.id;
  t.defer(() => client.deleteAdCreative({ version, creative_id: answer.id }));
  // An accepted create is judged by a later read, not by its own answer: the creative exists, with its name.
  const stored = await read(t, answer.id, 'name');
  expect(stored.id, `the created creative ${answer.id} reads back`).toBe(answer.id);
  if (typeof body.name === 'string') expect(stored.name, 'the created creative reads back its name').toBe(body.name);
  return answer.id;
}

/** A creative to work on: a new one on a stateful target, the spec's example on a stateless one. */
async function someCreative(t: RuleContext): Promise<string> {
  return t.session.kind === 'stateful' ? created(t, linkCreative(ctx(t).f.pageId)) : EXAMPLE_ID;
}

/** A create that must be refused with code 100 (HTTP 400: public-service notes 1.6). */
function rejectsCreate(t: RuleContext, body: Body) {
  const { client, version, account } = ctx(t);
  return expectGraphError(t, () => client.createAdCreative({ version, ad_account_id: account, body: body as never }), {
    code: 100,
    http: 400,
  });
}

async function read(t: RuleContext, id: string, fields: string, version = ctx(t).version): Promise<Body> {
  return (await ctx(t).client.getAdCreative({ version, creative_id: id, fields })) as Body;
}

/** Width and height of a PNG, JPEG or GIF (thumbnail_url may answer any of them). */
function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(bytes);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR')
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString('ascii', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b[0] === 0xff && b[1] === 0xd8) {
    for (let i = 2; i + 9 < b.length; ) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      const length = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + length;
    }
  }
  return undefined;
}

async function thumbnailSize(url: string): Promise<{ width: number; height: number } | undefined> {
  const response = await fetch(url);
  expect(response.status, `thumbnail ${url}`).toBe(200);
  return imageSize(new Uint8Array(await response.arrayBuffer()));
}

/** All ids of the account's list, following cursors (pages of `limit`). */
async function listedIds(t: RuleContext, account: string, limit: number): Promise<string[]> {
  const { client, version } = ctx(t);
  const ids: string[] = [];
  for await (const c of client.listAdCreativesAll({ version, ad_account_id: account, fields: 'id', limit }))
    ids.push(c.id!);
  return ids;
}

// --- authentication and errors ---------------------------------------------------------------------------

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

ruleTests('ADC-PERM-1', [
  [
    'a token without access to the account gets code 200 on list and create; the fixture token is accepted',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const stranger = t.clients.adCreative(t.fixture('noAccessToken'));
      const onList = await expectGraphError(
        t,
        () => stranger.listAdCreatives({ version, ad_account_id: account, limit: 1 }),
        { code: 200 },
      );
      const onCreate = await expectGraphError(
        t,
        () => stranger.createAdCreative({ version, ad_account_id: account, body: linkCreative(f.pageId) as never }),
        { code: 200 },
      );
      await t.convention('200 answers HTTP 403 (spec-conventions, x-errors)', () => {
        expect(onList.httpStatus).toBe(403);
        expect(onCreate.httpStatus).toBe(403);
      });
      expect(Array.isArray((await client.listAdCreatives({ version, ad_account_id: account, limit: 1 })).data)).toBe(
        true,
      );
    },
  ],
]);

ruleTests('ADC-ERROR-1', [
  [
    'error answers have exactly {error: {message, type, code, ...}}, with a non-empty fbtrace_id by convention',
    async (t) => {
      const { f, version, client } = ctx(t);
      const bad = await expectGraphError(
        t,
        () => t.clients.adCreative(f.invalidToken).getAdCreative({ version, creative_id: EXAMPLE_ID }),
        { code: 190 },
      );
      const errors = [bad];
      if (!t.partlyJudged('a stateless target knows no missing creative')) {
        errors.push(
          await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '999999999999999999' }), {
            code: 100,
          }),
        );
      }
      for (const e of errors) {
        const body = e.body as { error: Record<string, unknown> };
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error).toMatchObject({ message: expect.any(String), type: expect.any(String), code: e.code });
        await t.convention('the error carries a non-empty fbtrace_id (spec-conventions, Leniency)', () => {
          expect(body.error.fbtrace_id).toBeTypeOf('string');
          expect((body.error.fbtrace_id as string).length).toBeGreaterThan(0);
        });
      }
    },
  ],
]);

// --- versions ----------------------------------------------------------------------------------------------

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

// --- reads ------------------------------------------------------------------------------------------------

ruleTests('ADC-READ-1', [
  [
    'a read answers exactly the requested fields plus id',
    async (t) => {
      const { f } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const one = await read(t, id, 'name,status');
      expect(Object.keys(one).sort()).toEqual(['id', 'name', 'status']);
      expect(one.id).toBe(id);
      const other = await read(t, id, 'object_type');
      expect(Object.keys(other).sort()).toEqual(['id', 'object_type']);
    },
  ],
]);

ruleTests('ADC-READ-2', [
  [
    'without thumbnail_width/height the thumbnail is the 64 x 64 one, not another size',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      const url = async (size?: [number, number]) =>
        (
          await client.getAdCreative({
            version,
            creative_id: id,
            fields: 'thumbnail_url',
            ...(size ? { thumbnail_width: size[0], thumbnail_height: size[1] } : {}),
          })
        ).thumbnail_url;
      const byDefault = await url();
      expect(byDefault).toBeTypeOf('string');
      expect(byDefault).toBe(await url([64, 64]));
      if (t.partlyJudged('a stateless target answers the same stored example for every size')) return;
      expect(byDefault).not.toBe(await url([100, 100]));
      expect(await thumbnailSize(byDefault!)).toEqual({ width: 64, height: 64 });
    },
  ],
]);

ruleTests('ADC-READ-3', [
  [
    'an unknown id is code 100 subcode 33; a stored one reads',
    async (t) => {
      const { f, client, version } = ctx(t);
      await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '999999999999999999' }), {
        code: 100,
        http: 400,
        subcode: 33,
      });
      const id = await created(t, linkCreative(f.pageId));
      expect((await read(t, id, 'id')).id).toBe(id);
    },
  ],
]);

ruleTests('ADC-READ-4', [
  [
    'thumbnail_url answers an image of the requested size, 64 x 64 by default',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const urlOf = async (w?: number, h?: number) =>
        (
          await client.getAdCreative({
            version,
            creative_id: id,
            fields: 'thumbnail_url',
            ...(w ? { thumbnail_width: w, thumbnail_height: h } : {}),
          })
        ).thumbnail_url!;
      expect(await thumbnailSize(await urlOf())).toEqual({ width: 64, height: 64 });
      expect(await thumbnailSize(await urlOf(128, 96))).toEqual({ width: 128, height: 96 });
      expect(await thumbnailSize(await urlOf(40, 300))).toEqual({ width: 40, height: 300 });
    },
  ],
]);

ruleTests('ADC-FIELDS-1', [
  [
    'a nested selection at three levels answers exactly those members',
    async (t) => {
      const { f } = ctx(t);
      const id = await someCreative(t);
      const answer = await read(t, id, 'id,object_story_spec{link_data{call_to_action{type}}}');
      expect(answer.id).toBe(id);
      if (t.partlyJudged('a stateless target answers its stored example whatever the selection')) return;
      expect(answer.object_story_spec).toEqual({ link_data: { call_to_action: { type: 'SHOP_NOW' } } });
      expect((await read(t, id, 'object_story_spec{page_id}')).object_story_spec).toEqual({ page_id: f.pageId });
    },
  ],
  [
    'blanks around names and aliases are a valid selection',
    async (t) => {
      const id = await someCreative(t);
      const spaced = await read(t, id, 'id, name ,  status');
      if (t.partlyJudged('a stateless target answers its stored example whatever the selection')) return;
      expect(Object.keys(spaced).sort()).toEqual(['id', 'name', 'status']);
      await t.convention(
        'name.as(label) answers the name under the alias (Graph field expansion aliases)',
        async () => {
          const aliased = await read(t, id, 'name.as(label)');
          expect(Object.keys(aliased).sort()).toEqual(['id', 'label']);
          expect(aliased.label).toBe(spaced.name);
        },
      );
    },
  ],
  [
    'an unparseable selection is code 2500; the same names well formed are accepted',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      for (const fields of ['name{{', 'name{status', 'name,{status}', 'name}']) {
        await expectGraphError(t, () => client.getAdCreative({ version, creative_id: id, fields }), {
          code: 2500,
          http: 400,
        });
      }
      expect((await read(t, id, 'name,status')).id).toBe(id);
    },
  ],
  [
    'a field the creative does not have is code 100 naming it',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      if (t.partlyJudged('a stateless target answers its stored example whatever the selection')) return;
      await t.convention('an unknown field is code 100 naming it (Graph "nonexisting field")', async () => {
        const e = await expectGraphError(
          t,
          () => client.getAdCreative({ version, creative_id: id, fields: 'name,no_such_field' }),
          { code: 100, http: 400 },
        );
        expect(e.message).toContain('no_such_field');
      });
    },
  ],
]);

// --- updates and deletes --------------------------------------------------------------------------------

ruleTests('ADC-UPDATE-1', [
  [
    'an update of account_id, adlabels, name and status answers success: true',
    async (t) => {
      const { client, version, account } = ctx(t);
      const id = await someCreative(t);
      const name = unique('renamed');
      const result = await accepted(t, () =>
        client.updateAdCreative({
          version,
          creative_id: id,
          body: {
            account_id: account,
            adlabels: [{ name: 'spring' }] as never,
            name,
            status: 'ACTIVE',
          },
        }),
      );
      expect(result).toMatchObject({ success: true });
      // A write is judged by a later read, not by its own answer.
      if (t.partlyJudged('a stateless target stores nothing to read back')) return;
      expect(await read(t, id, 'name,status')).toMatchObject({ id, name, status: 'ACTIVE' });
    },
  ],
]);

ruleTests('ADC-UPDATE-2', [
  [
    'an update with fields answers the written node; without fields {success: true}; a later read shows the values',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const name = unique('renamed');
      const answer = (await client.updateAdCreative({
        version,
        creative_id: id,
        fields: 'name,status',
        body: { name, status: 'ACTIVE' },
      })) as Body;
      expect(answer).toMatchObject({ id, name, status: 'ACTIVE' });
      // The answer is the written node: a later read shows the same values.
      expect(await read(t, id, 'name,status')).toMatchObject({ id, name, status: 'ACTIVE' });
      const second = unique('again');
      expect(await client.updateAdCreative({ version, creative_id: id, body: { name: second } })).toMatchObject({
        success: true,
      });
      expect(await read(t, id, 'name')).toEqual({ id, name: second });
    },
  ],
]);

ruleTests('ADC-UPDATE-3', [
  [
    'a field other than account_id, adlabels, name and status is code 100 naming it, and nothing changes',
    async (t) => {
      const { client, version, account } = ctx(t);
      const id = await someCreative(t);
      const stateful = !t.partlyJudged('a stateless target stores nothing to compare');
      const before = stateful ? await read(t, id, 'name,status,title,object_url,body') : undefined;
      for (const [field, value] of [
        ['title', 'New title'],
        ['object_url', 'https://shop.example/other'],
        ['body', 'Other text'],
      ] as const) {
        const e = await expectGraphError(
          t,
          () =>
            client.updateAdCreative({
              version,
              creative_id: id,
              body: { name: unique('x'), status: 'WITH_ISSUES', [field]: value } as never,
            }),
          { code: 100, http: 400 },
        );
        expect(e.message).toContain(field);
        // Refused means nothing written: neither the field named nor the allowed fields sent beside it.
        if (stateful)
          expect(await read(t, id, 'name,status,title,object_url,body'), `after the refused ${field}`).toEqual(before);
      }
      // All four updatable fields together are accepted, and a later read shows the written ones.
      const name = unique('kept');
      expect(
        await accepted(t, () =>
          client.updateAdCreative({
            version,
            creative_id: id,
            body: { account_id: account, adlabels: [{ name: 'summer' }] as never, name, status: 'IN_PROCESS' },
          }),
        ),
      ).toMatchObject({ success: true });
      if (!stateful) return;
      expect(await read(t, id, 'name,status')).toMatchObject({ id, name, status: 'IN_PROCESS' });
    },
  ],
]);

ruleTests('ADC-STATUS-1', [
  [
    'an unknown status is code 100; the four statuses are accepted',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      await expectGraphError(
        t,
        () => client.updateAdCreative({ version, creative_id: id, body: { status: 'PAUSED' as never } }),
        { code: 100, http: 400 },
      );
      for (const status of ['IN_PROCESS', 'WITH_ISSUES', 'ACTIVE'] as const) {
        expect(
          await accepted(t, () => client.updateAdCreative({ version, creative_id: id, body: { status } })),
        ).toMatchObject({ success: true });
        // Each accepted status is the one a later read shows.
        if (!t.partlyJudged('a stateless target stores nothing to read back'))
          expect((await read(t, id, 'status')).status).toBe(status);
      }
    },
  ],
  [
    'IN_PROCESS and WITH_ISSUES are code 100 under v3.0, where ACTIVE is accepted',
    async (t) => {
      const { client } = ctx(t);
      const id = await someCreative(t);
      if (t.partlyJudged('the version-dependent part needs a target that judges versions')) return;
      for (const status of ['IN_PROCESS', 'WITH_ISSUES'] as const) {
        await expectGraphError(
          t,
          () => client.updateAdCreative({ version: 'v3.0', creative_id: id, body: { status } }),
          { code: 100, http: 400 },
        );
      }
      expect(
        await client.updateAdCreative({ version: 'v3.0', creative_id: id, body: { status: 'ACTIVE' } }),
      ).toMatchObject({ success: true });
    },
  ],
]);

ruleTests('ADC-NAME-1', [
  [
    'a name of 101 characters is code 100 on create and update; 100 characters are accepted',
    async (t) => {
      const { f, client, version } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { name: 'n'.repeat(101) }));
      const id = await created(t, linkCreative(f.pageId, { name: `${'n'.repeat(90)}${unique('').slice(-10)}` }));
      await expectGraphError(
        t,
        () => client.updateAdCreative({ version, creative_id: id, body: { name: 'm'.repeat(101) } }),
        { code: 100, http: 400 },
      );
      expect(
        await accepted(t, () => client.updateAdCreative({ version, creative_id: id, body: { name: 'm'.repeat(100) } })),
      ).toMatchObject({ success: true });
      if (t.partlyJudged('a stateless target stores no name')) return;
      expect((await read(t, id, 'name')).name).toBe('m'.repeat(100));
    },
  ],
]);

/** After a delete the creative reads with status DELETED, or not at all (code 100). */
async function expectDeleted(t: RuleContext, client: AdCreativeClient, version: string, id: string): Promise<void> {
  let answer: Body | undefined;
  let error: unknown;
  try {
    answer = (await client.getAdCreative({ version, creative_id: id, fields: 'status' })) as Body;
  } catch (e) {
    error = e;
  }
  if (answer) {
    expect(answer.status, 'a deleted creative that still reads has status DELETED').toBe('DELETED');
    return;
  }
  expect(error, `the read after delete failed with ${String(error)}`).toBeInstanceOf(GraphApiError);
  expect((error as GraphApiError).code, 'a deleted creative that no longer reads is code 100').toBe(100);
}

ruleTests('ADC-DELETE-1', [
  [
    'a delete answers success; the creative then reads as DELETED or not at all',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      expect((await read(t, id, 'status')).status).toBe('ACTIVE');
      expect(await client.deleteAdCreative({ version, creative_id: id })).toMatchObject({ success: true });
      await expectDeleted(t, client, version, id);
    },
  ],
]);

// --- lists --------------------------------------------------------------------------------------------------

ruleTests('ADC-LIST-1', [
  [
    'pages of limit creatives, followed by cursors, list every creative once',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const ids = [
        await created(t, linkCreative(f.pageId)),
        await created(t, linkCreative(f.pageId)),
        await created(t, linkCreative(f.pageId)),
      ];
      const first = await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 2 });
      expect(first.data.length).toBe(2);
      const seen: string[] = [];
      let page = first;
      for (let n = 1; ; n++) {
        seen.push(...page.data.map((c) => c.id!));
        const after = page.paging?.next ? page.paging.cursors?.after : undefined;
        if (!after || seen.length > 50_000) break;
        // Small pages first (cursors followed one by one), then pages of 100 through a large account.
        page = await client.listAdCreatives({
          version,
          ad_account_id: account,
          fields: 'id',
          limit: n < 3 ? 2 : 100,
          after,
        });
        if (n < 3) expect(page.data.length).toBeLessThanOrEqual(2);
      }
      for (const id of ids) expect(seen).toContain(id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBeLessThanOrEqual(50_000);
    },
  ],
  [
    'the before cursor of the second page leads back to the first',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      for (let i = 0; i < 3; i++) await created(t, linkCreative(f.pageId));
      const first = await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 1 });
      const second = await client.listAdCreatives({
        version,
        ad_account_id: account,
        fields: 'id',
        limit: 1,
        after: first.paging!.cursors!.after,
      });
      expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
      const back = await client.listAdCreatives({
        version,
        ad_account_id: account,
        fields: 'id',
        limit: 1,
        before: second.paging!.cursors!.before,
      });
      expect(back.data.map((c) => c.id)).toEqual(first.data.map((c) => c.id));
    },
  ],
]);

ruleTests('ADC-LIST-2', [
  [
    'paging.next is present while pages follow, absent on the last page, and leads to the next page',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      await created(t, linkCreative(f.pageId));
      await created(t, linkCreative(f.pageId));
      const first = await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 1 });
      expect(first.paging?.cursors?.after).toBeTypeOf('string');
      expect(first.paging?.cursors?.before).toBeTypeOf('string');
      expect(first.paging?.next).toBeTypeOf('string');
      const viaNext = (await (await t.clients.fetch(first.paging!.next!)).json()) as Body;
      const viaCursor = await client.listAdCreatives({
        version,
        ad_account_id: account,
        fields: 'id',
        limit: 1,
        after: first.paging!.cursors!.after,
      });
      expect(viaNext.data.map((c: Body) => c.id)).toEqual(viaCursor.data.map((c) => c.id));
      let page = first;
      for (let i = 0; i < 100_000 && page.paging?.next; i++) {
        page = await client.listAdCreatives({
          version,
          ad_account_id: account,
          fields: 'id',
          limit: 100,
          after: page.paging.cursors!.after,
        });
        // paging.next promised more: the page it leads to is not empty.
        expect(page.data.length, 'the page a paging.next led to').toBeGreaterThan(0);
      }
      expect(page.paging?.next).toBeUndefined();
      if (page.data.length > 0) expect(page.paging?.cursors?.after).toBeTypeOf('string');
    },
  ],
]);

// --- creates ------------------------------------------------------------------------------------------------

ruleTests('ADC-CREATE-1', [
  ['no content source is code 100', async (t) => rejectsCreate(t, { name: unique('none'), title: 'Fresh deals' })],
  [
    'object_story_spec with object_story_id is code 100; each alone is accepted',
    async (t) => {
      const { f } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const post =
        t.session.kind === 'stateful'
          ? (await read(t, id, 'effective_object_story_id')).effective_object_story_id
          : '1122334455_998877';
      await rejectsCreate(t, linkCreative(f.pageId, { object_story_id: post }));
      await created(t, { name: unique('post'), object_story_id: post });
    },
  ],
  [
    'object_story_spec with object_url is code 100; a link ad alone is accepted',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { object_url: 'https://shop.example/x', title: 'Fresh deals' }));
      await created(t, linkAd());
    },
  ],
]);

ruleTests('ADC-LINK-1', [
  [
    'object_url without title is code 100; with title it is accepted',
    async (t) => {
      const { title: _title, ...untitled } = linkAd();
      await rejectsCreate(t, untitled);
      await created(t, { ...untitled, title: 'Fresh deals' });
    },
  ],
]);

ruleTests('ADC-CREATE-2', [
  [
    'object_story_spec makes an unpublished post: object_story_id null, effective_object_story_id the post',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const answer = await read(t, id, 'object_story_id,effective_object_story_id');
      expect(answer.object_story_id ?? null).toBeNull();
      expect(answer.effective_object_story_id).toMatch(new RegExp(`^${f.pageId}_[0-9]+$`));
      const posts: Body[] = [];
      for await (const p of client.listPromotablePostsAll({
        version,
        page_id: f.pageId,
        include_inline: true,
        fields: 'id,is_published',
        limit: 100,
      }))
        posts.push(p);
      const post = posts.find((p) => p.id === answer.effective_object_story_id);
      expect(post, 'the inline post is a post of the page').toBeDefined();
      expect(post!.is_published).toBe(false);
    },
  ],
]);

ruleTests('ADC-CREATE-3', [
  [
    'an identical creative answers the existing id; one that differs in its name is a new one',
    async (t) => {
      const { f } = ctx(t);
      const body = linkCreative(f.pageId);
      const first = await created(t, body);
      expect(await created(t, body)).toBe(first);
      // The same creative with its object_story_spec members in another order is still identical.
      const { page_id, link_data } = body.object_story_spec;
      expect(await created(t, { ...body, object_story_spec: { link_data, page_id } })).toBe(first);
      expect(await created(t, { ...body, name: `${body.name} 2` })).not.toBe(first);
    },
  ],
]);

ruleTests('ADC-CREATE-4', [
  [
    'POLITICAL and POLITICAL_WITH_DIGITALLY_CREATED_MEDIA are accepted and read back; another value is code 100',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { authorization_category: 'ELECTION' }));
      for (const category of ['POLITICAL', 'POLITICAL_WITH_DIGITALLY_CREATED_MEDIA'] as const) {
        const id = await created(t, linkCreative(f.pageId, { authorization_category: category }));
        if (t.partlyJudged('a stateless target does not store the category')) continue;
        expect((await read(t, id, 'authorization_category')).authorization_category).toBe(category);
      }
    },
  ],
]);

ruleTests('ADC-CREATE-5', [
  [
    'value.page with link_caption and link_description is accepted and kept',
    async (t) => {
      const { f } = ctx(t);
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.call_to_action.value = {
        page: f.pageId,
        link_caption: 'Visit',
        link_description: 'Our page',
      };
      const id = await created(t, body);
      if (t.partlyJudged('a stateless target does not store the call to action')) return;
      const answer = await read(t, id, 'object_story_spec{link_data{call_to_action{type,value}}}');
      expect(answer.object_story_spec.link_data.call_to_action).toEqual({
        type: 'SHOP_NOW',
        value: { page: f.pageId, link_caption: 'Visit', link_description: 'Our page' },
      });
    },
  ],
  [
    'a call to action with its type alone (no value) is accepted',
    async (t) => {
      const { f } = ctx(t);
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.call_to_action = { type: 'LEARN_MORE' };
      await created(t, body);
    },
  ],
]);

ruleTests('ADC-CREATE-6', [
  [
    'the sponsor ids with object_story_id of a post tagging them are accepted and kept',
    async (t) => {
      const post = t.fixture('taggedPostId');
      const sponsorPage = t.fixture('sponsorPageId');
      const sponsorId = t.fixture('sponsorId');
      const id = await created(t, {
        name: unique('partner'),
        object_story_id: post,
        platform_branded_content: { sponsor_page_id: sponsorPage },
        photoapp_branded_content: { sponsor_id: sponsorId },
      });
      const answer = await read(
        t,
        id,
        'platform_branded_content{sponsor_page_id},photoapp_branded_content{sponsor_id},object_story_id',
      );
      expect(answer).toMatchObject({
        object_story_id: post,
        platform_branded_content: { sponsor_page_id: sponsorPage },
        photoapp_branded_content: { sponsor_id: sponsorId },
      });
    },
  ],
  [
    'sponsor ids without object_story_id are code 100',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(
        t,
        linkCreative(f.pageId, { platform_branded_content: { sponsor_page_id: t.fixture('sponsorPageId') } }),
      );
    },
  ],
  [
    'a sponsor the post does not tag is code 100',
    async (t) => {
      const { f } = ctx(t);
      t.fixture('sponsorPageId');
      await rejectsCreate(t, {
        name: unique('partner'),
        object_story_id: t.fixture('taggedPostId'),
        platform_branded_content: { sponsor_page_id: f.pageId },
      });
    },
  ],
]);

ruleTests('ADC-CREATE-7', [
  [
    'branded_content_sponsor_page_id is accepted and kept in photo, video and link data',
    async (t) => {
      const { f } = ctx(t);
      const sponsor = t.fixture('sponsorPageId');
      const kinds: Array<[string, Body]> = [
        ['photo_data', { image_hash: t.fixture('imageHash'), branded_content_sponsor_page_id: sponsor }],
        [
          'video_data',
          {
            video_id: '100200300400',
            image_url: 'https://img.example/v.jpg',
            branded_content_sponsor_page_id: sponsor,
          },
        ],
        [
          'link_data',
          {
            link: `https://shop.example/${unique('l')}`,
            message: 'Partner picks',
            branded_content_sponsor_page_id: sponsor,
          },
        ],
      ];
      for (const [member, data] of kinds) {
        const id = await created(t, { name: unique(member), object_story_spec: { page_id: f.pageId, [member]: data } });
        if (t.partlyJudged('a stateless target stores nothing to read back')) continue;
        const answer = await read(t, id, `object_story_spec{${member}{branded_content_sponsor_page_id}}`);
        expect(answer.object_story_spec?.[member]?.branded_content_sponsor_page_id, member).toBe(sponsor);
      }
    },
  ],
]);

ruleTests('ADC-POLITICAL-1', [
  [
    'authorization_category on a dynamic ad (product set, template) is code 100; on other creatives it is accepted',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { authorization_category: 'POLITICAL', product_set_id: '998877' }));
      await rejectsCreate(t, {
        name: unique('template'),
        authorization_category: 'POLITICAL',
        object_story_spec: {
          page_id: f.pageId,
          template_data: {
            link: 'https://shop.example/catalog',
            message: 'Our catalog',
            call_to_action: { type: 'SHOP_NOW' },
          },
        },
      });
      await created(t, linkCreative(f.pageId, { product_set_id: '998877' }));
      await created(t, linkCreative(f.pageId, { authorization_category: 'POLITICAL' }));
      await created(
        t,
        linkCreative(f.pageId, {
          authorization_category: 'POLITICAL',
          asset_feed_spec: { bodies: [{ text: 'Vote early' }, { text: 'Every vote counts' }] },
        }),
      );
    },
  ],
]);

ruleTests('ADC-IMAGE-1', [
  [
    'image_hash with image_url is code 100; each alone is accepted',
    async (t) => {
      const hash = t.fixture('imageHash');
      await rejectsCreate(t, linkAd({ image_hash: hash, image_url: 'https://img.example/a.jpg' } as never));
      await created(t, { ...linkAd(), image_hash: hash });
      await created(t, { ...linkAd(), image_url: 'https://img.example/a.jpg' });
    },
  ],
]);

ruleTests('ADC-IMAGE-2', [
  [
    'a post whose image is over 8 MB is code 100; a post with a small image is accepted',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, { name: unique('big'), object_story_id: t.fixture('oversizedImagePostId') });
      const id = await created(t, linkCreative(f.pageId));
      const post = (await read(t, id, 'effective_object_story_id')).effective_object_story_id;
      await created(t, { name: unique('small'), object_story_id: post });
    },
  ],
  [
    // 8 MB read as 8 x 1024 x 1024 bytes; the posts come from the target (the API takes no post image bytes).
    'a post whose image is exactly 8 MB is accepted; one byte more is code 100',
    async (t) => {
      const atLimit = t.fixture('imageAtLimitPostId');
      const overLimit = t.fixture('imageOverLimitPostId');
      await rejectsCreate(t, { name: unique('over-by-one'), object_story_id: overLimit });
      const id = await created(t, { name: unique('at-limit'), object_story_id: atLimit });
      expect((await read(t, id, 'object_story_id')).object_story_id, 'the creative reads back on that post').toBe(
        atLimit,
      );
    },
  ],
]);

ruleTests('ADC-URL-1', [
  [
    'URLs of 1001 characters are code 100; 1000 characters are accepted',
    async (t) => {
      const { f } = ctx(t);
      const url = (n: number) => `https://shop.example/${'a'.repeat(n - 21)}`;
      expect(url(1001).length).toBe(1001);
      await rejectsCreate(t, { ...linkAd(), object_url: url(1001) });
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.link = url(1001);
      await rejectsCreate(t, body);
      const cta = linkCreative(f.pageId);
      cta.object_story_spec.link_data.call_to_action.value.link = url(1001);
      await rejectsCreate(t, cta);
      await created(t, { ...linkAd(), object_url: url(1000) });
    },
  ],
]);

ruleTests('ADC-STORYSPEC-1', [
  [
    'without page_id, with two data members or with none it is code 100; page_id with one member is accepted',
    async (t) => {
      const { f } = ctx(t);
      const noPage = linkCreative(f.pageId);
      delete noPage.object_story_spec.page_id;
      await rejectsCreate(t, noPage);
      const two = linkCreative(f.pageId);
      two.object_story_spec.text_data = { message: 'hello' };
      await rejectsCreate(t, two);
      await rejectsCreate(t, { name: unique('empty'), object_story_spec: { page_id: f.pageId } });
      await created(t, {
        name: unique('text'),
        object_story_spec: { page_id: f.pageId, text_data: { message: `Hello ${unique('t')}` } },
      });
    },
  ],
]);

ruleTests('ADC-BODY-1', [
  [
    'body on a video post is code 100; the video post without body, and body on a link post, are accepted',
    async (t) => {
      const { f } = ctx(t);
      const video = () => ({
        page_id: f.pageId,
        video_data: { video_id: '100200300400', image_url: `https://img.example/${unique('v')}.jpg` },
      });
      await rejectsCreate(t, { name: unique('video'), body: 'Watch this', object_story_spec: video() });
      await created(t, { name: unique('video'), object_story_spec: video() });
      await created(t, linkCreative(f.pageId, { body: 'Watch this' }));
    },
  ],
]);

ruleTests('ADC-TEXT-1', [
  [
    'an empty title or body is code 100; one character, and more than the recommended maximum, are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ title: '' }));
      await rejectsCreate(t, linkAd({ body: '' }));
      await created(t, linkAd({ title: 'A' }));
      await created(
        t,
        linkAd({
          title: 'Fresh deals for the whole family this spring',
          body: `${'Good prices every day '.repeat(5)}and more`,
        }),
      );
    },
  ],
]);

ruleTests('ADC-TEXT-2', [
  ...['\\', '/', '!', '.', '?', '-', '*', '(', ')', ',', ';', ':'].map(
    (c): Case => [
      `a title starting with ${c} is code 100`,
      async (t) => rejectsCreate(t, linkAd({ title: `${c}Sale` })),
    ],
  ),
  [
    'a body starting with ! is code 100; the same characters inside the text are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: '!Big savings' }));
      await created(t, linkAd({ title: 'Sale (today)', body: 'Big savings: now, here!' }));
    },
  ],
]);

ruleTests('ADC-TEXT-3', [
  [
    'consecutive punctuation is code 100, also after an allowed run; a run of three full stops is accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: 'Great deals!! today' }));
      await rejectsCreate(t, linkAd({ body: 'Wait for it... deals?! today' }));
      await created(t, linkAd({ body: 'Wait for it... deals' }));
    },
  ],
]);

ruleTests('ADC-TEXT-4', [
  [
    'a word of 31 characters is code 100; 30 characters are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: `Buy ${'x'.repeat(31)} now` }));
      await created(t, linkAd({ body: `Buy ${'x'.repeat(30)} now` }));
    },
  ],
]);

ruleTests('ADC-TEXT-5', [
  [
    'four one-character words are code 100; three are accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ body: 'a b c d deals' }));
      await created(t, linkAd({ body: 'a b c deals' }));
    },
  ],
]);

ruleTests('ADC-TEXT-6', [
  ...['^', '~', '_', '=', '{', '}', '[', ']', '|', '<', '>', '\u00b2', '\u2082', '\u0250'].map(
    (c): Case => [
      `the character U+${c.codePointAt(0)!.toString(16).padStart(4, '0')} is code 100`,
      async (t) => rejectsCreate(t, linkAd({ body: `Deals ${c} here` })),
    ],
  ),
  ['a standalone diacritical mark is code 100', async (t) => rejectsCreate(t, linkAd({ body: 'Deals \u0301 here' }))],
  [
    'U+2122, U+2120 and U+0259 are accepted',
    async (t) => created(t, linkAd({ body: `Brand\u2122 Service\u2120 sch\u0259dule ${unique('d')}` })),
  ],
]);

ruleTests('ADC-TEXT-7', [
  [
    'a link ad with a special character is code 100; the same text without it is accepted',
    async (t) => {
      await rejectsCreate(t, linkAd({ title: 'Deals \u2605 now' }));
      await created(t, linkAd({ title: 'Deals now' }));
    },
  ],
  [
    'a page post ad with a special character is accepted',
    async (t) => {
      const { f } = ctx(t);
      await created(t, linkCreative(f.pageId, { body: 'Deals \u2605 now' }));
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.message = 'Deals \u2605 now';
      await created(t, body);
    },
  ],
]);

ruleTests('ADC-CREATE-8', [
  [
    'a create with fields answers the created creative with those fields; without fields only its id',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const body = linkCreative(f.pageId);
      const answer = (await client.createAdCreative({
        version,
        ad_account_id: account,
        fields: 'name,object_story_id,effective_object_story_id',
        body: body as never,
      })) as Body;
      t.defer(() => client.deleteAdCreative({ version, creative_id: answer.id }));
      expect(answer.id).toMatch(/^[0-9]+$/);
      expect(answer.name).toBe(body.name);
      expect(answer.effective_object_story_id).toMatch(new RegExp(`^${f.pageId}_[0-9]+$`));
      expect(Object.keys(answer).sort()).toEqual(
        [
          'effective_object_story_id',
          'id',
          'name',
          ...(answer.object_story_id === undefined ? [] : ['object_story_id']),
        ].sort(),
      );
      const plain = (await client.createAdCreative({
        version,
        ad_account_id: account,
        body: linkCreative(f.pageId) as never,
      })) as Body;
      t.defer(() => client.deleteAdCreative({ version, creative_id: plain.id }));
      expect(Object.keys(plain)).toEqual(['id']);
      // Both creatives exist: a later read of each answers its name.
      if (t.partlyJudged('a stateless target stores nothing to read back')) return;
      expect(await read(t, answer.id, 'name')).toEqual({ id: answer.id, name: body.name });
      expect((await read(t, plain.id, 'id')).id).toBe(plain.id);
    },
  ],
]);

// --- previews and inline posts ----------------------------------------------------------------------------

ruleTests('ADC-PREVIEW-1', [
  [
    'a preview with ad_format answers HTML snippets; without ad_format it is code 100',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      await expectGraphError(t, () => client.getAdCreativePreviews({ version, creative_id: id } as never), {
        code: 100,
        http: 400,
      });
      const feed = await client.getAdCreativePreviews({ version, creative_id: id, ad_format: 'DESKTOP_FEED_STANDARD' });
      expect(feed.data.length).toBeGreaterThan(0);
      expect(feed.data[0]!.body).toMatch(/<iframe[^>]*src="[^"]+"/);
      if (t.partlyJudged('a stateless target answers its stored example for every format')) return;
      const story = await client.getAdCreativePreviews({
        version,
        creative_id: id,
        ad_format: 'PLATFORM_STORY_MOBILE',
      });
      expect(story.data[0]!.body).toMatch(/<iframe/);
      await t.convention(
        'each ad_format answers its own snippet (the frame of a story differs from the desktop feed)',
        () => {
          expect(story.data[0]!.body).not.toBe(feed.data[0]!.body);
        },
      );
    },
  ],
]);

ruleTests('ADC-INLINE-1', [
  [
    'inline-created posts are listed only with include_inline=true',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const post = (await read(t, id, 'effective_object_story_id')).effective_object_story_id;
      const ids = async (include_inline?: boolean) => {
        const out: string[] = [];
        for await (const p of client.listPromotablePostsAll({
          version,
          page_id: f.pageId,
          ...(include_inline === undefined ? {} : { include_inline }),
          fields: 'id',
          limit: 100,
        }))
          out.push(p.id!);
        return out;
      };
      expect(await ids(true)).toContain(post);
      const without = await ids(false);
      expect(without).not.toContain(post);
      expect(await ids()).not.toContain(post);
      // Posts that are not inline are listed either way.
      expect((await ids(true)).filter((p) => p !== post && without.includes(p)).length).toBe(without.length);
    },
  ],
]);

/** How many calls of a rate-limit burst are in flight at once. */
const BURST_WIDTH = 16;

// Last in the file, and conformance.contract.ts runs before this file (harness/run-order.ts): a real ad
// account stays throttled for minutes after the burst, so nothing of this service runs after it.
ruleTests(
  'ADC-RATE-1',
  [
    [
      'an ad account accepts its burst, answers 80004 (HTTP 400) to the next call, and other accounts are still served',
      async (t) => {
        t.requireBursts();
        const { client, version, account } = ctx(t);
        const burst = t.fixture('rateLimitBurst') as number;
        const limited = t.fixture('rateLimitAdAccountId') as string;
        const list = (id: string) => client.listAdCreatives({ version, ad_account_id: id, fields: 'id', limit: 1 });
        // Calls to another account first: they must not count against the limited one (the limit is per account).
        await concurrently(Math.ceil(burst / 2), BURST_WIDTH, () => list(account));
        // The burst goes out BURST_WIDTH calls at a time: one after another, a slow target (a loaded machine, a
        // balancer in front of a shared store) would take longer than the account's window, and its first calls
        // would rightly leave it before the next call is counted.
        const pages = await concurrently(burst, BURST_WIDTH, () => list(limited));
        pages.forEach((page, i) => expect(Array.isArray(page.data), `call ${i + 1} of ${burst}`).toBe(true));
        const e = await expectGraphError(
          t,
          () => client.listAdCreatives({ version, ad_account_id: limited, fields: 'id', limit: 1 }),
          { code: 80004, http: 400 },
        );
        expect(e.subcode).toBe(2446079);
        expect(
          Array.isArray(
            (await client.listAdCreatives({ version, ad_account_id: account, fields: 'id', limit: 1 })).data,
          ),
        ).toBe(true);
      },
    ],
  ],
  { timeout: 120_000 },
);
