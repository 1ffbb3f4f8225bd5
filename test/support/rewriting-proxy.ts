// Test equipment: a reverse proxy (http-proxy) as a deployment puts in front of a service: it sends the upstream
// its own Host (changeOrigin) and rewrites the upstream's address to its own in every answer header and in JSON
// and HTML bodies (upload session URLs, file URIs, paging links, thumbnail URLs), and nothing in requests: what a
// client sends back (a file's uri) names the proxy, as it would behind a real one. Event streams pass as they come.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';

export interface RewritingProxy {
  url: string;
  /** Answers whose headers or body named the upstream and were rewritten. */
  readonly rewritten: number;
  stop(): Promise<void>;
}

export async function startRewritingProxy(upstream: string): Promise<RewritingProxy> {
  const origin = new URL(upstream).origin;
  let own = '';
  let rewritten = 0;
  const proxy = httpProxy.createProxyServer({ target: upstream, changeOrigin: true, selfHandleResponse: true });
  proxy.on('proxyRes', (answer, _req, res) => {
    let changed = false;
    const swap = (text: string) => {
      if (!text.includes(origin)) return text;
      changed = true;
      return text.split(origin).join(own);
    };
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.map(swap) : swap(value);
    }
    const type = String(answer.headers['content-type'] ?? '');
    if (!/json|html/i.test(type) || answer.headers['content-encoding']) {
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
      if (changed) rewritten += 1;
      return;
    }
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.on('end', () => {
      const body = Buffer.from(swap(Buffer.concat(chunks).toString('utf8')));
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
      if (changed) rewritten += 1;
      res.writeHead(answer.statusCode ?? 502, headers);
      res.end(body);
    });
  });
  proxy.on('error', (_error, _req, res) => {
    const out = res as http.ServerResponse;
    if (!out.headersSent) out.writeHead(502, { 'content-type': 'text/plain' });
    out.end('proxy: upstream failed');
  });
  const server = http.createServer((req, res) => proxy.web(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: own,
    get rewritten() {
      return rewritten;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}
