// Tenant isolation of the ad creative service: a token of one tenant (the default seed's Globex) never sees,
// lists, changes or infers anything of another (Acme): every probe of an Acme object answers exactly what
// the same probe of an object that does not exist answers (same status, code, subcode and message once
// the id is replaced), and Acme's data is unchanged afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const ACME = { token: 'test-token-admin', account: '1234567890', page: '111222333444', post: '111222333444_999200' };
const GLOBEX = { token: 'test-token-globex', account: '2234567890', page: '222333444555' };
const MISSING = { creative: '120330000099999999', account: '9999999999', page: '999999999999', post: '999999999999_1' };

let session: ReferenceSession;
let base = '';
let acmeCreative = '';

type Answer = { status: number; body: any };

async function call(method: string, path: string, token: string, form?: Record<string, string>): Promise<Answer> {
  const url = new URL(`${base}${path}`);
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}` } };
  if (form) {
    init.body = new URLSearchParams(form);
    (init.headers as Record<string, string>)['content-type'] = 'application/x-www-form-urlencoded';
  }
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

/** The answer with ids replaced and the trace id dropped, to compare an answer about X with one about Y. */
function shape(answer: Answer, ...ids: string[]): unknown {
  let text = JSON.stringify(answer.body);
  for (const id of ids) text = text.split(id).join('<id>');
  const body = JSON.parse(text);
  if (body.error) delete body.error.fbtrace_id;
  return { status: answer.status, body };
}

beforeAll(async () => {
  session = await startReference(['ad-creative']);
  base = session.endpoints['ad-creative']!.baseUrl;
  const created = await call('POST', `/v20.0/act_${ACME.account}/adcreatives`, ACME.token, {
    name: 'Acme secret creative',
    object_story_spec: JSON.stringify({
      page_id: ACME.page,
      link_data: { link: 'https://acme.example/secret', message: 'Acme only' },
    }),
  });
  expect(created.status).toBe(200);
  acmeCreative = created.body.id;
}, 60_000);

afterAll(() => session?.stop());

describe('a token of another tenant', () => {
  it('reads an Acme creative exactly as one that does not exist', async () => {
    const foreign = await call('GET', `/v20.0/${acmeCreative}?fields=id,name`, GLOBEX.token);
    const missing = await call('GET', `/v20.0/${MISSING.creative}?fields=id,name`, GLOBEX.token);
    expect(foreign.body.error?.code).toBe(100);
    expect(shape(foreign, acmeCreative)).toEqual(shape(missing, MISSING.creative));
    for (const edge of ['previews?ad_format=DESKTOP_FEED_STANDARD']) {
      expect(shape(await call('GET', `/v20.0/${acmeCreative}/${edge}`, GLOBEX.token), acmeCreative)).toEqual(
        shape(await call('GET', `/v20.0/${MISSING.creative}/${edge}`, GLOBEX.token), MISSING.creative),
      );
    }
  });

  it('lists an Acme account, and its pages, exactly as ones that do not exist', async () => {
    const foreign = await call('GET', `/v20.0/act_${ACME.account}/adcreatives?summary=total_count`, GLOBEX.token);
    expect(foreign.body.error?.code).toBe(200);
    expect(shape(foreign, ACME.account)).toEqual(
      shape(
        await call('GET', `/v20.0/act_${MISSING.account}/adcreatives?summary=total_count`, GLOBEX.token),
        MISSING.account,
      ),
    );
    const posts = await call('GET', `/v20.0/${ACME.page}/promotable_posts?include_inline=true`, GLOBEX.token);
    expect(shape(posts, ACME.page)).toEqual(
      shape(
        await call('GET', `/v20.0/${MISSING.page}/promotable_posts?include_inline=true`, GLOBEX.token),
        MISSING.page,
      ),
    );
  });

  it('sees only its own creatives in its own list and counts', async () => {
    const own = await call(
      'GET',
      `/v20.0/act_${GLOBEX.account}/adcreatives?fields=id,account_id,name&summary=total_count&limit=100`,
      GLOBEX.token,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.length).toBeGreaterThan(0);
    for (const c of own.body.data) expect(c.account_id).toBe(GLOBEX.account);
    expect(own.body.data.map((c: any) => c.id)).not.toContain(acmeCreative);
    expect(own.body.summary.total_count).toBe(own.body.data.length);
  });

  it('cannot update or delete an Acme creative, answered as for one that does not exist, and nothing changes', async () => {
    const update = await call('POST', `/v20.0/${acmeCreative}`, GLOBEX.token, { name: 'Taken over' });
    expect(shape(update, acmeCreative)).toEqual(
      shape(await call('POST', `/v20.0/${MISSING.creative}`, GLOBEX.token, { name: 'Taken over' }), MISSING.creative),
    );
    const remove = await call('DELETE', `/v20.0/${acmeCreative}`, GLOBEX.token);
    expect(shape(remove, acmeCreative)).toEqual(
      shape(await call('DELETE', `/v20.0/${MISSING.creative}`, GLOBEX.token), MISSING.creative),
    );
    const after = await call('GET', `/v20.0/${acmeCreative}?fields=name,status`, ACME.token);
    expect(after.body).toEqual({ id: acmeCreative, name: 'Acme secret creative', status: 'ACTIVE' });
  });

  it('cannot move its creative into an Acme account, or create there, or use Acme pages and posts', async () => {
    const own = await call('GET', `/v20.0/act_${GLOBEX.account}/adcreatives?fields=id&limit=1`, GLOBEX.token);
    const globexCreative = own.body.data[0].id as string;
    const move = await call('POST', `/v20.0/${globexCreative}`, GLOBEX.token, { account_id: ACME.account });
    expect(shape(move, ACME.account)).toEqual(
      shape(
        await call('POST', `/v20.0/${globexCreative}`, GLOBEX.token, { account_id: MISSING.account }),
        MISSING.account,
      ),
    );
    const create = await call('POST', `/v20.0/act_${ACME.account}/adcreatives`, GLOBEX.token, {
      name: 'x',
      object_url: 'https://globex.example/',
      title: 'Deals',
    });
    expect(shape(create, ACME.account)).toEqual(
      shape(
        await call('POST', `/v20.0/act_${MISSING.account}/adcreatives`, GLOBEX.token, {
          name: 'x',
          object_url: 'https://globex.example/',
          title: 'Deals',
        }),
        MISSING.account,
      ),
    );
    const withPage = (page: string) =>
      call('POST', `/v20.0/act_${GLOBEX.account}/adcreatives`, GLOBEX.token, {
        name: `p ${page}`,
        object_story_spec: JSON.stringify({ page_id: page, text_data: { message: 'hi' } }),
      });
    const acmePage = await withPage(ACME.page);
    expect(acmePage.body.error?.code).toBe(100);
    expect(shape(acmePage, ACME.page)).toEqual(shape(await withPage(MISSING.page), MISSING.page));
    const withPost = (post: string) =>
      call('POST', `/v20.0/act_${GLOBEX.account}/adcreatives`, GLOBEX.token, {
        name: `s ${post}`,
        object_story_id: post,
      });
    const acmePost = await withPost(ACME.post);
    expect(acmePost.body.error?.code).toBe(100);
    expect(shape(acmePost, ACME.post)).toEqual(shape(await withPost(MISSING.post), MISSING.post));
    // Its own page works, so the refusals above are about the tenant.
    expect((await withPage(GLOBEX.page)).status).toBe(200);
  });

  it('learns nothing from ids or cursors about how many creatives another tenant made', async () => {
    const make = (token: string, account: string, tag: string) =>
      call('POST', `/v20.0/act_${account}/adcreatives`, token, {
        name: tag,
        object_url: `https://x.example/${tag}`,
        title: 'Deals',
      });
    const first = (await make(GLOBEX.token, GLOBEX.account, 'g1')).body.id as string;
    for (let i = 0; i < 10; i++) await make(ACME.token, ACME.account, `a${i}`);
    const second = (await make(GLOBEX.token, GLOBEX.account, 'g2')).body.id as string;
    // Ids are not a counter: the gap does not count Acme's creates.
    expect(BigInt(second) - BigInt(first)).not.toBe(11n);
    expect(BigInt(second) - BigInt(first)).not.toBe(1n);
    // A cursor names an item of the list itself, nothing else.
    const page = await call('GET', `/v20.0/act_${GLOBEX.account}/adcreatives?fields=id&limit=1`, GLOBEX.token);
    expect(Buffer.from(page.body.paging.cursors.after, 'base64url').toString()).toBe(page.body.data[0].id);
    // An Acme id as a cursor is refused like any cursor of another list.
    const foreignCursor = Buffer.from(acmeCreative).toString('base64url');
    const bogusCursor = Buffer.from(MISSING.creative).toString('base64url');
    const withCursor = (cursor: string) =>
      call('GET', `/v20.0/act_${GLOBEX.account}/adcreatives?fields=id&after=${cursor}`, GLOBEX.token);
    expect(shape(await withCursor(foreignCursor), foreignCursor)).toEqual(
      shape(await withCursor(bogusCursor), bogusCursor),
    );
  });

  it('cannot fetch the thumbnail of an Acme creative by rewriting the URL of its own', async () => {
    const own = await call(
      'GET',
      `/v20.0/act_${GLOBEX.account}/adcreatives?fields=id,thumbnail_url&limit=1`,
      GLOBEX.token,
    );
    const url = own.body.data[0].thumbnail_url as string;
    expect((await fetch(url)).status).toBe(200);
    const forged = url.replace(`/${own.body.data[0].id}/`, `/${acmeCreative}/`);
    expect((await fetch(forged)).status).toBe(404);
  });
});
