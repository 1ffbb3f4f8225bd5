// A oneOf or anyOf with a discriminator validates as JSON Schema's (OpenAPI 3.1.1: the discriminator is a hint,
// and Prism reads it so): exactly one alternative of a oneOf must match, whatever the discriminator names. A
// parent's discriminator (no oneOf of its own, its children inheriting it) is checked where the parent is used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-discriminator-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A spec whose one JSON body is the given union of the Action, Snapshot and Resize components; Snapshot and Resize
 * inherit Action (allOf), which may declare a discriminator of its own.
 */
function spec(union: Record<string, unknown>, parent: Record<string, unknown> = {}) {
  const action = (extra: Record<string, unknown>) => ({
    allOf: [{ $ref: '#/components/schemas/Action' }, { type: 'object', ...extra }],
  });
  return {
    openapi: '3.0.3',
    info: { title: 'actions', version: '1' },
    paths: {
      '/actions': {
        post: {
          operationId: 'act',
          requestBody: { required: true, content: { 'application/json': { schema: union } } },
          responses: { '204': { description: 'done' } },
        },
      },
    },
    components: {
      schemas: {
        Action: {
          type: 'object',
          required: ['type'],
          properties: { type: { type: 'string', enum: ['reboot', 'snapshot', 'resize', 'Snapshot', 'Resize'] } },
          ...parent,
        },
        Snapshot: action({ properties: { name: { type: 'string' } } }),
        Resize: action({ required: ['size'], properties: { size: { type: 'string' } } }),
      },
    },
  };
}

/** The package's body validator, the package generated outside the project. */
async function validator(name: string, union: Record<string, unknown>, parent?: Record<string, unknown>) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(spec(union, parent)));
  const out = path.join(dir, name);
  writePackage(out, await generatePackage({ key: name, spec: file }));
  const module = (await import(pathToFileURL(path.join(out, 'validators.ts')).href)) as Record<
    string,
    (data: unknown) => boolean
  >;
  return module.validateActBody0!;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe("a discriminated union keeps JSON Schema's oneOf / anyOf (the discriminator is a hint)", () => {
  it('oneOf with a mapping: a value two alternatives accept is refused whatever its discriminator says', async () => {
    const validate = await validator('mapped', {
      oneOf: [ref('Action'), ref('Snapshot'), ref('Resize')],
      discriminator: {
        propertyName: 'type',
        mapping: { reboot: '#/components/schemas/Action', snapshot: 'Snapshot', resize: 'Resize' },
      },
    });
    // Every Snapshot is also an Action: exactly one never matches.
    expect(validate({ type: 'reboot' })).toBe(false);
    expect(validate({ type: 'snapshot', name: 'nightly' })).toBe(false);
    // Only an Action matches (a Snapshot's name must be a string), whatever the discriminator names.
    expect(validate({ type: 'snapshot', name: 7 })).toBe(true);
    expect(validate({ type: 'unknown' })).toBe(false);
    expect(validate({})).toBe(false);
  });

  it('oneOf without overlap: the one alternative a value matches decides, not the discriminator', async () => {
    const validate = await validator('apart', {
      oneOf: [ref('Snapshot'), ref('Resize')],
      discriminator: { propertyName: 'type', mapping: { snapshot: 'Snapshot', resize: 'Resize' } },
    });
    // A name of 7 is no Snapshot; a Resize it is, though its discriminator names a Snapshot.
    expect(validate({ type: 'snapshot', name: 7, size: 's-1vcpu' })).toBe(true);
    // Both match: refused, though the discriminator names one.
    expect(validate({ type: 'resize', size: 's-1vcpu' })).toBe(false);
    expect(validate({ type: 'resize', name: 7 })).toBe(false);
  });

  it('anyOf: any alternative will do, whatever the discriminator names', async () => {
    const validate = await validator('implicit', {
      anyOf: [ref('Snapshot'), ref('Resize')],
      discriminator: { propertyName: 'type' },
    });
    expect(validate({ type: 'Resize' })).toBe(true);
    expect(validate({ type: 'Snapshot', name: 1, size: 'big' })).toBe(true);
    expect(validate({ type: 'Snapshot', name: 1 })).toBe(false);
  });

  it("a discriminator the alternatives inherit (OpenAPI's Pet / Cat / Dog) changes nothing either", async () => {
    const validate = await validator(
      'inherited',
      { oneOf: [ref('Snapshot'), ref('Resize')] },
      {
        discriminator: {
          propertyName: 'type',
          mapping: { snapshot: 'Snapshot', resize: '#/components/schemas/Resize' },
        },
      },
    );
    // Without a size, a Snapshot is no Resize: one alternative.
    expect(validate({ type: 'snapshot', name: 'nightly' })).toBe(true);
    // Both alternatives accept it.
    expect(validate({ type: 'resize', size: 's-1vcpu' })).toBe(false);
    expect(validate({ type: 'Snapshot', name: 7 })).toBe(false);
  });
});

describe('a discriminator on a parent its children inherit (allOf), with no oneOf of its own', () => {
  const mapping = { snapshot: 'Snapshot', resize: '#/components/schemas/Resize' };

  it('where the parent is used, the value its discriminator names is checked against that child', async () => {
    const validate = await validator(
      'parent-open',
      { type: 'array', items: ref('Action') },
      { properties: { type: { type: 'string' } }, discriminator: { propertyName: 'type', mapping } },
    );
    expect(
      validate([
        { type: 'snapshot', name: 'nightly' },
        { type: 'resize', size: 's-1vcpu' },
      ]),
    ).toBe(true);
    // The parent's own name names the parent: its members alone.
    expect(validate([{ type: 'Action' }])).toBe(true);
    expect(validate([{ type: 'resize' }])).toBe(false);
    expect(validate([{ type: 'snapshot', name: 7 }])).toBe(false);
    // A value the discriminator maps to no schema names nothing the value could be.
    expect(validate([{ type: 'reboot' }])).toBe(false);
  });

  it('a child used directly inherits the parent without its discriminator, and a listed value stays valid', async () => {
    const direct = await validator('parent-child', ref('Resize'), {
      discriminator: { propertyName: 'type', mapping },
    });
    expect(direct({ type: 'resize', size: 'big' })).toBe(true);
    expect(direct({ type: 'resize' })).toBe(false);
    // Action lists its values (reboot among them): a value no child is mapped to is a plain action.
    const listed = await validator('parent-listed', ref('Action'), {
      discriminator: { propertyName: 'type', mapping },
    });
    expect(listed({ type: 'reboot' })).toBe(true);
    expect(listed({ type: 'resize' })).toBe(false);
    expect(listed({ type: 'resize', size: 'big' })).toBe(true);
  });
});
