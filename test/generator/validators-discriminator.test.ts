// A oneOf or anyOf with a discriminator validates as OpenAPI means it: the discriminator's value picks the
// alternative (its mapping, else the component names), and a value that also matches another alternative is not
// refused for it (a plain action and a snapshot action that every action matches, as DigitalOcean writes them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';

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
  for (const [rel, content] of await generatePackage({ key: name, spec: file })) {
    fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), content);
  }
  const module = (await import(pathToFileURL(path.join(out, 'validators.ts')).href)) as Record<
    string,
    (data: unknown) => boolean
  >;
  return module.validateActBody0!;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('a discriminated union', () => {
  it('oneOf with a mapping: the mapped alternative decides, overlapping alternatives are no fault', async () => {
    const validate = await validator('mapped', {
      oneOf: [ref('Action'), ref('Snapshot'), ref('Resize')],
      discriminator: {
        propertyName: 'type',
        mapping: { reboot: '#/components/schemas/Action', snapshot: 'Snapshot', resize: 'Resize' },
      },
    });
    expect(validate({ type: 'reboot' })).toBe(true);
    expect(validate({ type: 'snapshot', name: 'nightly' })).toBe(true);
    expect(validate({ type: 'resize', size: 's-1vcpu' })).toBe(true);
    // The mapped alternative is checked: a resize needs its size, whatever the plain action accepts.
    expect(validate({ type: 'resize' })).toBe(false);
    expect(validate({ type: 'snapshot', name: 7 })).toBe(false);
    expect(validate({ type: 'unknown' })).toBe(false);
    expect(validate({})).toBe(false);
  });

  it('anyOf without a mapping: the component names are the values', async () => {
    const validate = await validator('implicit', {
      anyOf: [ref('Snapshot'), ref('Resize')],
      discriminator: { propertyName: 'type' },
    });
    // The discriminator's value names no alternative: the anyOf alone decides.
    expect(validate({ type: 'resize', size: 'big' })).toBe(true);
    expect(validate({ type: 'resize' })).toBe(true);
    // The alternative the value names is checked: a Resize needs its size, though a Snapshot would match.
    expect(validate({ type: 'Resize' })).toBe(false);
    expect(validate({ type: 'Resize', size: 'big' })).toBe(true);
    expect(validate({ type: 'Snapshot', name: 1 })).toBe(false);
  });

  it('without a discriminator oneOf keeps its meaning: a value matching two alternatives is refused', async () => {
    const validate = await validator('plain', { oneOf: [ref('Action'), ref('Snapshot')] });
    expect(validate({ type: 'reboot' })).toBe(false);
    expect(validate({ type: 'reboot', name: 5 })).toBe(true);
  });

  it("a discriminator the alternatives inherit (their allOf parent's, OpenAPI's Pet / Cat / Dog) decides", async () => {
    // Every Snapshot whose size is absent is also a Resize without its required size, and vice versa: JSON
    // Schema's oneOf alone would refuse each value both match.
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
    expect(validate({ type: 'Snapshot', name: 'nightly' })).toBe(true);
    expect(validate({ type: 'snapshot', name: 'nightly' })).toBe(true);
    expect(validate({ type: 'resize', size: 's-1vcpu' })).toBe(true);
    expect(validate({ type: 'Resize', size: 's-1vcpu', name: 'both' })).toBe(true);
    // The alternative the value names is checked.
    expect(validate({ type: 'resize' })).toBe(false);
    expect(validate({ type: 'Snapshot', name: 7 })).toBe(false);
    expect(validate({ name: 'nightly' })).toBe(false);
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
