// An operation named as the runtime names a type of its own (`service` gives ServiceError, `api` ApiError,
// `handler` HandlerInput, `json` JsonBody; otoroshi's `service`) keeps its method name, and its types take
// another name: the package's modules import and re-export the runtime's, and a clash does not compile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';

const failing = {
  '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
  '404': { description: 'missing', content: { 'application/json': { schema: { type: 'object' } } } },
};
const operation = (operationId: string) => ({
  post: {
    operationId,
    requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    responses: failing,
  },
});
const NAMES = ['service', 'api', 'handler', 'json', 'notFound', 'documentedApi', 'validatorCompile'];
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'clashes', version: '1' },
  paths: Object.fromEntries(NAMES.map((name) => [`/${name}`, operation(name)])),
};

it('operations named as runtime types keep their names and the package compiles strictly', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-named-operations-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const files = await generatePackage({ key: 'clashes', spec }, { onWarning: () => {} });
    const client = files.get('client.ts')!;
    for (const name of NAMES) expect(client).toMatch(new RegExp(`\\n  ${name}\\(`));
    expect(client).toMatch(/export type ServiceOperationError = /);
    expect(typeCheckPackages(new Map([['clashes', files]])).get('clashes')).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
