// Operations no request can tell apart (the same method and path once a path key's fragment is cut off, as in
// APIs.guru's AWS documents: `/#Action=A`, `/#Action=B`) are not applicable, with the reason, instead of being
// called and their answers (whichever operation the target took the request for) judged as theirs; an operation
// whose fragment-free path is its own is called and judged as any other.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const action = (name: string) => ({
  operationId: name,
  parameters: [{ name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: [name] } }],
  responses: { '200': { description: 'done', content: { 'application/json': { schema: { type: 'object' } } } } },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Actions', version: '1' },
  paths: {
    '/#Action=Start': { get: action('Start') },
    '/#Action=Stop': { get: action('Stop') },
    '/status#full': {
      get: {
        operationId: 'Status',
        responses: {
          '200': { description: 'the status', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
};

describe('operations a request cannot tell apart', () => {
  it('are n/a with the reason; an operation with a request line of its own is judged', async () => {
    // A path-routing server: `/` is one route whatever the fragment, and it reads Action as Start's only.
    const pathRouting = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const ok = url.pathname === '/status' || url.searchParams.get('Action') === 'Start';
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end('{}');
    };
    const result = await engineAgainst('actions', document, pathRouting, {
      checks: ['positive_data_acceptance', 'status_code_conformance'],
    });
    const of = (id: string) => result.outcomes.filter((o) => o.operation.endsWith(`(${id})`));
    for (const id of ['Start', 'Stop']) {
      expect(of(id).map((o) => o.verdict)).toEqual(['n/a', 'n/a']);
      expect(of(id)[0]!.message).toMatch(/request line \(GET \/\) is also (Start|Stop)'s: no request tells them apart/);
    }
    expect(of('Status').map((o) => o.verdict)).toEqual(['pass', 'pass']);
  });
});

// Google's spanner keys `/v1/{name}` beside `/v1/{database}`: paths that differ only in their templates' names,
// which OpenAPI calls identical (and invalid). The reason says so, not that a fragment is never sent.
it('names templates of one shape as the reason where no fragment is involved', async () => {
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
  const param = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
  const shapes = {
    openapi: '3.0.3',
    info: { title: 'Spanner', version: '1' },
    paths: {
      '/v1/{name}': { get: { operationId: 'getOperation', parameters: param('name'), responses: ok } },
      '/v1/{database}': { get: { operationId: 'getDatabase', parameters: param('database'), responses: ok } },
    },
  };
  const any = (_: http.IncomingMessage, res: http.ServerResponse) =>
    void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  const result = await engineAgainst('spanner', shapes, any, { checks: ['positive_data_acceptance'] });
  for (const o of result.outcomes) {
    expect(o.verdict).toBe('n/a');
    expect(o.message).toMatch(/differ only in their templates' names, which OpenAPI calls identical and invalid/);
  }
});
