// What the public service's own clients send is accepted: form-encoded, multipart and JSON writes, the
// access token in the query string, a form field or a bearer header, GET requests with an empty JSON body;
// and `fields` selections as the public field expansion writes them.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFields } from '../../reference/ad-creative/fields.js';
import { pngSize, encodePng } from '../../reference/ad-creative/png.js';
import { textRuleViolation } from '../../reference/ad-creative/text-rules.js';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const TOKEN = 'test-token-admin';
const ACCOUNT = '1234567890';
const PAGE = '111222333444';

let session: ReferenceSession;
let base = '';

beforeAll(async () => {
  session = await startReference(['ad-creative']);
  base = session.endpoints['ad-creative']!.baseUrl;
}, 60_000);
afterAll(() => session?.stop());

const spec = (tag: string) => ({
  page_id: PAGE,
  link_data: { link: `https://shop.example/${tag}`, message: `Wire ${tag}` },
});

async function readName(id: string): Promise<string> {
  const response = await fetch(`${base}/v20.0/${id}?fields=name`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await response.json()) as { name: string }).name;
}

describe('writes in every encoding the public clients use', () => {
  it('form-encoded with the token as a form field', async () => {
    const body = new URLSearchParams({
      name: 'Wire form',
      object_story_spec: JSON.stringify(spec('form')),
      access_token: TOKEN,
    });
    const response = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives`, { method: 'POST', body });
    expect(response.status).toBe(200);
    expect(await readName(((await response.json()) as { id: string }).id)).toBe('Wire form');
  });

  it('multipart with the token in the query string', async () => {
    const body = new FormData();
    body.set('name', 'Wire multipart');
    body.set('object_story_spec', JSON.stringify(spec('multipart')));
    const response = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives?access_token=${TOKEN}`, {
      method: 'POST',
      body,
    });
    expect(response.status).toBe(200);
    expect(await readName(((await response.json()) as { id: string }).id)).toBe('Wire multipart');
  });

  it('JSON with objects as objects and a bearer token; the same creative as a form is identical', async () => {
    const response = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ name: 'Wire json', object_story_spec: spec('json') }),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(await readName(id)).toBe('Wire json');
    const form = new URLSearchParams({
      name: 'Wire json',
      object_story_spec: JSON.stringify(spec('json')),
      access_token: TOKEN,
    });
    const again = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives`, { method: 'POST', body: form });
    expect(((await again.json()) as { id: string }).id).toBe(id);
  });

  it('a GET carrying an empty JSON body, as the business SDK sends it', async () => {
    // fetch refuses a GET body; node:http sends it as axios does.
    const url = new URL(`${base}/v20.0/act_${ACCOUNT}/adcreatives?fields=id&limit=1&access_token=${TOKEN}`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': '2' } },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { data: unknown[] }).data.length).toBe(1);
  });

  it('answers a request without any token with code 104, and an unknown one with 190', async () => {
    const none = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives`);
    expect(none.status).toBe(400);
    expect(((await none.json()) as any).error).toMatchObject({
      code: 104,
      type: 'OAuthException',
      fbtrace_id: expect.any(String),
    });
    const bad = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives?access_token=nope`);
    expect(((await bad.json()) as any).error.code).toBe(190);
  });
});

describe('field selections', () => {
  it('parses nesting at any depth, blanks, modifiers and aliases', () => {
    expect(
      parseFields(
        'id, name ,object_story_spec{link_data{call_to_action{type,value{link}}}}, name.as(label), adlabels.limit(5){name}',
      ),
    ).toEqual([
      { name: 'id' },
      { name: 'name' },
      {
        name: 'object_story_spec',
        nested: [
          {
            name: 'link_data',
            nested: [
              { name: 'call_to_action', nested: [{ name: 'type' }, { name: 'value', nested: [{ name: 'link' }] }] },
            ],
          },
        ],
      },
      { name: 'name', alias: 'label' },
      { name: 'adlabels', nested: [{ name: 'name' }] },
    ]);
  });

  it.each(['name{{', 'name{status', 'name}', 'name,{status}', 'na-me', 'name.as()', 'name.limit(5'])(
    'refuses %s with code 2500',
    (text) => {
      expect(() => parseFields(text)).toThrow(
        expect.objectContaining({
          httpStatus: 400,
          body: expect.objectContaining({ error: expect.objectContaining({ code: 2500 }) }),
        }),
      );
    },
  );
});

describe('title and body rules and thumbnails', () => {
  it('judges each rule and names the parameter', () => {
    expect(textRuleViolation('title', 'Great deals!! today', true)).toMatch(/^title .*rule 3/);
    expect(textRuleViolation('body', 'Wait for it... deals', true)).toBeUndefined();
    expect(textRuleViolation('title', 'Deals \u2605 now', true)).toMatch(/rule 7/);
    expect(textRuleViolation('title', 'Deals \u2605 now', false)).toBeUndefined();
    expect(textRuleViolation('body', 'Cafe\u0301 deals', true)).toBeUndefined();
    expect(textRuleViolation('body', 'Deals \u0301 here', true)).toMatch(/standalone diacritical/);
  });

  it('encodes PNGs of the requested size', () => {
    expect(pngSize(encodePng(64, 64, '1'))).toEqual({ width: 64, height: 64 });
    expect(pngSize(encodePng(300, 7, '2'))).toEqual({ width: 300, height: 7 });
  });
});

describe('signed thumbnail URLs', () => {
  const thumbnailOf = async (id: string, size: string) =>
    (
      (await (await fetch(`${base}/v20.0/${id}?fields=thumbnail_url&${size}&access_token=${TOKEN}`)).json()) as {
        thumbnail_url: string;
      }
    ).thumbnail_url;
  const creativeIds = async (account: string, token: string) =>
    (
      (await (await fetch(`${base}/v20.0/act_${account}/adcreatives?limit=1&access_token=${token}`)).json()) as {
        data: Array<{ id: string }>;
      }
    ).data.map((c) => c.id);

  it('a signature opens any size of its own creative and nothing else', async () => {
    const [acme] = await creativeIds(ACCOUNT, TOKEN);
    const [globex] = await creativeIds('2234567890', 'test-token-globex');
    const url = new URL(await thumbnailOf(acme!, 'thumbnail_width=30&thumbnail_height=20'));
    expect(pngSize(Buffer.from(await (await fetch(url)).arrayBuffer()))).toEqual({ width: 30, height: 20 });
    // Another size of the same creative, under the signature a read gave.
    const resized = new URL(url.pathname.replace('30x20', '7x9') + url.search, url);
    const other = await fetch(resized);
    expect(other.status).toBe(200);
    expect(pngSize(Buffer.from(await other.arrayBuffer()))).toEqual({ width: 7, height: 9 });
    // Another tenant's creative under this signature, a changed signature, none: not found.
    for (const target of [
      new URL(url.pathname.replace(acme!, globex!) + url.search, url),
      new URL(`${url.pathname}?sig=${url.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, url),
      new URL(url.pathname, url),
    ])
      expect((await fetch(target)).status, String(target)).toBe(404);
    // The other tenant's own read signs its own creative.
    const globexUrl = (
      (await (await fetch(`${base}/v20.0/${globex}?fields=thumbnail_url&access_token=test-token-globex`)).json()) as {
        thumbnail_url: string;
      }
    ).thumbnail_url;
    expect((await fetch(globexUrl)).status).toBe(200);
  });
});

describe('Accept', () => {
  it.each(['text/html', 'application/xml', 'text/plain;q=1, image/png;q=0.5'])(
    'asking for a type the service never answers in (%s) still gets its JSON, as without Accept',
    async (accept) => {
      const response = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives?fields=name&limit=1`, {
        headers: { authorization: `Bearer ${TOKEN}`, accept },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
    },
  );
});
