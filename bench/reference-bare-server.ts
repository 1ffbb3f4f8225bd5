// The bare baseline of the read bench: plain node:http servers, one per port, answering each captured path
// with the reference's own captured bytes (status, content type, body) and nothing else: no routing
// library, no validation, no storage. Run as a child process: argv[2] is a JSON file of
// { services: [{ key, routes: { "<path?query>": { status, contentType, body } } }] }; prints
// "<key> listening on <url>" per service, as `npm run serve` does.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedAnswer {
  status: number;
  contentType: string;
  body: string;
}
export interface BareServerPlan {
  services: Array<{ key: string; routes: Record<string, CapturedAnswer> }>;
}

const plan = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as BareServerPlan;
for (const service of plan.services) {
  const routes = new Map(Object.entries(service.routes).map(([url, a]) => [url, { ...a, bytes: Buffer.from(a.body) }]));
  const server = http.createServer((req, res) => {
    const answer = routes.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length });
    res.end(answer.bytes);
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${service.key} listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
}
