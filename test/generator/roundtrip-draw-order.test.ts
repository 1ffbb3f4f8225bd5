// The round trip (corpus-roundtrip-suite.ts) draws every request's values before it sends the first. A draw holds
// the event loop (seconds on a loaded machine); one between two requests on a kept-alive connection can outlast the
// server's keep-alive timeout, whose timer then destroys the socket under the request already written and unread:
// a connection reset (ECONNRESET) no client may answer by resending a POST. Whether it happens depends on the
// machine's load, so the order is what is checked here: each draw (json-schema-faker's generateSync, which every
// value the suite derives goes through) and each request the served package (or Prism's stand-in) receives, by its
// connection. No draw may fall between two requests of one connection.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { roundTripSuite } from './corpus-roundtrip-suite.js';

type Event = { kind: 'draw' } | { kind: 'request'; connection: number };
const { events, received } = vi.hoisted(() => {
  const events: Event[] = [];
  const connections = new WeakMap<object, number>();
  let opened = 0;
  /** A request as the event log has it, by the connection it came on (numbered in the order they opened). */
  const received = (socket: object) => {
    if (!connections.has(socket)) connections.set(socket, ++opened);
    events.push({ kind: 'request', connection: connections.get(socket)! });
  };
  return { events, received };
});

vi.mock('json-schema-faker', async (importOriginal) => {
  const real = await importOriginal<typeof import('json-schema-faker')>();
  return {
    ...real,
    generateSync: ((...args: Parameters<typeof real.generateSync>) => {
      events.push({ kind: 'draw' });
      return real.generateSync(...args);
    }) as typeof real.generateSync,
  };
});

vi.mock('../../contracts/targets/listen-local.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contracts/targets/listen-local.js')>();
  return {
    ...real,
    listenLocal: (listener: http.RequestListener) =>
      real.listenLocal((req, res) => {
        received(req.socket);
        listener(req, res);
      }),
  };
});

// Prism's place taken by a server that finds every request valid and answers each method as the document does, so
// that the Prism leg's order is seen too (it draws alone when the generated server is not a target).
vi.mock('../../contracts/targets/prism-process.js', async () => {
  const { createServer } = await import('node:http');
  return {
    startPrism: async () => {
      const server = createServer((req, res) => {
        received(req.socket);
        req.resume();
        req.on('end', () => {
          if (req.method === 'DELETE') return res.writeHead(204).end();
          res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
          res.end(req.method === 'GET' ? '[]' : '{"name":"x"}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as import('node:net').AddressInfo;
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        port,
        stop: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    },
  };
});

// Every operation has values to draw: parameters, optional ones included, and JSON bodies (the 42 refusal first).
const document = {
  openapi: '3.1.0',
  info: { title: 'Draw order', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
          { name: 'tag', in: 'query', schema: { type: 'string', pattern: '^[a-z]{3,8}$' } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
      },
      post: {
        operationId: 'createItem',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
        },
        responses: {
          '201': {
            description: 'made',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
    },
    '/items/{id}': {
      put: {
        operationId: 'replaceItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
          },
        },
      },
      delete: {
        operationId: 'deleteItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '204': { description: 'gone' } },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, size: { type: 'integer' } },
      },
    },
  },
};

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-draw-order-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const spec = path.join(folder, 'draw-order.json');
fs.writeFileSync(spec, JSON.stringify(document));

roundTripSuite({ name: 'draw-order', spec });
roundTripSuite({ name: 'draw-order-prism', spec }, {}, { server: false, prism: true });

it('draws no value while a kept-alive connection waits between two of its requests', () => {
  const requests = events.flatMap((e, i) => (e.kind === 'request' ? [{ at: i, connection: e.connection }] : []));
  const byConnection = new Map<number, typeof requests>();
  for (const r of requests) byConnection.set(r.connection, [...(byConnection.get(r.connection) ?? []), r]);
  // Not vacuous: the client kept a connection alive across requests (four operations and three refused bodies).
  expect(Math.max(...[...byConnection.values()].map((r) => r.length))).toBeGreaterThan(1);
  const drawsBetween = [...byConnection].flatMap(([connection, list]) => {
    const first = list[0]!.at;
    const last = list.at(-1)!.at;
    const draws = events.slice(first, last).filter((e) => e.kind === 'draw').length;
    return draws > 0 ? [`connection ${connection}: ${draws} draws between its requests`] : [];
  });
  expect(drawsBetween).toEqual([]);
});
