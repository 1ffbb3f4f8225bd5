// `generate --spec F --out DIR`: the package's README imports it by the folder's own name and its banners' command
// writes it to DIR again (test/generator/packaging.test.ts compiles the README's examples beside the folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array' } } } } },
      },
    },
  },
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-folder-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The package's files as `generate --spec pets.json [--out out]` makes them. */
async function generated(out: string | undefined): Promise<Map<string, string>> {
  const spec = path.join(dir, 'pets.json');
  fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
  return generatePackage({ key: 'pets', spec }, { single: true, ...(out ? { out } : {}) });
}

describe("a package written to a folder of the user's naming", () => {
  it('its README imports the folder by its name, and every banner says --out', async () => {
    const files = await generated('clients/pet-store');
    const readme = files.get('README.md')!;
    expect(readme).toContain(`from './pet-store/client.js'`);
    expect(readme).not.toContain(`'./pets/`);
    expect(readme).toContain('--out clients/pet-store');
    expect(files.get('client.ts')!.split('\n', 3).join('\n')).toContain('--out clients/pet-store');
  });

  it('without a folder (the API default) the examples import the package key', async () => {
    const files = await generated(undefined);
    expect(files.get('README.md')).toContain(`from './pets/client.js'`);
    expect(files.get('README.md')).not.toContain('--out');
  });
});
