// The server bench without the network: each server's own http.Server (bench/server-builds.ts) is handed an
// in-memory connection and fed the bench's two requests pipelined, in batches, all in this one process; the
// figure is the process's CPU per answered request. No kernel, no load generator and no other process share
// the measurement, and the servers take turns of a fraction of a second, so their ratio holds on a busy machine
// where the network figures swing. It measures what the frameworks do (node:http's parsing and writing included),
// not the sockets; requests arrive pipelined, which a keep-alive client does not do. Then the answers that stop
// early: the generated server's 404 (an unknown path) and 401 (no credentials) beside the bare server's 401, a
// small JSON error written by node:http alone (the floor of any early answer).
import type http from 'node:http';
import { buildServer, SERVER_KINDS, type ServerKind } from './server-builds.js';
import { MemorySocket } from './memory-socket.js';

const BODY = JSON.stringify({ snippet: { title: 'A new group' }, contentDetails: { itemType: 'platform#video' } });
const GET = 'GET /v2/groups?mine=true HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer bench-token\r\n\r\n';
const POST =
  'POST /v2/groups HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer bench-token\r\n' +
  `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`;
/** Pairs of requests (one list, one insert) sent in one chunk. */
const PAIRS_PER_BATCH = 8;
const BATCH = Buffer.from((GET + POST).repeat(PAIRS_PER_BATCH));

/** Early answers, 16 to a chunk: an unknown path with a credential, and a known one without. */
const EARLY = {
  unknownPath: Buffer.from(
    'GET /v2/nothing HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer bench-token\r\n\r\n'.repeat(16),
  ),
  noCredentials: Buffer.from('GET /v2/groups?mine=true HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'.repeat(16)),
};

/** CPU µs per answered request over `requests` requests on one in-memory connection. */
export async function drive(server: http.Server, requests: number, batch = BATCH, expected = '200'): Promise<number> {
  const socket = new MemorySocket(expected);
  const perBatch = batch === BATCH ? 2 * PAIRS_PER_BATCH : 16;
  server.emit('connection', socket);
  const start = process.cpuUsage();
  for (let sent = 0; sent < requests; sent += perBatch) {
    const answered = socket.answers + perBatch;
    await new Promise<void>((resolve) => {
      socket.onAnswer = () => {
        if (socket.answers >= answered) resolve();
      };
      socket.push(batch);
    });
  }
  const used = process.cpuUsage(start);
  socket.destroy();
  if (socket.refused.length > 0)
    throw new Error(`${socket.refused.length} answers were not ${expected}: ${socket.refused[0]}`);
  return (used.user + used.system) / requests;
}

export interface InProcessResult {
  /** Median CPU µs per request of each server over the rounds. */
  micros: Record<ServerKind, number>;
  /** Fastify's CPU per request over the generated server's, per round. */
  rounds: number[];
  /** Median CPU µs per early answer of each server: an unknown path (404), no credentials (401). */
  early: Record<keyof typeof EARLY, Record<ServerKind, number>>;
}

/** `rounds` turns of each server (order reversed every round), `requests` requests a turn. */
export async function inProcessBench(rounds = 10, requests = 4000): Promise<InProcessResult> {
  const servers = {} as Record<ServerKind, http.Server>;
  for (const kind of SERVER_KINDS) {
    servers[kind] = await buildServer(kind);
    await drive(servers[kind], requests);
  }
  const turns: Record<ServerKind, number[]> = { generated: [], fastify: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? SERVER_KINDS : [...SERVER_KINDS].reverse();
    for (const kind of order) turns[kind].push(await drive(servers[kind], requests));
  }
  const early = { unknownPath: emptyTurns(), noCredentials: emptyTurns() };
  const status = { unknownPath: '404', noCredentials: '401' } as const;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? SERVER_KINDS : [...SERVER_KINDS].reverse();
    for (const which of ['unknownPath', 'noCredentials'] as const)
      for (const kind of order) {
        // The bare server does not route: every path is a known one to it, so it has no 404 of its own.
        if (kind === 'bare' && which === 'unknownPath') continue;
        early[which][kind].push(await drive(servers[kind], requests / 2, EARLY[which], status[which]));
      }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return {
    micros: { generated: median(turns.generated), fastify: median(turns.fastify), bare: median(turns.bare) },
    rounds: turns.generated.map((g, i) => turns.fastify[i]! / g),
    early: {
      unknownPath: mapKinds((kind) => median(early.unknownPath[kind])),
      noCredentials: mapKinds((kind) => median(early.noCredentials[kind])),
    },
  };
}

function emptyTurns(): Record<ServerKind, number[]> {
  return { generated: [], fastify: [], bare: [] };
}

function mapKinds(value: (kind: ServerKind) => number): Record<ServerKind, number> {
  return { generated: value('generated'), fastify: value('fastify'), bare: value('bare') };
}
