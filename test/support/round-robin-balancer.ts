// Test equipment: a round-robin load balancer (http-proxy) in front of several instances of one service, so
// that consecutive requests of one client land on different instances. Like nginx's proxy_next_upstream
// error, a request whose connection an instance refuses (it is down) goes to the next one: it never
// reached an instance, so sending it elsewhere cannot repeat a write. A request an instance accepted and
// then dropped (killed mid-request) is answered 502 and counted: that is a request in flight.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import httpProxy from 'http-proxy';

export interface Balancer {
  url: string;
  /** Requests answered per instance (index into the targets). */
  served: number[];
  /** Requests an instance accepted and dropped without an answer (502 to the client). */
  cutOff: number;
  /** The method and path of each request cut off, in order (to tell apart whose requests were in flight). */
  cutOffRequests: string[];
  /** Resolves once the instances have answered `n` requests through this balancer in all. */
  whenServed(n: number): Promise<void>;
  /** Replaces the instance at `index` (a restarted instance listens on another port). */
  setTarget(index: number, url: string): void;
  stop(): Promise<void>;
}

/**
 * keepAlive: reuse connections to the instances (for load; a connection kept to an instance that then dies
 * fails as reset, not refused, so the tests that kill instances open one connection per request).
 * latencyMs: each request is held that long before it is forwarded, as a slow link between client and
 * instances would (calls one after another then take at least that long each).
 */
export async function startBalancer(
  targets: string[],
  options: { keepAlive?: boolean; latencyMs?: number } = {},
): Promise<Balancer> {
  const current = [...targets];
  const agent = options.keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 512 }) : undefined;
  const proxy = httpProxy.createProxyServer({ xfwd: false, proxyTimeout: 120_000, ...(agent ? { agent } : {}) });
  let next = 0;
  const state = { served: current.map(() => 0), cutOff: 0, cutOffRequests: [] as string[] };
  const waiting: Array<{ n: number; resolve: () => void }> = [];
  const total = () => state.served.reduce((a, b) => a + b, 0);

  /** Sends the request to the next instance (then the one after, while instances refuse the connection). */
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tries: number): void => {
    if (current.length === 0) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('balancer: no instance yet');
      return;
    }
    const index = next % current.length;
    next = (index + 1) % current.length;
    landed.set(res, index);
    proxy.web(req, res, { target: current[index], buffer: Readable.from([body]) }, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tries < current.length) return forward(req, res, body, tries + 1);
      state.cutOff += 1;
      state.cutOffRequests.push(`${req.method} ${req.url}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`balancer: ${error.code ?? error.message}`);
    });
  };
  const landed = new WeakMap<http.ServerResponse, number>();

  // The body is read first, so a refused request can be sent again to another instance.
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (options.latencyMs) setTimeout(() => forward(req, res, body, 1), options.latencyMs);
      else forward(req, res, body, 1);
    });
    res.once('finish', () => {
      if (res.statusCode !== 502) state.served[landed.get(res)!]! += 1;
      for (const w of waiting.filter((w) => total() >= w.n)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get served() {
      return state.served;
    },
    get cutOff() {
      return state.cutOff;
    },
    get cutOffRequests() {
      return state.cutOffRequests;
    },
    whenServed(n) {
      if (total() >= n) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ n, resolve }));
    },
    setTarget(index, url) {
      current[index] = url;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
      agent?.destroy();
    },
  };
}
