// A kept-alive connection the server closes just as the next request goes out on it (its keep-alive timer fired
// with the request written and unread: HTTP/1.1 lets a server close an idle connection at any time). Node's fetch
// does not send such a request again: the generated client's retry policy does, for an idempotent request (a
// broken connection, retry.ts), and never for a POST, which the server may have begun to act on. Here a server
// answers the first request of each connection and resets the connection when the second arrives, so the race is
// met on every run without waiting for a timer.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiCore } from '../../generated/analytics/runtime/client/core.js';
import { ApiConnectionError } from '../../generated/analytics/runtime/client/errors.js';
import { statusErrorOf } from '../../generated/analytics/runtime/client/status-error.js';

interface ResettingServer {
  baseUrl: string;
  /** Requests received, by connection (1-based, in the order the connections were opened). */
  requests: number[];
  close(): Promise<void>;
}

/** Answers the first request of a connection with keep-alive, and resets the connection on the next one unanswered. */
async function resettingServer(): Promise<ResettingServer> {
  const requests: number[] = [];
  let opened = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const connection = ++opened;
    let received = '';
    let answered = false;
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (!received.includes('\r\n\r\n')) return;
      // A request whose body is still on its way is counted once its head is in.
      received = '';
      requests.push(connection);
      if (answered) {
        socket.resetAndDestroy();
        return;
      }
      answered = true;
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Fetch's pool takes a connection back once the loop has turned after its answer was read: the next request reuses it. */
const pooled = () => new Promise((resolve) => setImmediate(resolve));

let target: ResettingServer | undefined;
afterEach(() => target?.close());

const NO_WAIT = { maxRetries: 3, baseDelayMs: 0, maxDelayMs: 0 };
const spec = (method: string) => ({
  operationId: 'op',
  method,
  path: '/things',
  credentials: 'none' as const,
  ...(method === 'POST' ? { body: { kind: 'json' as const, value: { name: 'x' } } } : {}),
});

describe('a request on a kept-alive connection the server resets', () => {
  it('is not sent again by fetch itself (Node 20, undici 6)', async () => {
    target = await resettingServer();
    await (await fetch(`${target.baseUrl}/things`)).text();
    await pooled();
    const second = await fetch(`${target.baseUrl}/things`).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(second).toBe('ECONNRESET');
    expect(target.requests).toEqual([1, 1]);
  });

  it('is sent again on a new connection by the client when it is idempotent', async () => {
    target = await resettingServer();
    const core = new ApiCore({ baseUrl: target.baseUrl, retry: NO_WAIT }, { error: statusErrorOf });
    await core.request(spec('GET'));
    await pooled();
    await expect(core.request(spec('GET'))).resolves.toMatchObject({ status: 200, data: {} });
    expect(target.requests).toEqual([1, 1, 2]);
  });

  it('is not sent again when it is a POST: the error says the connection broke', async () => {
    target = await resettingServer();
    const core = new ApiCore({ baseUrl: target.baseUrl, retry: NO_WAIT }, { error: statusErrorOf });
    await core.request(spec('POST'));
    await pooled();
    const error = await core.request(spec('POST')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect((error as ApiConnectionError).notSent).toBe(false);
    expect(target.requests).toEqual([1, 1]);
  });
});
