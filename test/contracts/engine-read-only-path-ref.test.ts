// A request body whose schema is a `$ref` into another operation's (`#/paths/~1things/post/...`, as enode.io's
// document writes its PUT) is seen as requests see it: its readOnly members are the server's to write, so the
// generated server does not require them, and a request without them is accepted.
import { describe, expect, it } from 'vitest';
import { failures, faithfulRun } from '../support/faithful-run.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Places', version: '1' },
  paths: {
    '/places': {
      post: {
        operationId: 'addPlace',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['id', 'name'],
                properties: {
                  id: { type: 'string', format: 'uuid', readOnly: true },
                  name: { type: 'string', maxLength: 20 },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'added' } },
      },
    },
    '/places/{placeId}': {
      put: {
        operationId: 'putPlace',
        parameters: [{ name: 'placeId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/paths/~1places/post/requestBody/content/application~1json/schema' },
            },
          },
        },
        responses: { '204': { description: 'replaced' } },
      },
    },
  },
};

describe('a readOnly member through a $ref into another operation', () => {
  it('is not required of a request by the generated server', async () => {
    const outcomes = await faithfulRun('places', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.filter((o) => o.check === 'positive_data_acceptance' && o.verdict === 'pass')).toHaveLength(2);
  }, 300_000);
});
