// The HTTP server every reference service runs on: node:http with bounds against slow and stuck clients
// (a trickled header block, a body that never ends, an answer that is never read), and a graceful stop
// (stop accepting, let in-flight requests finish within a bounded wait, then cut what is left).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface HttpLimits {
  /** Time allowed to receive the complete header block (slowloris). */
  headersTimeoutMs: number;
  /** Time allowed to receive the complete request, body included. */
  requestTimeoutMs: number;
  /** Idle time before a keep-alive connection between requests is closed. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way this long is destroyed (a client that stops reading an answer). */
  idleTimeoutMs: number;
  /** Largest accepted header block; larger ones get 431 from node:http. */
  maxHeaderBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  maxHeaderBytes: 16 * 1024,
};

export interface ServiceServer {
  baseUrl: string;
  port: number;
  /** Requests received and not yet answered. */
  inFlight(): number;
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
  /** Stops accepting; waits up to graceMs for in-flight requests, then closes every connection. */
  stop(graceMs?: number): Promise<void>;
}

export async function startServiceServer(
  listener: http.RequestListener,
  options: {
    port?: number;
    host?: string;
    limits?: Partial<HttpLimits>;
    /** The service's answer to bytes node:http cannot parse as a request (else node's bare 400). */
    clientError?: (error: Error & { code?: string }, socket: Duplex) => void;
  } = {},
): Promise<ServiceServer> {
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
  const host = options.host ?? '127.0.0.1';
  let active = 0;
  let stopping = false;
  const drained: Array<() => void> = [];
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      maxHeaderSize: limits.maxHeaderBytes,
      // How often node checks the two request timeouts above (default 30 s, too coarse for short limits).
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2))),
    },
    (req, res) => {
      active += 1;
      if (stopping) res.setHeader('connection', 'close');
      res.once('close', () => {
        active -= 1;
        if (active === 0) drained.splice(0).forEach((resolve) => resolve());
      });
      listener(req, res);
    },
  );
  if (options.clientError) server.on('clientError', options.clientError);
  // An idle socket is destroyed, and so is a kept-alive one after keepAliveTimeoutMs (node:http calls this for
  // both). Timers run before the loop reads the sockets: after a turn held up by a long task, the client's next
  // request may already be waiting unread, and destroying the socket then resets it with no answer. So look
  // again once the loop has read what arrived: a socket that received bytes since lives on (its timer restarts).
  server.setTimeout(limits.idleTimeoutMs, (socket) => {
    const read = socket.bytesRead;
    setImmediate(() => {
      if (socket.bytesRead === read) socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  // Bound to every interface: advertise loopback, an address that works from this machine.
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return {
    baseUrl: `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`,
    port,
    inFlight: () => active,
    idle: () => (active === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve))),
    stop(graceMs = 10_000) {
      stopped ??= (async () => {
        stopping = true;
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (active > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            new Promise<void>((resolve) => drained.push(resolve)),
            new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
          ]);
          clearTimeout(timer);
        }
        server.closeAllConnections();
        await closed;
      })();
      return stopped;
    },
  };
}
