// A oneOf whose object alternatives require nothing (Docker's TimespanData: months or weeks, neither required): an
// answer of one is vacuously the other too, so no answer the document describes meets it. That is the document's
// contradiction (a note), not the target's FAIL; a oneOf whose alternatives require their members (a or b, not
// both) still FAILs an answer carrying both.
import { expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { judgeAnswer } from '../../contracts/engine/judge.js';
import { DocumentPointers, DocumentSchemas } from '../../contracts/engine/schemas.js';

const listOf = (member: string) => ({
  type: 'object',
  properties: { [member]: { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } } },
});
const answered = (schema: object) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } } },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Spans', version: '1' },
  paths: {
    '/spans': {
      get: { operationId: 'spans', responses: answered({ $ref: '#/components/schemas/Span' }) },
    },
    '/either': {
      get: {
        operationId: 'either',
        responses: answered({
          oneOf: [
            { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
            { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } },
          ],
        }),
      },
    },
    '/exporters': {
      get: {
        operationId: 'exporter',
        responses: answered({
          type: 'object',
          properties: {
            // otoroshi's DataExporterConfig `config` (seed 61): a third alternative the answer breaks, and one that
            // declares no members, which every object meets.
            config: {
              oneOf: [
                { type: 'object', required: ['clusterUri'], properties: { clusterUri: { type: 'string' } } },
                { type: 'object', required: ['servers'], properties: { servers: { type: 'array' } } },
                { type: 'object', properties: {} },
              ],
            },
          },
        }),
      },
    },
    '/sms': {
      get: {
        operationId: 'sms',
        responses: answered({
          // nexmo's send-an-SMS answer (seed 67): SMS and Error declare the same members and require none, so an SMS
          // whose messages carry a status is an Error too.
          oneOf: [
            {
              type: 'object',
              properties: {
                count: { type: 'string' },
                messages: {
                  type: 'array',
                  items: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } } },
                },
              },
            },
            {
              type: 'object',
              properties: {
                count: { type: 'string' },
                messages: {
                  type: 'array',
                  items: { type: 'object', properties: { status: { type: 'string' }, text: { type: 'string' } } },
                },
              },
            },
          ],
        }),
      },
    },
    '/xor': {
      get: {
        operationId: 'xor',
        responses: answered({
          oneOf: [
            { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
            { type: 'object', required: ['c'], properties: { c: { type: 'integer' } } },
            { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } },
          ],
        }),
      },
    },
  },
  components: {
    schemas: {
      Months: listOf('months'),
      Weeks: listOf('weeks'),
      Span: { oneOf: [{ $ref: '#/components/schemas/Months' }, { $ref: '#/components/schemas/Weeks' }] },
    },
  },
};

function judged(operationId: string, body: unknown) {
  const model = engineModel('spans', structuredClone(document) as never);
  return judgeAnswer(
    model,
    new DocumentSchemas(model.document),
    new DocumentPointers(model.document),
    model.operations.find((o) => o.id === operationId)!,
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
      contentType: 'application/json',
      body: JSON.stringify(body),
      truncated: false,
    },
  ).find((j) => j.check === 'response_schema_conformance')!;
}

it('an answer that is vacuously another alternative too is the document fault, not a FAIL', () => {
  const j = judged('spans', { months: [{ n: 1 }] });
  expect(j.failure).toBeUndefined();
  expect(j.documentFault).toMatch(/oneOf does not tell its alternatives apart: the answer is also a Weeks/);
});

it('an answer that breaks every alternative still FAILs', () => {
  expect(judged('spans', { months: [{ n: 'x' }], weeks: 'y' }).failure).toBeDefined();
});

it('an answer carrying both members of alternatives that require them still FAILs', () => {
  const j = judged('either', { a: 1, b: 2 });
  expect(j.failure).toMatch(/must match exactly one schema in oneOf/);
  expect(j.documentFault).toBeUndefined();
});

it('an alternative that declares no members is met by every object: the document fault where a third one fails', () => {
  const j = judged('exporter', { config: { clusterUri: 'http://elastic' } });
  expect(j.failure).toBeUndefined();
  expect(j.documentFault).toMatch(/oneOf does not tell its alternatives apart: the answer is also a alternative 2/);
});

it('alternatives that require their members still FAIL an answer carrying two, a third alternative failing', () => {
  // ajv lists the third alternative's own error (c missing) before the oneOf's: the oneOf is what failed.
  const j = judged('xor', { a: 1, b: 2 });
  expect(j.failure).toMatch(/must match exactly one schema in oneOf/);
  expect(j.documentFault).toBeUndefined();
});

it('alternatives none of which requires a member anywhere, both met: the document fault', () => {
  const j = judged('sms', { count: '1', messages: [{ id: 'm1', status: '0' }] });
  expect(j.failure).toBeUndefined();
  expect(j.documentFault).toMatch(/none of which requires a member anywhere/);
});
