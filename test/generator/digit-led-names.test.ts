// Operation ids that start with a digit (channel4's `4oD_Browse_by_Date_Feed`) or hold only symbols: every name the
// package derives from them (the method, its Params, Result and field types) is an identifier, and every file parses.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { typeIdentifier } from '../../generator/model/names.js';
import { syntaxError } from '../../generator/syntax-check.js';
import { inlinePackage } from '../support/inline-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'digits', version: '1' },
  paths: {
    '/feeds/{yyyy}': {
      get: {
        operationId: '4oD_Browse_by_Date_Feed',
        parameters: [
          { in: 'path', name: 'yyyy', required: true, schema: { type: 'string' } },
          { in: 'query', name: 'fields', schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: answer,
      },
    },
    '/symbols': { get: { operationId: '$$', responses: answer } },
  },
};

it('typeIdentifier puts `_` before a name that would start with a digit, and names nothing `""`', () => {
  expect(typeIdentifier('4oD_Browse')).toBe('_4oDBrowse');
  expect(typeIdentifier('create pet')).toBe('CreatePet');
  expect(typeIdentifier('$$')).toBe('_');
});

it('every TypeScript file of the package parses, and the client and server load', async () => {
  const pkg = await inlinePackage('digits', DOCUMENT);
  try {
    const typescript = fs
      .readdirSync(pkg.dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'));
    expect(typescript.length).toBeGreaterThan(3);
    for (const name of typescript)
      expect(syntaxError(name, fs.readFileSync(path.join(pkg.dir, name), 'utf8')), name).toBe(undefined);
    expect(fs.readFileSync(path.join(pkg.dir, 'client.ts'), 'utf8')).toContain(
      'export interface _4oDBrowseByDateFeedParams',
    );
    expect(Object.keys(pkg.client).length).toBeGreaterThan(0);
    expect(Object.keys(pkg.server).length).toBeGreaterThan(0);
  } finally {
    pkg.remove();
  }
});
