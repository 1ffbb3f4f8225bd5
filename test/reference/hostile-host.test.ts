// Absolute URLs in answers come from the service's public base URL (startReference's publicUrls, serve
// --public-url) whatever the Host header says; without one, from a well-formed Host (the address the client asked
// for: a balancer's, a proxy's), and a crafted Host never reaches an answer: the listening address stands in.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../reference/serve.js';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const CRAFTED = 'x.example/"><script>alert(1)</script><x y="';
const ADS_PUBLIC = 'https://ads.public.example/base';

let session: ReferenceSession;
let gen = '';
let ads = '';
beforeAll(async () => {
  session = await startReference(['ad-creative', 'generative'], { publicUrls: { 'ad-creative': ADS_PUBLIC } });
  gen = session.endpoints.generative!.baseUrl;
  ads = session.endpoints['ad-creative']!.baseUrl;
}, 60_000);
afterAll(() => session?.stop());

/** A request with the Host header given (fetch always sends the target's). */
function withHost(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
  host = CRAFTED,
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        setHost: false,
        headers: { host, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ADS = { authorization: 'Bearer test-token-admin' };

describe('a crafted Host header never reaches an answer', () => {
  it('ad creative thumbnail_url', async () => {
    const r = await withHost(ads, 'GET', '/v20.0/120330000008134415?fields=thumbnail_url', ADS);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('x.example');
    expect((JSON.parse(r.text) as { thumbnail_url: string }).thumbnail_url.startsWith(`${ADS_PUBLIC}/_media/`)).toBe(
      true,
    );
  });

  it('ad creative preview iframe src', async () => {
    const r = await withHost(ads, 'GET', '/v20.0/120330000008134415/previews?ad_format=DESKTOP_FEED_STANDARD', ADS);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('x.example');
    expect(r.text).not.toContain('<script>');
    const body = (JSON.parse(r.text) as { data: Array<{ body: string }> }).data[0]!.body;
    expect(body).toContain(`src="${ADS_PUBLIC}/_media/`);
  });

  it('ad creative paging.next', async () => {
    // A second creative, so that a page of one has a next page.
    const created = await fetch(`${ads}/v20.0/act_1234567890/adcreatives`, {
      method: 'POST',
      body: new URLSearchParams({
        access_token: 'test-token-admin',
        name: 'Paged',
        object_url: 'https://shop.example/paged',
        title: 'Paged',
      }),
    });
    expect(created.status).toBe(200);
    const r = await withHost(ads, 'GET', '/v20.0/act_1234567890/adcreatives?limit=1&access_token=test-token-admin', {});
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('x.example');
    const next = (JSON.parse(r.text) as { paging: { next?: string } }).paging.next;
    expect(next?.startsWith(`${ADS_PUBLIC}/v20.0/act_1234567890/adcreatives?`)).toBe(true);
  });

  it('generative x-goog-upload-url (default: the listening address)', async () => {
    const r = await withHost(
      gen,
      'POST',
      '/upload/v1beta/files',
      {
        'x-goog-api-key': 'test-api-key',
        'content-type': 'application/json',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
      },
      '{}',
    );
    expect(r.status).toBe(200);
    expect(String(r.headers['x-goog-upload-url'])).toMatch(new RegExp(`^${gen}/upload/v1beta/files\\?upload_id=`));
  });
});

describe('a well-formed Host names the links of a service without a configured public URL', () => {
  const RESUMABLE = {
    'x-goog-api-key': 'test-api-key',
    'content-type': 'application/json',
    'x-goog-upload-protocol': 'resumable',
    'x-goog-upload-command': 'start',
  };

  it('generative: the upload session URL and the file uri name the address the client asked for', async () => {
    const host = 'balancer.example:8080';
    const start = await withHost(gen, 'POST', '/upload/v1beta/files', RESUMABLE, '{}', host);
    expect(String(start.headers['x-goog-upload-url'])).toMatch(
      /^http:\/\/balancer\.example:8080\/upload\/v1beta\/files\?upload_id=/,
    );
    const created = await withHost(gen, 'POST', '/v1beta/files', { ...RESUMABLE }, '{}', '[::1]:9');
    const uri = (JSON.parse(created.text) as { file: { uri: string } }).file.uri;
    expect(uri).toMatch(/^http:\/\/\[::1\]:9\/v1beta\/files\/[a-z0-9-]+$/);
  });

  it('ad creative: a configured public URL wins over any Host', async () => {
    const r = await withHost(
      ads,
      'GET',
      '/v20.0/120330000008134415?fields=thumbnail_url',
      ADS,
      undefined,
      'other.example',
    );
    expect((JSON.parse(r.text) as { thumbnail_url: string }).thumbnail_url.startsWith(`${ADS_PUBLIC}/_media/`)).toBe(
      true,
    );
  });
});

describe('serve --public-url', () => {
  it('takes one URL for one service, SERVICE=URL for several, and refuses what is no base URL', () => {
    expect(parseServeArgs(['generative', '--public-url', 'https://gen.example/']).publicUrls).toEqual({
      generative: 'https://gen.example',
    });
    expect(
      parseServeArgs([
        'all',
        '--public-url',
        'analytics=http://a.example:8080',
        '--public-url',
        'generative=https://g.example',
      ]).publicUrls,
    ).toEqual({ analytics: 'http://a.example:8080', generative: 'https://g.example' });
    expect(() => parseServeArgs(['all', '--public-url', 'https://x.example'])).toThrow(/name the service/);
    expect(() => parseServeArgs(['generative', '--public-url', 'https://x.example/?a=1'])).toThrow(/without query/);
    expect(() => parseServeArgs(['generative', '--public-url', 'analytics=https://x.example'])).toThrow(/not served/);
  });
});
