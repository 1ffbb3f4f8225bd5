// A check the run did not reach because it stopped (its --max-requests spent, its deadline passed) says so: n/a for
// the budget, an error for the deadline. A request the run never sent is no answer, no refusal and no create that
// failed: a row that waited on it must not give such a reason instead (seed 59's amplify: its sequences spent the
// budget, and the rest read "the create got no answer").
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../contracts/engine/checks.js';
import type { CheckOutcome } from '../../contracts/engine/run.js';
import { engineAgainst } from '../support/engine-trial.js';

const thing = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 20 } } },
            },
          },
        },
        responses: {
          '201': { description: 'made', content: { 'application/json': { schema: thing } } },
          '400': { description: 'refused' },
        },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
      get: {
        operationId: 'getThing',
        responses: {
          '200': { description: 'the thing', content: { 'application/json': { schema: thing } } },
          '404': { description: 'none' },
        },
      },
      delete: {
        operationId: 'deleteThing',
        responses: { '204': { description: 'gone' }, '404': { description: 'none' } },
      },
    },
  },
};

/** Keeps what it is sent, as the document says. */
function store(): http.RequestListener {
  const things = new Map<string, string>();
  let next = 1;
  return (req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const id = /^\/things\/([^/?]+)/.exec(req.url ?? '')?.[1];
      if (req.method === 'POST' && req.url === '/things') {
        let name: unknown;
        try {
          name = (JSON.parse(text) as { name?: unknown }).name;
        } catch {}
        if (typeof name !== 'string' || name.length > 20) return void res.writeHead(400).end();
        const made = String(next++);
        things.set(made, name);
        return void res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: made, name }));
      }
      if (id === undefined || id.length > 20) return void res.writeHead(id === undefined ? 405 : 400).end();
      if (!things.has(id)) return void res.writeHead(404).end();
      if (req.method === 'GET')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id, name: things.get(id) }));
      if (req.method === 'DELETE') {
        things.delete(id);
        return void res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  };
}

const row = (outcomes: CheckOutcome[], check: string, operation: string) =>
  outcomes.find((o) => o.check === check && o.operation.startsWith(operation));

describe('a run that stopped', () => {
  it('leaves what it did not send n/a for its budget, not for a reason of the answer it never had', async () => {
    const result = await engineAgainst('things', document, store(), { checks: CHECK_IDS, maxRequests: 1 });
    expect(result.stoppedBy).toBe('max-requests');
    const budget = { verdict: 'n/a', message: 'not judged: --max-requests reached' };
    expect(row(result.outcomes, 'negative_data_rejection', 'GET /things/{id}')).toMatchObject(budget);
    expect(row(result.outcomes, 'ensure_resource_availability', 'POST /things ->')).toMatchObject(budget);
    expect(row(result.outcomes, 'use_after_free', 'POST /things ->')).toMatchObject(budget);
  });

  it('with the budget spent in its sequences, the rest of them are the budget too', async () => {
    const sent: string[] = [];
    const whole = await engineAgainst('things', document, store(), {
      checks: CHECK_IDS,
      maxRequests: 1000,
      onExchange: (e) => sent.push(`${e.request.method} ${e.request.path} ${e.answer?.status}`),
    });
    expect(row(whole.outcomes, 'use_after_free', 'POST /things ->')?.verdict).toBe('pass');
    // The sequence's create is the second POST answered 201 (the first is the operation's own valid request).
    const made = sent.flatMap((line, i) => (line === 'POST /things 201' ? [i] : []));
    expect(made.length).toBe(2);
    const before = made[1]!;
    const result = await engineAgainst('things', document, store(), { checks: CHECK_IDS, maxRequests: before });
    expect(row(result.outcomes, 'ensure_resource_availability', 'POST /things ->')).toMatchObject({
      verdict: 'n/a',
      message: 'not judged: --max-requests reached',
    });
  });

  it('makes every check it did not reach by its deadline an error, whatever that check waited on', async () => {
    const result = await engineAgainst('things', document, store(), { checks: CHECK_IDS, deadlineMs: 0 });
    expect(result.stoppedBy).toBe('deadline');
    const deadline = { verdict: 'error', message: "not judged: the run's deadline passed" };
    for (const operation of ['POST /things (', 'GET /things/{id}', 'DELETE /things/{id}'])
      for (const check of ['not_a_server_error', 'positive_data_acceptance', 'negative_data_rejection'])
        expect(row(result.outcomes, check, operation), `${check} ${operation}`).toMatchObject(deadline);
    expect(row(result.outcomes, 'ensure_resource_availability', 'POST /things ->')).toMatchObject(deadline);
    expect(row(result.outcomes, 'use_after_free', 'POST /things ->')).toMatchObject(deadline);
  });
});
