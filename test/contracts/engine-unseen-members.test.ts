// additionalProperties sees its own schema's properties only: beside an anyOf whose alternative declares a member
// of another type (Adyen's `threeds2.cardEnrolled`, a boolean, beside `additionalProperties: {type: string}`), the
// document refuses the member it declares. An answer carrying it as declared is the document's contradiction (Prism
// answered `true`, seed 61: 3 FAILs), not the target's; a value neither allows, or a member no alternative declares,
// still FAILs.
import { expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { judgeAnswer } from '../../contracts/engine/judge.js';
import { DocumentPointers, DocumentSchemas } from '../../contracts/engine/schemas.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Payments', version: '1' },
  paths: {
    '/authorise': {
      post: {
        operationId: 'authorise',
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Result' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Result: {
        type: 'object',
        properties: {
          additionalData: {
            additionalProperties: { type: 'string' },
            anyOf: [{ $ref: '#/components/schemas/ThreeDS' }, { $ref: '#/components/schemas/Card' }],
          },
        },
      },
      ThreeDS: { type: 'object', properties: { 'threeds2.cardEnrolled': { type: 'boolean' } } },
      Card: { type: 'object', properties: { cardBin: { type: 'string' } } },
    },
  },
};

function judged(body: unknown) {
  const model = engineModel('payments', structuredClone(document) as never);
  return judgeAnswer(
    model,
    new DocumentSchemas(model.document),
    new DocumentPointers(model.document),
    model.operations[0]!,
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
      contentType: 'application/json',
      body: JSON.stringify(body),
      truncated: false,
    },
  ).find((j) => j.check === 'response_schema_conformance')!;
}

it('a member an alternative declares, as declared, refused by the additionalProperties beside it: the document fault', () => {
  const j = judged({ additionalData: { 'threeds2.cardEnrolled': true, cardBin: '4111' } });
  expect(j.failure).toBeUndefined();
  expect(j.documentFault).toMatch(
    /additionalProperties .* does not see the members its alternatives declare: threeds2.cardEnrolled, declared by #\/components\/schemas\/ThreeDS/,
  );
});

it('a value neither the alternative nor the additionalProperties allows still FAILs', () => {
  expect(judged({ additionalData: { 'threeds2.cardEnrolled': 5 } }).failure).toMatch(/must be string/);
});

it('a member no alternative declares, breaking the additionalProperties, still FAILs', () => {
  expect(judged({ additionalData: { retries: 3 } }).failure).toMatch(/must be string/);
});
