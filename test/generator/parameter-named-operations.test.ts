// An operation named as its client method's parameters (`options`, `params`: apidapp's OPTIONS operation without an
// operationId is `options`) keeps its name: the method, which calls the operation's function of the same name,
// would otherwise call its own parameter, which does not compile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'named', version: '1' },
  paths: {
    '/': { options: { responses: ok } },
    '/params': { get: { operationId: 'params', responses: ok } },
  },
};

it('operations named options and params keep their names, and the package compiles strictly', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parameter-named-operations-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const files = await generatePackage({ key: 'named', spec }, { onWarning: () => {} });
    const client = files.get('client.ts')!;
    expect(client).toMatch(/\n {2}options\(/);
    expect(client).toMatch(/\n {2}params\(/);
    expect(typeCheckPackages(new Map([['named', files]])).get('named')).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
