// The bare baseline of the read bench: plain node:http servers, one per service and port, answering each captured
// path with the reference's own captured bytes (status, content type, body) and nothing else: no routing library,
// no validation, no storage. Run as a child process: argv[2] is a file of captured answers, one JSON object a line
// ({ service, path, status, contentType, body }), argv[3] the services (comma-separated); prints
// "<key> listening on <url>" per service, as `npm run serve` does.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import readline from 'node:readline';

export interface CapturedAnswer {
  service: string;
  /** The request target, path and query. */
  path: string;
  status: number;
  contentType: string;
  body: string;
}

type Answer = { status: number; contentType: string; bytes: Buffer };
const routes = new Map<string, Map<string, Answer>>(process.argv[3]!.split(',').map((key) => [key, new Map()]));
for await (const line of readline.createInterface({ input: fs.createReadStream(process.argv[2]!) })) {
  if (line === '') continue;
  const a = JSON.parse(line) as CapturedAnswer;
  routes.get(a.service)?.set(a.path, { status: a.status, contentType: a.contentType, bytes: Buffer.from(a.body) });
}
for (const [key, answers] of routes) {
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length });
    res.end(answer.bytes);
  });
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${key} listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
}
