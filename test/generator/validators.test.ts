// Issue 3: the validators emitter on a small spec of its own. The generated validators.js runs with no
// ajv at hand (its runtime helpers are bundled in), and the unevaluated-keyword tracking the emitter
// leaves out for the three specs comes back for a spec that uses unevaluatedProperties.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServiceModel } from '../../generator/model/build.js';
import { emitValidators } from '../../generator/emitters/validators.js';
import { statusErrorStyle } from './fixtures/error-style.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A one-operation spec whose JSON body is `Labelled`: an allOf, closed by the given keywords. */
function spec(closing: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title: 'mini', version: '1' },
    'x-error-style': statusErrorStyle,
    paths: {
      '/v1/things': {
        post: {
          operationId: 'createThing',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Labelled' } } },
          },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Labelled' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Named: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 5 }, created: { type: 'string', format: 'date-time' } },
        },
        Labelled: {
          allOf: [{ $ref: '#/components/schemas/Named' }, { properties: { label: { type: 'string' } } }],
          ...closing,
        },
      },
    },
  };
}

/** Emits the validators, writes them as an ES module outside the project (no node_modules above) and imports them. */
async function load(name: string, closing: Record<string, unknown>) {
  const model = buildServiceModel('generative', spec(closing));
  const { js } = await emitValidators(model);
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, js);
  return {
    js,
    module: (await import(pathToFileURL(file).href)) as Record<
      string,
      ((data: unknown) => boolean) & { errors?: unknown[] }
    >,
  };
}

describe('validators.js', () => {
  it('runs on its own: ajv runtime helpers and formats are bundled in', async () => {
    const { js, module } = await load('open', {});
    expect(js).not.toMatch(/[^'\w]require\("ajv/); // ucs2length.code's string literal aside
    expect(js).not.toContain('.evaluated');
    const validate = module.validateCreateThingBody0!;
    expect(validate({ name: 'abc', created: '2026-11-23T10:00:00Z', extra: 1 })).toBe(true);
    expect(validate({ name: 'abcdef' })).toBe(false); // maxLength counts with ajv's ucs2length
    expect(validate({ name: 'abc', created: 'yesterday' })).toBe(false); // date-time from ajv-formats
  });

  it('keeps unevaluatedProperties working when a spec uses it', async () => {
    const { js, module } = await load('closed', { unevaluatedProperties: false });
    expect(js).toContain('.evaluated');
    const validate = module.validateCreateThingBody0!;
    expect(validate({ name: 'abc', label: 'x' })).toBe(true);
    expect(validate({ name: 'abc', extra: 1 })).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('unevaluated');
  });
});
