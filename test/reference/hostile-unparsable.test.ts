// Bytes node:http cannot parse as a request never reach a route: a body longer than its Content-Length (the rest
// read as a next request), a malformed request line, a bad chunk size. Each service answers them in its own error
// shape (not node's bare 400), after the answer of the request before them on the connection, which is whole.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceSession, startReference } from '../../reference/index.js';

let session: ReferenceSession;
beforeAll(async () => {
  session = await startReference(['ad-creative', 'analytics', 'generative']);
}, 60_000);
afterAll(() => session?.stop());

/** Sends the bytes on a fresh connection and resolves with all it received once the server closes it. */
function exchange(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** The answers in what a connection received, each with its status and parsed JSON body. */
function answers(received: string): Array<{ status: number; body: any }> {
  const out: Array<{ status: number; body: any }> = [];
  let rest = received;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, end);
    const status = Number(head.slice(9, 12));
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const text = rest.slice(end + 4, end + 4 + length);
    out.push({ status, body: text ? JSON.parse(text) : undefined });
    rest = rest.slice(end + 4 + length);
  }
  expect(rest).toBe('');
  return out;
}

const services = [
  {
    key: 'analytics' as const,
    read: 'GET /v2/groups?mine=true HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-token-all-scopes\r\n',
    shaped: (body: any) => expect(body.error.status).toBe('INVALID_ARGUMENT'),
  },
  {
    key: 'generative' as const,
    read: 'GET /v1beta/files HTTP/1.1\r\nHost: x\r\nx-goog-api-key: test-api-key\r\n',
    shaped: (body: any) => expect(body.error.status).toBe('INVALID_ARGUMENT'),
  },
  {
    key: 'ad-creative' as const,
    read: 'GET /v20.0/act_1234567890/adcreatives HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-token-admin\r\n',
    shaped: (body: any) => {
      expect(body.error.type).toBe('OAuthException');
      expect(body.error.code).toBe(100);
    },
  },
];

describe.each(services)('$key: bytes that are not a request', ({ key, read, shaped }) => {
  it('a body longer than its Content-Length: the request is answered whole, then the rest gets the 400 in the service shape', async () => {
    const received = await exchange(
      session.endpoints[key]!.baseUrl,
      `${read}Content-Length: 5\r\n\r\nhelloworld-not-a-request\r\n\r\n`,
    );
    const [first, second, ...more] = answers(received);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(400);
    shaped(second!.body);
    expect(more).toEqual([]);
  });

  it('a malformed request line gets the 400 in the service shape', async () => {
    const [only, ...more] = answers(await exchange(session.endpoints[key]!.baseUrl, 'NOT A REQUEST\r\n\r\n'));
    expect(only!.status).toBe(400);
    shaped(only!.body);
    expect(more).toEqual([]);
  });

  it('a bad chunk size gets the 400 in the service shape', async () => {
    const bytes = `${read.replace('GET', 'POST')}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`;
    const [only, ...more] = answers(await exchange(session.endpoints[key]!.baseUrl, bytes));
    expect(only!.status).toBe(400);
    shaped(only!.body);
    expect(more).toEqual([]);
  });
});
