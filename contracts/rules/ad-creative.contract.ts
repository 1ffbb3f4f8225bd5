// Rules of the ad creative service (ADC-*), through the generated AdCreativeClient.
import { expect } from 'vitest';
import type { AdCreativeClient } from '../../generated/ad-creative/client.js';
import { expectGraphError, unique } from '../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../harness/rule-test.js';

function ctx(t: RuleContext) {
  const f = t.session.fixtures['ad-creative'];
  return { f, client: t.clients.adCreative(), version: f.apiVersion, account: f.adAccountId };
}

/** A link creative whose content is unique to this call. */
function linkCreative(pageId: string, extra: Record<string, unknown> = {}) {
  const tag = unique('c');
  return {
    name: `Contract ${tag}`,
    object_story_spec: {
      page_id: pageId,
      link_data: { link: `https://shop.example/${tag}`, message: 'Spring sale', call_to_action: { type: 'SHOP_NOW' as const, value: { link: `https://shop.example/${tag}` } } },
    },
    ...extra,
  };
}

async function createOne(client: AdCreativeClient, version: string, account: string, body: Record<string, unknown>): Promise<string> {
  const created = await client.createAdCreative({ version, ad_account_id: account, body: body as never });
  expect(created.id).toMatch(/^[0-9]+$/);
  return created.id;
}

/** A create that must be rejected with code 100. */
function rejectsCreate(t: RuleContext, body: Record<string, unknown>) {
  const { client, version, account } = ctx(t);
  return expectGraphError(t, () => client.createAdCreative({ version, ad_account_id: account, body: body as never }), { code: 100, http: 400 });
}

ruleTest('ADC-AUTH-1', 'an invalid access token is rejected with code 190', async (t) => {
  const { f, version } = ctx(t);
  const client = t.clients.adCreative(f.invalidToken);
  await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '120330000008134415' }), { code: 190, http: 400 });
});

ruleTests('ADC-AUTH-2', [
  ['a read sends access_token in the query and is accepted', async (t) => {
    const { f, client, version, account } = ctx(t);
    await client.listAdCreatives({ version, ad_account_id: account, limit: 1 });
    const sent = t.recorder.last()!;
    expect(sent.url).toContain('access_token=');
    expect(sent.status).toBe(200);
    void f;
  }],
  ['a write sends access_token as a form field and is accepted', async (t) => {
    const { f, client, version, account } = ctx(t);
    await client.createAdCreative({ version, ad_account_id: account, body: linkCreative(f.pageId) });
    const sent = t.recorder.last()!;
    expect(sent.requestContentType).toBe('application/x-www-form-urlencoded');
    expect(sent.requestBody).toContain('access_token=');
    expect(sent.url).not.toContain('access_token=');
    expect(sent.status).toBe(200);
  }],
]);

ruleTest('ADC-AUTH-3', 'a token of a development-level app gets code 270', async (t) => {
  const { f, version, account } = ctx(t);
  if (!f.devAccessToken) t.notApplicable('no devAccessToken fixture');
  const client = t.clients.adCreative(f.devAccessToken);
  await expectGraphError(t, () => client.listAdCreatives({ version, ad_account_id: account }), { code: 270, http: 403 });
});

ruleTest('ADC-PERM-1', 'a token without access to the account gets code 200', async (t) => {
  const { f, version, account } = ctx(t);
  if (!f.noAccessToken) t.notApplicable('no noAccessToken fixture');
  const client = t.clients.adCreative(f.noAccessToken);
  await expectGraphError(t, () => client.listAdCreatives({ version, ad_account_id: account }), { code: 200, http: 403 });
});

ruleTest('ADC-ERROR-1', 'an error answer has message, type, code and fbtrace_id', async (t) => {
  const { version } = ctx(t);
  const client = t.clients.adCreative(t.session.fixtures['ad-creative'].invalidToken);
  const e = await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '1' }), { code: 190 });
  const body = e.body as { error: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ message: expect.any(String), type: expect.any(String), code: 190, fbtrace_id: expect.any(String) });
});

ruleTest('ADC-VERSION-1', 'a version segment not of the form v<number>.0 is not accepted', async (t) => {
  const { f } = ctx(t);
  const url = `${t.clients.baseUrl('ad-creative')}/version20/120330000008134415?access_token=${encodeURIComponent(f.accessToken)}`;
  const response = await t.clients.fetch(url);
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: number } } | undefined;
  t.mockLimitationIf(typeof body?.error?.code !== 'number', `the mock answered HTTP ${response.status} in its own shape`);
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(body?.error?.code).toBe(100);
});

ruleTest('ADC-VERSION-2', 'creatives report IN_PROCESS or WITH_ISSUES only under versions from 4.0', async (t) => {
  const { f, client, version, account } = ctx(t);
  const id = await createOne(client, version, account, linkCreative(f.pageId));
  const read = await client.getAdCreative({ version, creative_id: id, fields: ['id', 'status'] });
  expect(['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED']).toContain(read.status);
  const old = await t.clients.fetch(`${t.clients.baseUrl('ad-creative')}/v3.0/${id}?fields=status&access_token=${encodeURIComponent(f.accessToken)}`);
  const body = (await old.json()) as { status?: string };
  if (old.ok) expect(['IN_PROCESS', 'WITH_ISSUES']).not.toContain(body.status);
});

ruleTest('ADC-READ-1', 'a read returns the requested fields plus id, and no others', async (t) => {
  const { f, client, version, account } = ctx(t);
  const id = await createOne(client, version, account, linkCreative(f.pageId));
  const read = await client.getAdCreative({ version, creative_id: id, fields: ['name', 'status'] });
  expect(Object.keys(read).sort()).toEqual(['id', 'name', 'status']);
  expect(read.id).toBe(id);
});

ruleTest('ADC-READ-2', 'thumbnail_width and thumbnail_height default to 64', async (t) => {
  const { f, client, version } = ctx(t);
  const id = t.isMock ? '120330000008134415' : await createOne(client, version, f.adAccountId, linkCreative(f.pageId));
  const read = await client.getAdCreative({ version, creative_id: id, fields: ['thumbnail_url'] });
  const explicit = await client.getAdCreative({ version, creative_id: id, fields: ['thumbnail_url'], thumbnail_width: 64, thumbnail_height: 64 });
  expect(read.thumbnail_url).toBeTypeOf('string');
  expect(read.thumbnail_url).toBe(explicit.thumbnail_url);
});

ruleTest('ADC-READ-3', 'reading a creative that does not exist is code 100 subcode 33', async (t) => {
  const { client, version } = ctx(t);
  await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '999999999999999999' }), { code: 100, http: 400, subcode: 33 });
});

ruleTests('ADC-FIELDS-1', [
  ['a nested selection name{a,b} is accepted and selects those members', async (t) => {
    const { client, version, f } = ctx(t);
    const id = t.isMock ? '120330000008134415' : await createOne(client, version, f.adAccountId, linkCreative(f.pageId));
    const read = await client.getAdCreative({ version, creative_id: id, fields: 'id,object_story_spec{page_id}' });
    expect(read.id).toBe(id);
    // A mock answers its stored example whatever the selection; a real service answers page_id alone.
    if (!t.isMock) expect(read.object_story_spec).toEqual({ page_id: f.pageId });
  }],
  ['a malformed selection is code 2500', async (t) => {
    const { client, version } = ctx(t);
    await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '120330000008134415', fields: 'name{{' }), { code: 2500, http: 400 });
  }],
]);

ruleTest('ADC-UPDATE-1', 'an update of name and status answers success: true', async (t) => {
  const { f, client, version } = ctx(t);
  const id = t.isMock ? '120330000008134415' : await createOne(client, version, f.adAccountId, linkCreative(f.pageId));
  const result = await client.updateAdCreative({ version, creative_id: id, body: { name: 'Renamed by contract', status: 'ACTIVE' } });
  expect(result).toEqual({ success: true });
});

ruleTest('ADC-UPDATE-2', 'create, read, update, list, delete, read-after-delete', async (t) => {
  const { f, client, version, account } = ctx(t);
  const id = await createOne(client, version, account, linkCreative(f.pageId));
  expect((await client.getAdCreative({ version, creative_id: id, fields: ['id'] })).id).toBe(id);
  const name = unique('renamed');
  await client.updateAdCreative({ version, creative_id: id, body: { name } });
  expect((await client.getAdCreative({ version, creative_id: id, fields: ['name'] })).name).toBe(name);
  const listed: string[] = [];
  for await (const c of client.listAdCreativesAll({ version, ad_account_id: account, fields: ['id'], limit: 50 })) listed.push(c.id!);
  expect(listed).toContain(id);
  await client.deleteAdCreative({ version, creative_id: id });
  await readAfterDelete(t, client, version, id);
});

async function readAfterDelete(t: RuleContext, client: AdCreativeClient, version: string, id: string) {
  try {
    const read = await client.getAdCreative({ version, creative_id: id, fields: ['status'] });
    expect(read.status).toBe('DELETED');
  } catch {
    await expectGraphError(t, () => client.getAdCreative({ version, creative_id: id }), { code: 100 });
  }
}

ruleTest('ADC-NAME-1', 'a name of 101 characters is rejected with code 100', async (t) => {
  const { f } = ctx(t);
  await rejectsCreate(t, linkCreative(f.pageId, { name: 'n'.repeat(101) }));
});

ruleTest('ADC-STATUS-1', 'an unknown status is rejected with code 100', async (t) => {
  const { client, version } = ctx(t);
  await expectGraphError(t, () => client.updateAdCreative({ version, creative_id: '120330000008134415', body: { status: 'PAUSED' as never } }), { code: 100, http: 400 });
});

ruleTest('ADC-DELETE-1', 'a delete answers success and the creative then reads as DELETED or not at all', async (t) => {
  const { f, client, version, account } = ctx(t);
  const id = await createOne(client, version, account, linkCreative(f.pageId));
  expect(await client.deleteAdCreative({ version, creative_id: id })).toEqual({ success: true });
  await readAfterDelete(t, client, version, id);
});

ruleTest('ADC-LIST-1', 'the list pages through the account creatives with cursors', async (t) => {
  const { f, client, version, account } = ctx(t);
  const ids = [await createOne(client, version, account, linkCreative(f.pageId)), await createOne(client, version, account, linkCreative(f.pageId))];
  const seen: string[] = [];
  let page = await client.listAdCreatives({ version, ad_account_id: account, fields: ['id'], limit: 1 });
  for (let n = 1; ; n++) {
    seen.push(...page.data.map((c) => c.id!));
    const after = page.paging?.next ? page.paging.cursors?.after : undefined;
    if (!after || seen.length > 50_000) break;
    // One creative a page at first, so that cursors are followed one by one; then pages of 100, because
    // one call per creative takes hours on a large account.
    page = await client.listAdCreatives({ version, ad_account_id: account, fields: ['id'], limit: n < 3 ? 1 : 100, after });
  }
  for (const id of ids) expect(seen).toContain(id);
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.length).toBeLessThanOrEqual(50_000);
});

ruleTest('ADC-LIST-2', 'paging.next is present while pages follow and absent on the last page', async (t) => {
  const { f, client, version, account } = ctx(t);
  await createOne(client, version, account, linkCreative(f.pageId));
  await createOne(client, version, account, linkCreative(f.pageId));
  const first = await client.listAdCreatives({ version, ad_account_id: account, limit: 1 });
  expect(first.paging?.cursors?.after).toBeTypeOf('string');
  expect(first.paging?.next).toBeTypeOf('string');
  let page = first;
  for (let i = 0; i < 100_000 && page.paging?.next; i++) {
    page = await client.listAdCreatives({ version, ad_account_id: account, limit: 100, after: page.paging.cursors!.after });
  }
  expect(page.paging?.next).toBeUndefined();
});

ruleTests('ADC-CREATE-1', [
  ['no content source is rejected', async (t) => rejectsCreate(t, { name: unique('none') })],
  ['object_story_spec with object_story_id is rejected', async (t) => {
    const { f } = ctx(t);
    await rejectsCreate(t, linkCreative(f.pageId, { object_story_id: `${f.pageId}_1` }));
  }],
  ['object_story_spec alone is accepted', async (t) => {
    const { f, client, version, account } = ctx(t);
    await createOne(client, version, account, linkCreative(f.pageId));
  }],
]);

ruleTest('ADC-CREATE-2', 'with object_story_spec, object_story_id stays null and effective_object_story_id holds the post', async (t) => {
  const { f, client, version, account } = ctx(t);
  const id = await createOne(client, version, account, linkCreative(f.pageId));
  const read = await client.getAdCreative({ version, creative_id: id, fields: ['object_story_id', 'effective_object_story_id'] });
  expect(read.object_story_id ?? null).toBeNull();
  expect(read.effective_object_story_id).toMatch(new RegExp(`^${f.pageId}_[0-9]+$`));
});

ruleTest('ADC-CREATE-3', 'an identical creative returns the existing id', async (t) => {
  const { f, client, version, account } = ctx(t);
  const body = linkCreative(f.pageId);
  const first = await createOne(client, version, account, body);
  const second = await createOne(client, version, account, body);
  expect(second).toBe(first);
});

ruleTests('ADC-CREATE-4', [
  ['POLITICAL and POLITICAL_WITH_DIGITALLY_CREATED_MEDIA are accepted', async (t) => {
    const { f, client, version, account } = ctx(t);
    for (const category of ['POLITICAL', 'POLITICAL_WITH_DIGITALLY_CREATED_MEDIA'] as const) {
      const id = await createOne(client, version, account, linkCreative(f.pageId, { authorization_category: category }));
      if (!t.isMock) expect((await client.getAdCreative({ version, creative_id: id, fields: ['authorization_category'] })).authorization_category).toBe(category);
    }
  }],
  ['another authorization_category is rejected', async (t) => {
    const { f } = ctx(t);
    await rejectsCreate(t, linkCreative(f.pageId, { authorization_category: 'ELECTION' }));
  }],
]);

ruleTests('ADC-CREATE-5', [
  ['a link_data call to action without value.link or value.page is rejected', async (t) => {
    const { f } = ctx(t);
    const body = linkCreative(f.pageId);
    (body.object_story_spec.link_data.call_to_action as Record<string, unknown>).value = { link_caption: 'Buy' };
    await rejectsCreate(t, body);
  }],
  ['value.page with link_caption and link_description is accepted', async (t) => {
    const { f, client, version, account } = ctx(t);
    const body = linkCreative(f.pageId);
    (body.object_story_spec.link_data.call_to_action as Record<string, unknown>).value = { page: f.pageId, link_caption: 'Visit', link_description: 'Our page' };
    await createOne(client, version, account, body);
  }],
]);

ruleTest('ADC-CREATE-6', 'a partnership creative with sponsor ids and object_story_id is accepted', async (t) => {
  const { f, client, version, account } = ctx(t);
  await createOne(client, version, account, {
    name: unique('partner'),
    object_story_id: `${f.pageId}_123456`,
    platform_branded_content: { sponsor_page_id: f.pageId },
    photoapp_branded_content: { sponsor_id: '17841400000000000' },
  });
});

ruleTest('ADC-CREATE-7', 'photo_data.branded_content_sponsor_page_id is accepted', async (t) => {
  const { f, client, version, account } = ctx(t);
  await createOne(client, version, account, {
    name: unique('photo'),
    object_story_spec: { page_id: f.pageId, photo_data: { image_hash: unique('hash'), branded_content_sponsor_page_id: '555666777' } },
  });
});

ruleTest('ADC-POLITICAL-1', 'authorization_category on a dynamic ad (product_set_id) is rejected', async (t) => {
  const { f } = ctx(t);
  await rejectsCreate(t, linkCreative(f.pageId, { authorization_category: 'POLITICAL', product_set_id: '998877' }));
});

ruleTest('ADC-IMAGE-1', 'image_hash with image_url is rejected', async (t) => {
  const { f } = ctx(t);
  await rejectsCreate(t, linkCreative(f.pageId, { image_hash: 'abc123', image_url: 'https://img.example/a.jpg' }));
});

ruleTest('ADC-IMAGE-2', 'a post whose image is over 8 MB cannot be used', async (t) => {
  const { f } = ctx(t);
  if (!f.oversizedImagePostId) t.notApplicable('no oversizedImagePostId fixture');
  await rejectsCreate(t, { name: unique('big'), object_story_id: f.oversizedImagePostId });
});

ruleTest('ADC-URL-1', 'an object_url of 1001 characters is rejected', async (t) => {
  await rejectsCreate(t, { name: unique('url'), object_url: `https://shop.example/${'a'.repeat(1001 - 21)}`, title: 'Sale', body: 'Good prices' });
});

ruleTests('ADC-STORYSPEC-1', [
  ['without page_id is rejected', async (t) => {
    const { f } = ctx(t);
    const body = linkCreative(f.pageId) as any;
    delete body.object_story_spec.page_id;
    await rejectsCreate(t, body);
  }],
  ['with two data members is rejected', async (t) => {
    const { f } = ctx(t);
    const body = linkCreative(f.pageId) as any;
    body.object_story_spec.text_data = { message: 'hello' };
    await rejectsCreate(t, body);
  }],
]);

ruleTest('ADC-BODY-1', 'body on a video post creative is rejected', async (t) => {
  const { f } = ctx(t);
  await rejectsCreate(t, { name: unique('video'), body: 'Watch this', object_story_spec: { page_id: f.pageId, video_data: { video_id: '123', image_url: 'https://img.example/v.jpg' } } });
});

/** A link ad (object_url) whose title or body is the given text. */
function linkAd(text: { title?: string; body?: string }) {
  return { name: unique('text'), object_url: 'https://shop.example/p', title: 'Fresh deals', body: 'Good prices every day', ...text };
}

ruleTests('ADC-TEXT-1', [
  ['an empty title is rejected', async (t) => rejectsCreate(t, linkAd({ title: '' }))],
  ['an empty body is rejected', async (t) => rejectsCreate(t, linkAd({ body: '' }))],
]);

ruleTests('ADC-TEXT-2', [
  ...['\\', '/', '!', '.', '?', '-', '*', '(', ')', ',', ';', ':'].map((c): [string, (t: RuleContext) => Promise<unknown>] => [`a title starting with ${c} is rejected`, async (t) => rejectsCreate(t, linkAd({ title: `${c}Sale` }))]),
  ['a body starting with ! is rejected', async (t) => rejectsCreate(t, linkAd({ body: '!Big savings' }))],
]);

ruleTests('ADC-TEXT-3', [
  ['consecutive punctuation is rejected', async (t) => rejectsCreate(t, linkAd({ body: 'Great deals!! today' }))],
  ['a run of three full stops is accepted', async (t) => {
    const { client, version, account } = ctx(t);
    await createOne(client, version, account, linkAd({ body: 'Wait for it... deals' }));
  }],
]);

ruleTest('ADC-TEXT-4', 'a word of 31 characters is rejected', async (t) => rejectsCreate(t, linkAd({ body: `Buy ${'x'.repeat(31)} now` })));
ruleTest('ADC-TEXT-5', 'four one-character words are rejected', async (t) => rejectsCreate(t, linkAd({ body: 'a b c d deals' })));
ruleTests('ADC-TEXT-6', [
  ...['^', '~', '_', '=', '{', '}', '[', ']', '|', '<', '>', '\u00b2', '\u0301', '\u0250'].map((c): [string, (t: RuleContext) => Promise<unknown>] => [`the character U+${c.codePointAt(0)!.toString(16).padStart(4, '0')} is rejected`, async (t) => rejectsCreate(t, linkAd({ body: `Deals ${c} here` }))]),
  ['U+2122 and U+0259 are accepted', async (t) => {
    const { client, version, account } = ctx(t);
    await createOne(client, version, account, linkAd({ body: 'Brand\u2122 sch\u0259dule deals' }));
  }],
]);
ruleTests('ADC-TEXT-7', [
  ['a link ad with a special character is rejected', async (t) => rejectsCreate(t, linkAd({ title: 'Deals \u2605 now' }))],
  ['a page post ad with a special character is accepted', async (t) => {
    const { f, client, version, account } = ctx(t);
    const body = linkCreative(f.pageId);
    body.object_story_spec.link_data.message = 'Deals \u2605 now';
    await createOne(client, version, account, body);
  }],
]);

ruleTests('ADC-PREVIEW-1', [
  ['a preview with ad_format answers HTML snippets', async (t) => {
    const { f, client, version } = ctx(t);
    const id = t.isMock ? '120330000008134415' : await createOne(client, version, f.adAccountId, linkCreative(f.pageId));
    const preview = await client.getAdCreativePreviews({ version, creative_id: id, ad_format: 'DESKTOP_FEED_STANDARD' });
    expect(preview.data.length).toBeGreaterThan(0);
    expect(preview.data[0]!.body).toMatch(/<iframe/);
  }],
  ['a preview without ad_format is code 100', async (t) => {
    const { client, version } = ctx(t);
    await expectGraphError(t, () => client.getAdCreativePreviews({ version, creative_id: '120330000008134415' } as never), { code: 100, http: 400 });
  }],
]);

ruleTest('ADC-INLINE-1', 'inline-created posts are listed only with include_inline=true', async (t) => {
  const { f, client, version, account } = ctx(t);
  const id = await createOne(client, version, account, linkCreative(f.pageId));
  const post = (await client.getAdCreative({ version, creative_id: id, fields: ['effective_object_story_id'] })).effective_object_story_id!;
  const ids = async (include_inline: boolean) => {
    const out: string[] = [];
    for await (const p of client.listPromotablePostsAll({ version, page_id: f.pageId, include_inline, limit: 100 })) out.push(p.id!);
    return out;
  };
  expect(await ids(true)).toContain(post);
  expect(await ids(false)).not.toContain(post);
});

// Last in the file, and conformance.contract.ts runs before this file (harness/run-order.ts): a real ad
// account stays throttled for minutes after the burst, so nothing of this service runs after it.
ruleTest('ADC-RATE-1', 'a burst of calls to one ad account ends in code 80004', async (t) => {
  const { f, client, version, account } = ctx(t);
  const burst = f.rateLimitBurst ?? 0;
  if (!burst) t.notApplicable('no rateLimitBurst fixture');
  const error = await expectGraphError(t, async () => {
    for (let i = 0; i <= burst; i++) await client.listAdCreatives({ version, ad_account_id: account, limit: 1 });
  }, { code: 80004, http: 429 });
  expect(error.httpStatus).toBe(429);
});
