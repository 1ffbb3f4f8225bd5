// Bytes a reader cannot tell apart from others the document means: an exploded form object whose member is named
// like a query parameter (seldon's query `json`, a SeldonMessage whose example `{"json": "<JSON text>"}` was written
// `json=<JSON text>`, which the generated server read as the parameter itself: "must be object"), and a required
// form body drawn without members, which is no bytes at all, no body to Prism and many servers (seldon's
// `/aggregate`: "Missing request body" from the generated server then; Prism's "Body parameter is required"). Both
// were 14 FAILs of the engine's on the generated server, seed 67; a server refusing what the document allows still
// FAILs.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { engineAgainst } from '../support/engine-trial.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const message = {
  type: 'object',
  properties: { strData: { type: 'string', minLength: 1 }, binData: { type: 'string', format: 'byte' } },
};
const ok = { '200': { description: 'done', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.0.0',
  info: { title: 'Predictions', version: '1' },
  paths: {
    '/predict': {
      get: {
        operationId: 'predict',
        parameters: [
          { name: 'json', in: 'query', required: true, schema: message, example: { json: '{"data": [1]}' } },
        ],
        responses: ok,
      },
    },
    '/aggregate': {
      post: {
        operationId: 'aggregate',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { json: message } },
              encoding: { json: { contentType: 'application/json' } },
            },
          },
        },
        responses: ok,
      },
    },
  },
};

describe('bytes a reader takes for something else', () => {
  const model = engineModel('predictions', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
  const drawn = (id: string, seed: number) =>
    validRequest(model, schemas, model.operations.find((o) => o.id === id)!, settings, seed).request;

  it('are not sent: no member named like a query parameter, no empty required form', () => {
    for (let seed = 1; seed <= 16; seed++) {
      expect(drawn('predict', seed).query.map(([k]) => k)).not.toContain('json');
      expect(drawn('aggregate', seed).body, `seed ${seed}`).not.toBe('');
    }
  });

  it('get no FAIL from the generated server with faithful handlers', async () => {
    expect(failures(await faithfulRun('predictions', document))).toEqual([]);
  }, 300_000);

  it('leave positive_data_acceptance able to FAIL a server refusing what the document allows', async () => {
    const refuses: http.RequestListener = (_, res) =>
      void res.writeHead(400, { 'content-type': 'application/json' }).end('{}');
    const run = await engineAgainst('predictions', document, refuses, { checks: ['positive_data_acceptance'] });
    expect(run.outcomes.map((o) => o.verdict)).toEqual(['FAIL', 'FAIL']);
  });
});
