// The server imports a runtime helper only where its code uses it: a parameter that bears a helper's name
// (GoDaddy's certificates API: a query parameter `callbackUrl`, no callbacks) is a string of the route table, and an
// import nothing reads does not compile (noUnusedLocals).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';

const query = (name: string) => ({ name, in: 'query', required: true, schema: { type: 'string' } });
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'certificates', version: '1' },
  paths: {
    '/certificates/{id}/callback': {
      put: {
        operationId: 'replaceCallback',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          query('callbackUrl'),
          query('sharedReceiver'),
          query('MediaPart'),
        ],
        responses: { '204': { description: 'replaced' } },
      },
    },
  },
};

it('a parameter named as a runtime helper imports nothing, and the package compiles strictly', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-imports-by-use-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const files = await generatePackage({ key: 'certificates', spec }, { onWarning: () => {} });
    const imports = files
      .get('server.ts')!
      .split('\n')
      .find((line) => line.includes('./runtime/server/index.js'))!;
    expect(imports).not.toMatch(/\b(callbackUrl|sharedReceiver|MediaPart)\b/);
    expect(typeCheckPackages(new Map([['certificates', files]])).get('certificates')).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
