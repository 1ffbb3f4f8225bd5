// The engine judges an answer by the answer's view of its schema: a required writeOnly member (a password) is not
// required in a response (OpenAPI: it "SHOULD NOT be sent as part of the response"), at any depth and through
// $ref; every other member still is. A server that leaves the password out never FAILs.
import { expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { judgeAnswer } from '../../contracts/engine/judge.js';
import { DocumentPointers, DocumentSchemas } from '../../contracts/engine/schemas.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'Accounts', version: '1' },
  paths: {
    '/accounts': {
      get: {
        operationId: 'listAccounts',
        responses: {
          '200': {
            description: 'the accounts',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['accounts'],
                  properties: { accounts: { type: 'array', items: { $ref: '#/components/schemas/Account' } } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Account: {
        type: 'object',
        required: ['name', 'password'],
        properties: { name: { type: 'string' }, password: { type: 'string', writeOnly: true } },
      },
    },
  },
};

function failures(body: unknown) {
  const model = engineModel('accounts', structuredClone(document) as never);
  const found = judgeAnswer(
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
  );
  return found.filter((j) => j.check === 'response_schema_conformance').map((j) => j.failure);
}

it('an answer without the writeOnly password passes', () => {
  expect(failures({ accounts: [{ name: 'a' }] })).toEqual([undefined]);
});

it('an answer without another required member still fails, under response_schema_conformance', () => {
  expect(failures({ accounts: [{ password: 'x' }] })[0]).toMatch(/\/accounts\/0 must have required property 'name'/);
});

// A closed object (`additionalProperties: false`, apideck's SharedLink) that carries its writeOnly member: OpenAPI
// says such a member SHOULD NOT be sent in a response, which advises; the schema declares it, so the answer meets it.
it('an answer carrying a writeOnly member of a closed object passes; an undeclared member still fails', () => {
  const closed = structuredClone(document);
  Object.assign(closed.components.schemas.Account, { additionalProperties: false });
  const judge = (body: unknown) => {
    const model = engineModel('accounts', structuredClone(closed) as never);
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
    )
      .filter((j) => j.check === 'response_schema_conformance')
      .map((j) => j.failure);
  };
  expect(judge({ accounts: [{ name: 'a', password: 'x' }] })).toEqual([undefined]);
  expect(judge({ accounts: [{ name: 'a' }] })).toEqual([undefined]);
  expect(judge({ accounts: [{ name: 'a', other: 1 }] })[0]).toMatch(/must NOT have additional properties/);
});
