// One server of the server bench in its own process (bench/server-builds.ts: generated, fastify or bare),
// listening on a free port. Prints "analytics listening on <url>".
import type { AddressInfo } from 'node:net';
import { buildServer, SERVER_KINDS, type ServerKind } from './server-builds.js';

const kind = process.argv[2] as ServerKind;
if (!SERVER_KINDS.includes(kind)) {
  process.stderr.write(`usage: server-target.ts ${SERVER_KINDS.join('|')}\n`);
  process.exit(2);
}
// A clean exit on SIGTERM, so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));
const server = await buildServer(kind);
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`analytics listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
