// Header parameters that are all credentials (vtex's X-VTEX-API-AppKey and AppToken declared as parameters beside
// their apiKey schemes) are the client core's to send: the client declares no helper for the caller's headers,
// as an unused declaration does not compile (noUnusedLocals).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';

const header = (name: string) => ({ name, in: 'header', required: true, schema: { type: 'string' } });
const DOCUMENT = {
  openapi: '3.0.0',
  info: { title: 'keys', version: '1' },
  security: [{ appKey: [], appToken: [] }],
  components: {
    securitySchemes: {
      appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
      appToken: { type: 'apiKey', in: 'header', name: 'X-App-Token' },
    },
  },
  paths: {
    '/prices': {
      get: {
        operationId: 'listPrices',
        parameters: [header('X-App-Key'), header('X-App-Token')],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

it('credential header parameters alone leave no header helper, and the package compiles strictly', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'credential-header-parameters-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const files = await generatePackage({ key: 'keys', spec }, { onWarning: () => {} });
    expect(files.get('client.ts')).not.toContain('definedHeaders');
    expect(typeCheckPackages(new Map([['keys', files]])).get('keys')).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
