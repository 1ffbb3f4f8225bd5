// not_a_server_error FAILs a 5xx whether or not the operation documents it, as Schemathesis's check does (its
// expected statuses are 2xx, 3xx and 4xx unless configured): a documented 500 is still a server error. The FAIL says
// when the status is documented, and when it is all the operation documents (appwrite's health checks), so that a
// document that allows nothing else is told from a server that broke.
import type http from 'node:http';
import { expect, it } from 'vitest';
import { engineAgainst } from '../support/engine-trial.js';

const problem = { description: 'the server failed', content: { 'application/json': { schema: { type: 'object' } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Health', version: '1' },
  paths: {
    '/health': { get: { operationId: 'health', responses: { '500': problem } } },
    '/db': {
      get: {
        operationId: 'database',
        responses: { '200': { description: 'up' }, '503': problem },
      },
    },
    '/cache': { get: { operationId: 'cache', responses: { '200': { description: 'up' } } } },
  },
};

// Every operation answers a 5xx: the two documented ones as documented, `/cache` one it does not list.
const server = (req: http.IncomingMessage, res: http.ServerResponse) => {
  const status = req.url === '/health' ? 500 : req.url === '/db' ? 503 : 502;
  res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
};

it('fails a documented 5xx as a server error, and says it is documented', async () => {
  const result = await engineAgainst('health', document, server, { checks: ['not_a_server_error'] });
  const verdict = (id: string) =>
    result.outcomes.find((o) => o.check === 'not_a_server_error' && o.operation.includes(`(${id})`));
  expect(verdict('health')).toMatchObject({
    verdict: 'FAIL',
    message:
      'answered 500, a status the operation documents (its only answers are server errors): a server error all the same',
  });
  expect(verdict('database')).toMatchObject({
    verdict: 'FAIL',
    message: 'answered 503, a status the operation documents: a server error all the same',
  });
  expect(verdict('cache')).toMatchObject({ verdict: 'FAIL', message: 'answered 502' });
});
