// The validators emitter on a small spec of its own. The generated validators.ts runs with no ajv at hand (ajv is
// bundled into the package's runtime), compiles a schema on its validator's first call, and the unevaluated-keyword
// tracking left out for the three specs comes back for a spec that uses unevaluatedProperties.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { statusErrorStyle } from './fixtures/error-style.js';
import { writePackage } from '../support/package-folder.js';

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

/** Generates the package outside the project (no node_modules above) and imports its validators. */
async function load(name: string, closing: Record<string, unknown>) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(spec(closing)));
  const out = path.join(dir, name);
  writePackage(out, await generatePackage({ key: name, spec: file }));
  return {
    ts: fs.readFileSync(path.join(out, 'validators.ts'), 'utf8'),
    module: (await import(pathToFileURL(path.join(out, 'validators.ts')).href)) as Record<
      string,
      ((data: unknown) => boolean) & { errors?: unknown[] }
    >,
  };
}

describe('validators.ts', () => {
  it('runs on its own: ajv and its formats are bundled into the runtime', async () => {
    const { ts, module } = await load('open', {});
    expect(ts).not.toMatch(/from 'ajv/);
    expect(ts).toContain('"unevaluated":false');
    const validate = module.validateCreateThingBody0!;
    expect(validate({ name: 'abc', created: '2026-11-23T10:00:00Z', extra: 1 })).toBe(true);
    expect(validate({ name: 'abcdef' })).toBe(false); // maxLength counts with ajv's ucs2length
    expect(validate({ name: 'abc', created: 'yesterday' })).toBe(false); // date-time from ajv-formats
  });

  it('keeps unevaluatedProperties working when a spec uses it', async () => {
    const { ts, module } = await load('closed', { unevaluatedProperties: false });
    expect(ts).toContain('"unevaluated":true');
    const validate = module.validateCreateThingBody0!;
    expect(validate({ name: 'abc', label: 'x' })).toBe(true);
    expect(validate({ name: 'abc', extra: 1 })).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain('unevaluated');
  });
});
