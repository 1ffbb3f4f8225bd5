// A required member several `$ref`s down: json-schema-faker stops following `$ref`s past its refDepth (2 here) and
// draws what lies beyond as null or any value, so no draw met the schema and the operation had no valid request
// (Adyen's terminal requests, Azure's rule resources: every check n/a). The engine draws such schemas deeper.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const link = (to: string) => ({
  type: 'object',
  required: [to],
  properties: { [to]: { $ref: `#/components/schemas/${to}` } },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Deep', version: '1' },
  paths: {
    '/payments': {
      post: {
        operationId: 'pay',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Request' } } },
        },
        responses: { '200': { description: 'paid', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Request: link('Header'),
      Header: link('Sale'),
      Sale: link('Transaction'),
      Transaction: link('Amount'),
      Amount: { type: 'object', required: ['value'], properties: { value: { type: 'integer', minimum: 1 } } },
    },
  },
};

describe('a required member four $refs down', () => {
  it('is drawn, so the operation has a valid request', () => {
    const model = engineModel('deep', structuredClone(document) as never);
    const drawn = validRequest(
      model,
      new DocumentSchemas(model.document),
      model.operations[0]!,
      { apiKeys: {}, headers: {}, values: {}, seed: 1 },
      1,
    );
    expect(drawn.unsupported).toBeUndefined();
    expect(JSON.parse(String(drawn.request.body)).Header.Sale.Transaction.Amount.value).toBeGreaterThan(0);
  });

  it('is judged, with no FAIL from the generated server', async () => {
    const outcomes = await faithfulRun('deep', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.find((o) => o.check === 'positive_data_acceptance')?.verdict).toBe('pass');
  }, 300_000);
});
