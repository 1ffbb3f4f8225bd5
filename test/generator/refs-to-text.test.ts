// A `$ref` into #/paths that names text, not a schema (Shutterstock's code samples inside an `x-code-samples`
// extension point at one another's `source`): the types are made, the reference left as the author wrote it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'samples', version: '1' },
  paths: {
    '/collections': {
      post: {
        operationId: 'createCollection',
        'x-code-samples': [
          { lang: 'javascript', source: 'sdk.createCollection({ name: "mine" });' },
          { lang: 'typescript', source: { $ref: '#/paths/~1collections/post/x-code-samples/0/source' } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

it('generates, with no component made of the text', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refs-to-text-'));
  try {
    const spec = path.join(dir, 'openapi.json');
    fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
    const files = await generatePackage({ key: 'samples', spec }, { onWarning: () => {} });
    expect(files.get('types.ts')).toContain('createCollection');
    expect(files.get('types.ts')).not.toContain('FromPaths');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
