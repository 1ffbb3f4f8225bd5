// serve --trust-forwarded: behind a proxy that sends its upstream's Host on (http-proxy's changeOrigin, as front-end
// dev proxies are usually set up), links name the address the proxy says the client asked for (RFC 7239
// `Forwarded`, else `X-Forwarded-Host` / `-Proto` / `-Port`), so a client following a paging link or an upload
// session URL stays on the proxy's origin. Off by default (any client can send these headers), and a malformed
// forwarded host never reaches an answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../reference/serve.js';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const TOKEN = 'test-token-admin';
const ACCOUNT = '1234567890';

let trusting: ReferenceSession;
let plain: ReferenceSession;
beforeAll(async () => {
  [trusting, plain] = await Promise.all([
    startReference(['ad-creative', 'generative'], { trustForwarded: true }),
    startReference(['ad-creative'], {}),
  ]);
  // A second creative in each, so that a page of one has a next page.
  for (const session of [trusting, plain]) {
    const created = await fetch(`${session.endpoints['ad-creative']!.baseUrl}/v20.0/act_${ACCOUNT}/adcreatives`, {
      method: 'POST',
      body: new URLSearchParams({
        access_token: TOKEN,
        name: 'Paged',
        object_url: 'https://shop.example/p',
        title: 'P',
      }),
    });
    expect(created.status).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await trusting?.stop();
  await plain?.stop();
});

/** paging.next of a one-creative page asked of `base` with these headers. */
async function nextLink(base: string, headers: Record<string, string>): Promise<string> {
  const answer = await fetch(`${base}/v20.0/act_${ACCOUNT}/adcreatives?limit=1&access_token=${TOKEN}`, { headers });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { paging: { next: string } }).paging.next;
}

describe('with --trust-forwarded', () => {
  const ads = () => trusting.endpoints['ad-creative']!.baseUrl;

  it('the first element of Forwarded names the links (host and proto, quoted or not)', async () => {
    const next = await nextLink(ads(), {
      forwarded: 'for=192.0.2.1;host="public.example:8443";proto=https, for=10.0.0.1;host=inner.example',
    });
    expect(next.startsWith(`https://public.example:8443/v20.0/act_${ACCOUNT}/adcreatives?`)).toBe(true);
  });

  it('X-Forwarded-Host, -Proto and -Port name them without Forwarded (the first of a list)', async () => {
    expect(
      await nextLink(ads(), { 'x-forwarded-host': 'edge.example, inner.example', 'x-forwarded-proto': 'https' }),
    ).toMatch(/^https:\/\/edge\.example\/v20\.0\//);
    expect(await nextLink(ads(), { 'x-forwarded-host': 'edge.example', 'x-forwarded-port': '8080' })).toMatch(
      /^http:\/\/edge\.example:8080\/v20\.0\//,
    );
    // A port in the host wins over X-Forwarded-Port; a default port is not written.
    expect(await nextLink(ads(), { 'x-forwarded-host': 'edge.example:9', 'x-forwarded-port': '8080' })).toMatch(
      /^http:\/\/edge\.example:9\/v20\.0\//,
    );
    expect(
      await nextLink(ads(), {
        'x-forwarded-host': 'edge.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
      }),
    ).toMatch(/^https:\/\/edge\.example\/v20\.0\//);
  });

  it('a malformed forwarded host or proto is ignored: the Host header names the links', async () => {
    const own = new URL(ads()).host;
    for (const headers of <Array<Record<string, string>>>[
      { 'x-forwarded-host': 'x.example/"><script>' },
      { 'x-forwarded-host': 'edge.example', 'x-forwarded-proto': 'javascript' },
      { forwarded: 'host="a b"' },
    ]) {
      const next = await nextLink(ads(), headers);
      expect(next.startsWith(`http://${own}/v20.0/`), JSON.stringify(headers)).toBe(true);
    }
  });
});

describe('without --trust-forwarded', () => {
  it('forwarded headers are ignored: the Host header names the links', async () => {
    const base = plain.endpoints['ad-creative']!.baseUrl;
    const next = await nextLink(base, { 'x-forwarded-host': 'edge.example', forwarded: 'host=public.example' });
    expect(next.startsWith(`${base}/v20.0/`)).toBe(true);
  });
});

describe('behind http-proxy with changeOrigin and xfwd', () => {
  let server: http.Server;
  let proxied = '';
  beforeAll(async () => {
    const proxy = httpProxy.createProxyServer({
      target: trusting.endpoints.generative!.baseUrl,
      changeOrigin: true,
      xfwd: true,
    });
    server = http.createServer((req, res) => proxy.web(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxied = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('the upload session URL and the file uri name the proxy, and the upload finishes through it', async () => {
    const key = { 'x-goog-api-key': 'test-api-key' };
    const start = await fetch(`${proxied}/upload/v1beta/files`, {
      method: 'POST',
      headers: {
        ...key,
        'content-type': 'application/json',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': '5',
        'x-goog-upload-header-content-type': 'text/plain',
      },
      body: JSON.stringify({ file: { displayName: 'through the proxy' } }),
    });
    expect(start.status).toBe(200);
    const session = start.headers.get('x-goog-upload-url')!;
    expect(session.startsWith(`${proxied}/upload/v1beta/files?`)).toBe(true);
    const finished = await fetch(session, {
      method: 'POST',
      headers: { ...key, 'x-goog-upload-command': 'upload, finalize', 'x-goog-upload-offset': '0' },
      body: 'hello',
    });
    expect(finished.status).toBe(200);
    const uri = ((await finished.json()) as { file: { uri: string } }).file.uri;
    expect(uri.startsWith(`${proxied}/v1beta/files/`)).toBe(true);
  });
});

describe('serve --trust-forwarded', () => {
  it('is a flag of serve, off unless given', () => {
    expect(parseServeArgs(['all', '--trust-forwarded']).trustForwarded).toBe(true);
    expect(parseServeArgs(['all']).trustForwarded).toBeUndefined();
  });
});
