// A generated client sends its credentials only to the origin they were configured for: a redirect within the
// origin keeps them, a redirect to another origin (another port is another origin) is followed without them
// (the API key header, the key in the query, Authorization), and an upload session URL the server names on
// another origin gets no key. Parameters named after Object.prototype's members are sent only when given.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const KEY = 'SECRET-KEY-7f3a';
const TOKEN = 'SECRET-TOKEN-91c2';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A server that records what it receives and answers as `answer` says. */
async function recorder(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<RunningServer & { seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await listenLocal((req, res) => {
    req.resume();
    req.once('end', () => {
      seen.push({ url: req.url!, headers: req.headers });
      answer(req, res);
    });
  });
  return { ...server, seen };
}

const json = (res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** Whether a recorded request carries a secret anywhere (its target or any header). */
const carries = (seen: Seen, secret: string) =>
  seen.url.includes(secret) || Object.values(seen.headers).some((v) => String(v).includes(secret));

let other: Awaited<ReturnType<typeof recorder>>;
let target: Awaited<ReturnType<typeof recorder>>;

beforeAll(async () => {
  // The other origin answers everything as a file would be answered, and an upload as finished.
  other = await recorder((req, res) =>
    json(res, { name: 'files/elsewhere', file: { name: 'files/elsewhere' } }, { 'x-goog-upload-status': 'final' }),
  );
  target = await recorder((req, res) => {
    const url = new URL(req.url!, 'http://target');
    if (url.pathname.startsWith('/v1beta/files/moved')) {
      res.writeHead(307, { location: `${other.baseUrl}/v1beta/files/abc?key=${KEY}` });
      return res.end();
    }
    if (url.pathname.startsWith('/v1beta/files/renamed')) {
      res.writeHead(301, { location: '/v1beta/files/abc' });
      return res.end();
    }
    if (url.pathname === '/v2/groups') {
      res.writeHead(302, { location: `${other.baseUrl}/v2/groups` });
      return res.end();
    }
    if (url.pathname === '/upload/v1beta/files') {
      // The session URL names another origin.
      res.writeHead(200, {
        'x-goog-upload-url': `${other.baseUrl}/upload/v1beta/files?upload_id=u1&upload_protocol=resumable`,
        'x-goog-upload-status': 'active',
        'content-type': 'application/json',
      });
      return res.end('{}');
    }
    json(res, { name: 'files/abc' });
  });
});

afterAll(async () => {
  await target?.close();
  await other?.close();
});

describe('redirects', () => {
  it.each(['header', 'query'] as const)(
    'to another origin are followed without the API key (apiKeyIn: %s)',
    async (apiKeyIn) => {
      const { GenerativeClient } = await import('../../generated/generative/client.js');
      const client = new GenerativeClient({ baseUrl: target.baseUrl, apiKey: KEY, apiKeyIn, maxRetries: 0 });
      other.seen.length = 0;
      const file = await client.getFile({ file: 'moved' });
      expect(file).toMatchObject({ name: 'files/elsewhere' });
      expect(other.seen).toHaveLength(1);
      expect(carries(other.seen[0]!, KEY)).toBe(false);
      // The request to the configured origin carried it.
      expect(carries(target.seen.at(-1)!, KEY)).toBe(true);
    },
  );

  it('within the origin keep the API key', async () => {
    const { GenerativeClient } = await import('../../generated/generative/client.js');
    const client = new GenerativeClient({ baseUrl: target.baseUrl, apiKey: KEY, maxRetries: 0 });
    target.seen.length = 0;
    expect(await client.getFile({ file: 'renamed' })).toMatchObject({ name: 'files/abc' });
    expect(target.seen.map((s) => [s.url, s.headers['x-goog-api-key']])).toEqual([
      ['/v1beta/files/renamed', KEY],
      ['/v1beta/files/abc', KEY],
    ]);
  });

  it('to another origin are followed without Authorization', async () => {
    const { AnalyticsClient } = await import('../../generated/analytics/client.js');
    const client = new AnalyticsClient({ baseUrl: target.baseUrl, bearerToken: TOKEN, maxRetries: 0 });
    other.seen.length = 0;
    await client.listGroups({ mine: true }).catch(() => undefined);
    expect(other.seen).toHaveLength(1);
    expect(carries(other.seen[0]!, TOKEN)).toBe(false);
  });
});

describe('an upload session URL on another origin', () => {
  it.each(['header', 'query'] as const)('gets no API key (apiKeyIn: %s)', async (apiKeyIn) => {
    const { GenerativeClient } = await import('../../generated/generative/client.js');
    const client = new GenerativeClient({ baseUrl: target.baseUrl, apiKey: KEY, apiKeyIn, maxRetries: 0 });
    other.seen.length = 0;
    await client.uploadFileResumable({
      metadata: { file: { displayName: 'x' } },
      source: new Blob(['hello']),
      mimeType: 'text/plain',
    });
    expect(other.seen.length).toBeGreaterThan(0);
    for (const seen of other.seen) expect(carries(seen, KEY)).toBe(false);
    expect(carries(target.seen.at(-1)!, KEY)).toBe(true);
  });
});

describe("parameters named after Object.prototype's members", () => {
  let pkg: InlinePackage;
  beforeAll(async () => {
    pkg = await inlinePackage('proto', {
      openapi: '3.1.0',
      info: { title: 'proto', version: '1' },
      paths: {
        '/p/{__proto__}': {
          get: {
            operationId: 'getP',
            parameters: [
              { name: '__proto__', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'constructor', in: 'query', schema: { type: 'string' } },
              { name: 'hasOwnProperty', in: 'query', schema: { type: 'integer' } },
              { name: 'toString', in: 'header', schema: { type: 'string' } },
            ],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
            },
          },
        },
      },
    });
  }, 120_000);
  afterAll(() => pkg?.remove());

  it('are sent only when the caller gives them', async () => {
    const sent: Array<{ url: string; headers: Record<string, string> }> = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      sent.push({ url: String(url), headers: init?.headers as Record<string, string> });
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    const client = new pkg.client.ProtoClient({ baseUrl: 'http://api.test', fetch, maxRetries: 0 });
    // `__proto__` and `constructor` are reserved as identifiers (`proto`, `constructor_`); the other members of
    // Object.prototype stay names of their own, read as the caller's own properties.
    await client.getP({ proto: 'seg' });
    await client.getP({ proto: 'seg', constructor_: 'c', hasOwnProperty: 3, toString: 'h' });
    expect(sent[0]!.url).toBe('http://api.test/p/seg');
    expect(sent[0]!.headers.tostring).toBeUndefined();
    expect(sent[1]!.url).toBe('http://api.test/p/seg?constructor=c&hasOwnProperty=3');
    expect(sent[1]!.headers.tostring).toBe('h');
  });
});
