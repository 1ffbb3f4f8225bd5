// The three servers of the server bench, built but not listening: `generated` (the generated analytics server,
// validating every request), `fastify` (Fastify 5 with its own ajv validation and fast-json-stringify
// serialisation, given the same operations' schemas from the model) and `bare` (node:http calling the same
// handlers with no routing, validation or error shapes to speak of: the floor). All call
// bench/server-handlers.ts and refuse a request without a Bearer token.
import http from 'node:http';
import { type AnalyticsHandlers, createAnalyticsServer } from '../generated/analytics/server.js';
import { loadModel } from '../generator/model/load.js';
import { insertGroup, listGroups } from './server-handlers.js';

export const SERVER_KINDS = ['generated', 'fastify', 'bare'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

export async function buildServer(kind: ServerKind): Promise<http.Server> {
  if (kind === 'generated') return generatedServer();
  if (kind === 'fastify') return fastifyServer();
  return bareServer();
}

function generatedServer(): http.Server {
  const handlers = {
    listGroups: async (input) => ({ body: listGroups(input.query) }),
    insertGroup: async (input) => ({ body: insertGroup(input.body) }),
  } as Partial<AnalyticsHandlers> as AnalyticsHandlers;
  return http.createServer(createAnalyticsServer(handlers, { logger: false }));
}

async function fastifyServer(): Promise<http.Server> {
  const { default: Fastify } = await import('fastify');
  const model = await loadModel('analytics');
  const document = model.document as { components: unknown };
  // The document's internal references, pointed at the shared schema the document is added as.
  const shared = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(shared)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value).map(([k, v]) => [
              k,
              k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `analytics${v}` : shared(v),
            ]),
          )
        : value;
  const op = (id: string) => model.operations.find((o) => o.id === id)!;
  const querySchema = (id: string) => ({
    type: 'object',
    properties: Object.fromEntries(
      op(id)
        .parameters.filter((p) => p.in === 'query')
        .map((p) => [p.name, shared(p.schema)]),
    ),
  });
  const response = (id: string) => ({ 200: shared(op(id).responses.find((r) => r.status === '200')!.schema) });
  const app = Fastify({
    logger: false,
    ajv: { customOptions: { strict: false, formats: { uint64: /^[0-9]+$/ } } },
  });
  app.addSchema({ $id: 'analytics', components: shared(document.components) });
  app.addHook('onRequest', async (request, reply) => {
    if (!/^Bearer \S+$/i.test(request.headers.authorization ?? ''))
      return reply.code(401).send({ error: { code: 401, message: 'no credential', status: 'UNAUTHENTICATED' } });
  });
  app.get(
    '/v2/groups',
    { schema: { querystring: querySchema('listGroups'), response: response('listGroups') } },
    async (request) => listGroups(request.query as { mine?: boolean; id?: string }),
  );
  app.post(
    '/v2/groups',
    {
      schema: {
        querystring: querySchema('insertGroup'),
        body: shared(op('insertGroup').requestBodies[0]!.schema),
        response: response('insertGroup'),
      },
    },
    async (request) => insertGroup(request.body as Parameters<typeof insertGroup>[0]),
  );
  await app.ready();
  return app.server;
}

function bareServer(): http.Server {
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  };
  return http.createServer((req, res) => {
    if (!/^Bearer \S+$/i.test(req.headers.authorization ?? '')) return send(res, 401, { error: 'no credential' });
    if (req.method === 'GET') return send(res, 200, listGroups({ mine: req.url!.includes('mine=true') }));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => send(res, 200, insertGroup(JSON.parse(Buffer.concat(chunks).toString()))));
  });
}
