// The public business SDK for Node (the devDependency, unchanged) drives the reference: its Graph host is the
// API class's static GRAPH getter (src/api.js), pointed here at the reference on loopback, so
// nothing leaves the machine. The SDK sends JSON bodies with access_token in the query string and GET
// requests with an empty JSON body; the reference must take both as the public service does.
import bizSdk from 'facebook-nodejs-business-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const { FacebookAdsApi, AdAccount, AdCreative } = bizSdk as any;

const TOKEN = 'test-token-admin';
const ACCOUNT = 'act_1234567890';
const PAGE = '111222333444';

let session: ReferenceSession;
let restoreGraph: PropertyDescriptor | undefined;

beforeAll(async () => {
  session = await startReference(['ad-creative']);
  const base = session.endpoints['ad-creative']!.baseUrl;
  restoreGraph = Object.getOwnPropertyDescriptor(FacebookAdsApi, 'GRAPH');
  Object.defineProperty(FacebookAdsApi, 'GRAPH', { get: () => base, configurable: true });
  // No crash reporting (it would post to the public host).
  FacebookAdsApi.init(TOKEN, undefined, false);
}, 60_000);

afterAll(async () => {
  if (restoreGraph) Object.defineProperty(FacebookAdsApi, 'GRAPH', restoreGraph);
  await session?.stop();
});

function spec(tag: string) {
  return {
    page_id: PAGE,
    link_data: {
      link: `https://shop.example/${tag}`,
      message: `SDK ${tag}`,
      call_to_action: { type: 'SHOP_NOW', value: { link: `https://shop.example/${tag}` } },
    },
  };
}

describe('the public business SDK against the reference', () => {
  it('creates a creative and reads it with fields, nested selections included', async () => {
    const account = new AdAccount(ACCOUNT);
    const created = await account.createAdCreative([], { name: 'SDK creative one', object_story_spec: spec('one') });
    expect(created.id).toMatch(/^[0-9]+$/);
    const read = await new AdCreative(created.id).get([
      'name',
      'status',
      'object_story_id',
      'effective_object_story_id',
      'object_story_spec{link_data{call_to_action{type}}}',
    ]);
    expect(read.name).toBe('SDK creative one');
    expect(read.status).toBe('ACTIVE');
    expect(read.effective_object_story_id).toMatch(new RegExp(`^${PAGE}_[0-9]+$`));
    expect(read.object_story_spec).toEqual({ link_data: { call_to_action: { type: 'SHOP_NOW' } } });
    // An identical create answers the same creative.
    expect((await account.createAdCreative([], { name: 'SDK creative one', object_story_spec: spec('one') })).id).toBe(
      created.id,
    );
  });

  it('lists the account with paging through its cursor', async () => {
    const account = new AdAccount(ACCOUNT);
    const ids: string[] = [];
    for (const tag of ['p1', 'p2', 'p3'])
      ids.push((await account.createAdCreative([], { name: `SDK ${tag}`, object_story_spec: spec(tag) })).id);
    const cursor = await account.getAdCreatives(['name'], { limit: 2 });
    expect(cursor.length).toBe(2);
    const seen: string[] = cursor.map((c: any) => c.id);
    let page = cursor;
    while (page.hasNext()) {
      page = await page.next();
      seen.push(...page.map((c: any) => c.id));
    }
    for (const id of ids) expect(seen).toContain(id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('updates and deletes a creative', async () => {
    const created = await new AdAccount(ACCOUNT).createAdCreative([], {
      name: 'SDK to update',
      object_story_spec: spec('upd'),
    });
    const creative = new AdCreative(created.id);
    const updated = await creative.update([], { name: 'SDK updated', status: 'ACTIVE' });
    expect(updated).toEqual({ success: true });
    expect((await new AdCreative(created.id).get(['name'])).name).toBe('SDK updated');
    await new AdCreative(created.id).delete([]);
    expect((await new AdCreative(created.id).get(['status'])).status).toBe('DELETED');
  });

  it("surfaces a refusal as the SDK's own FacebookRequestError with the Graph code", async () => {
    const account = new AdAccount(ACCOUNT);
    const error = await account
      .createAdCreative([], { name: 'n'.repeat(101), object_story_spec: spec('long') })
      .catch((e: unknown) => e);
    // The bundle does not export the class; its instances name it (src/exceptions.js).
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('FacebookRequestError');
    expect(error.constructor.name).toBe('FacebookRequestError');
    expect(error.status).toBe(400);
    expect(error.response.code).toBe(100);
    expect(error.response.fbtrace_id).toEqual(expect.any(String));
    const unknown = await new AdCreative('120330000099999999').get(['name']).catch((e: unknown) => e);
    expect(unknown.name).toBe('FacebookRequestError');
    expect(unknown.response.code).toBe(100);
    expect(unknown.response.error_subcode).toBe(33);
  });
});
