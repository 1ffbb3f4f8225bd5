// generate refuses, with the JSON pointer, every schema the server runtime's ajv would refuse to compile on its
// operation's first request; and refuses nothing ajv compiles (the corpus: no candidate at all).
import { describe, expect, it } from 'vitest';
import { candidates, refusedSchemas } from '../../generator/emitters/validator-check.js';
import { type ValidatorSet, validatorSet } from '../../generator/emitters/validators.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { loadSpecFile } from '../../generator/model/load.js';
import { generatePackage, RefusedSchemasError } from '../../generator/pipeline.js';
import { lazyValidators } from '../../templates/runtime/server/validators.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusDocuments } from './corpus.js';

/** A document whose component Thing has `name` and whose 200 answer has `q`, both of the schema given. */
function spec(property: object, parameter: object = { type: 'string' }) {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/things/{id}': {
        post: {
          operationId: 'makeThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: parameter }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object', properties: { q: property } } } },
            },
          },
        },
      },
    },
    components: { schemas: { Thing: { type: 'object', properties: { name: property } } } },
  };
}

const setOf = (document: object): ValidatorSet =>
  validatorSet(buildServiceModel('t', structuredClone(document) as never));

async function generateError(document: object): Promise<RefusedSchemasError | undefined> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validator-check-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document));
  try {
    await generatePackage({ key: 't', spec: file }, { onWarning: () => {} });
    return undefined;
  } catch (error) {
    if (error instanceof RefusedSchemasError) return error;
    throw error;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('generate-time check of the validators', () => {
  it('refuses a keyword value of the wrong type the normaliser leaves (an enum that is no list), and writes nothing', async () => {
    // A wrong-typed count or pattern is left out with a warning before (normalise-schemas); this check stands behind it.
    const error = await generateError(spec({ type: 'string', enum: 'a' }));
    expect(error?.refused.map((r) => r.pointer)).toEqual([
      '#/components/schemas/Thing/properties/name/enum',
      '#/paths/~1things~1{id}/post/responses/200/content/application~1json/schema/properties/q/enum',
    ]);
    expect(error?.message).toContain('enum');
  });

  it('takes a count of the wrong type, left out with a warning (normalise-schemas)', async () => {
    expect(await generateError(spec({ type: 'string', minLength: '3' }))).toBeUndefined();
  });

  it('refuses an `id` that is no draft-04 identifier, which ajv does not take (use $id)', async () => {
    const error = await generateError(spec({ type: 'string', id: 7 }));
    expect(error?.refused[0]).toMatchObject({ pointer: '#/components/schemas/Thing/properties/name/id' });
  });

  it("takes draft 4's `id` identifier, left out with a warning (normalise-schemas)", async () => {
    expect(await generateError(spec({ type: 'string', id: 'name' }))).toBeUndefined();
  });

  it('names a parameter by its place and name', async () => {
    const error = await generateError(spec({ type: 'string' }, { type: 'string', enum: {} }));
    expect(error?.refused.map((r) => r.pointer)).toEqual([
      '#/paths/~1things~1{id}/post/parameters (path parameter "id", at /enum of its schema)',
    ]);
  });

  it('takes an unknown keyword (strict mode is off in the runtime, as ajv ignores it there)', async () => {
    expect(await generateError(spec({ type: 'string', frobnicate: { pattern: '(' } }))).toBeUndefined();
  });

  it('refuses a pattern that is not a regular expression in unicode mode, and a dangling $ref', () => {
    // The normaliser rewrites or drops such patterns with a warning, and the bundler refuses a dangling
    // reference; the check stands behind both, on the validators' schemas as written.
    const set = setOf(spec({ type: 'string' }));
    const thing = (set.file.components as any).schemas.Thing.properties;
    thing.name = { type: 'string', pattern: '^[a-z\\:]+$' };
    thing.other = { $ref: `${set.file.specId}#/components/schemas/Missing` };
    const refused = refusedSchemas(set);
    expect(refused.map((r) => r.pointer)).toEqual(['#/components/schemas/Thing/properties/name/pattern']);
    expect(refused[0]!.message).toMatch(/Invalid (regular expression|escape)/);
    // One candidate reported per component: the dangling reference alone.
    delete thing.name;
    expect(refusedSchemas(set)).toEqual([
      {
        pointer: '#/components/schemas/Thing/properties/other/$ref',
        message: expect.stringMatching(/can't resolve reference/),
      },
    ]);
  });

  // Every keyword ajv defines, with a value of every JSON type: whatever the runtime's ajv refuses to compile is a
  // candidate of the walk (a candidate ajv compiles is no refusal: refusedSchemas compiles each).
  it("finds every schema the runtime's ajv refuses, keyword by keyword", () => {
    const values: unknown[] = [
      'x',
      '(',
      1,
      -1,
      1.5,
      true,
      false,
      null,
      [],
      [1],
      ['x'],
      ['foo'],
      {},
      { a: 1 },
      { '(': {} },
    ];
    const base = setOf(spec({ type: 'string' }));
    let refusedCount = 0;
    const missed: string[] = [];
    for (const keyword of [
      'type',
      'nullable',
      'pattern',
      'patternProperties',
      'properties',
      'items',
      'prefixItems',
      'allOf',
      'anyOf',
      'oneOf',
      'not',
      'if',
      'then',
      'else',
      'enum',
      'const',
      'required',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
      'minLength',
      'maxLength',
      'minItems',
      'maxItems',
      'uniqueItems',
      'contains',
      'minContains',
      'maxContains',
      'minProperties',
      'maxProperties',
      'additionalProperties',
      'propertyNames',
      'dependentRequired',
      'dependentSchemas',
      'dependencies',
      'unevaluatedProperties',
      'unevaluatedItems',
      'format',
      '$ref',
      '$defs',
      'id',
      '$id',
      '$anchor',
      '$comment',
    ]) {
      for (const value of values) {
        const schema = { type: 'object', properties: { inner: { [keyword]: value } } };
        let refused = false;
        try {
          lazyValidators(() => ({ ...base.file, schemas: [schema] }))('strict', 0)(undefined);
        } catch {
          refused = true;
        }
        const set: ValidatorSet = { ...base, file: { ...base.file, schemas: [schema] }, origins: [{ pointer: '#/x' }] };
        const found = candidates(set).some((c) => c.pointer.startsWith('#/x'));
        if (refused) {
          refusedCount++;
          if (!found || refusedSchemas(set).length === 0) missed.push(`${keyword}: ${JSON.stringify(value)}`);
        }
        if (!refused && found) expect(refusedSchemas(set)).toEqual([]);
      }
    }
    expect(missed, 'refused by ajv, not found by the check').toEqual([]);
    expect(refusedCount).toBeGreaterThan(100);
  });

  it.each(corpusDocuments().map((d) => [d.name, d.spec]))(
    'finds no candidate in the corpus document %s (every schema of it compiles)',
    async (name, file) => {
      const loaded = await loadSpecFile(name, file);
      const set = validatorSet(buildServiceModel(name, loaded.document));
      expect(candidates(set).map((c) => c.pointer)).toEqual([]);
    },
    120_000,
  );
});
