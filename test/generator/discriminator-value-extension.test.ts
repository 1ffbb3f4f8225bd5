// AutoRest's `x-ms-discriminator-value` names the value of a parent's discriminator that a child is (Azure's
// documents: `type: "USql"` for CreateUSqlJobProperties): the validators and types take that value, as the
// parent's mapping would say it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const child = (value: string, properties: Record<string, unknown>) => ({
  allOf: [{ $ref: '#/components/schemas/JobProperties' }],
  properties,
  'x-ms-discriminator-value': value,
});
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'jobs', version: '1' },
  paths: {
    '/jobs': {
      put: {
        operationId: 'submitJob',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/JobProperties' } } },
        },
        responses: { '204': { description: 'submitted' } },
      },
    },
  },
  components: {
    schemas: {
      JobProperties: {
        type: 'object',
        required: ['type', 'script'],
        properties: { type: { type: 'string' }, script: { type: 'string' } },
        discriminator: { propertyName: 'type' },
      },
      UsqlJobProperties: child('USql', { compileMode: { type: 'string', enum: ['Semantic', 'Full'] } }),
      HiveJobProperties: child('Hive', { statementCount: { type: 'integer' } }),
    },
  },
};

let pkg: InlinePackage;

beforeAll(async () => {
  pkg = await inlinePackage('jobs', DOCUMENT);
}, 120_000);

afterAll(() => pkg?.remove());

it("the server takes the child's value and checks the child it names", () => {
  const validate = pkg.validators.validateSubmitJobBody0!;
  expect(validate({ type: 'USql', script: 's', compileMode: 'Full' })).toBe(true);
  expect(validate({ type: 'Hive', script: 's', statementCount: 2 })).toBe(true);
  expect(validate({ type: 'USql', script: 's', compileMode: 'Never' })).toBe(false);
  expect(validate({ type: 'Hive', script: 's', statementCount: 'two' })).toBe(false);
});

it("the types name the child by the extension's value", () => {
  const probe = path.join(pkg.dir, 'probe.ts');
  fs.writeFileSync(
    probe,
    [
      `import { JobsClient } from './client.js';`,
      `export async function submit(client: JobsClient) {`,
      `  await client.submitJob({ body: { type: 'USql', script: 's', compileMode: 'Full' } });`,
      `  await client.submitJob({ body: { type: 'Hive', script: 's', statementCount: 2 } });`,
      `  // @ts-expect-error a Hive job has no compile mode`,
      `  await client.submitJob({ body: { type: 'Hive', script: 's', compileMode: 'Full' } });`,
      `}`,
      '',
    ].join('\n'),
  );
  expect(compileProblems([probe])).toEqual([]);
}, 120_000);
