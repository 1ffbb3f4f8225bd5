// x-open-enum: an enum of answers that admits values added later is typed as its known values plus any
// string (editors still suggest the known ones), and validated as its type without the enum; an enum
// without the mark stays closed.
import { describe, expect, it } from 'vitest';
import { buildServiceModel } from '../../generator/model/build.js';
import { emitTypes } from '../../generator/emitters/types.js';
import { cleanSchema } from '../../generator/emitters/validator-schemas.js';
import { statusErrorStyle } from './fixtures/error-style.js';

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  'x-error-style': statusErrorStyle,
  paths: {},
  components: {
    schemas: {
      Closed: { type: 'string', enum: ['A', 'B'] },
      Open: { type: 'string', enum: ['A', 'B'], 'x-open-enum': true },
      OpenByRef: { 'x-open-enum': true, anyOf: [{ $ref: '#/components/schemas/Closed' }, { type: 'string' }] },
      Thing: { type: 'object', properties: { state: { type: 'string', enum: ['ON', 'OFF'], 'x-open-enum': true } } },
    },
  },
};

describe('x-open-enum', () => {
  const types = emitTypes(buildServiceModel('analytics', structuredClone(document) as never));

  it('types an open enum as its values or any other string', () => {
    expect(types).toMatch(/Open: "A" \| "B" \| \(string & \{\}\);/);
    expect(types).toMatch(/OpenByRef: components\["schemas"\]\["Closed"\] \| \(string & \{\}\);/);
    expect(types).toMatch(/state\?: "ON" \| "OFF" \| \(string & \{\}\);/);
  });

  it('keeps an enum without the mark closed', () => {
    expect(types).toMatch(/Closed: "A" \| "B";/);
  });

  it('validates an open enum as its type, a closed one with its values', () => {
    expect(cleanSchema(document.components.schemas.Open, 's')).toEqual({ type: 'string' });
    expect(cleanSchema(document.components.schemas.Closed, 's')).toEqual({ type: 'string', enum: ['A', 'B'] });
  });
});
