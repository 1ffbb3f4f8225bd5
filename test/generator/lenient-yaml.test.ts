// YAML the other tools read and js-yaml 5 (Redocly's reader) refuses: a flow mapping whose closing `}` sits at its
// key's indentation (Apache Iceberg's REST catalog, an example written as JSON inside the YAML), strictly invalid
// YAML 1.2, which openapi-typescript's js-yaml 4, hey-api and eemeli/yaml read. Generate refused the whole document
// ("deficient indentation"); it now reads it with the yaml package, as those tools do, and warns. A text the yaml
// package finds an error in too is still refused in one line naming the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SchemaWarning } from '../../generator/model/normalise-schemas.js';
import { generatePackage } from '../../generator/pipeline.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lenient-yaml-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const written = (name: string, text: string) => {
  const file = path.join(folder, name);
  fs.writeFileSync(file, text);
  return file;
};

const catalog = `openapi: 3.1.1
info:
  title: catalog
  version: '1'
paths:
  /v1/config:
    get:
      operationId: getConfig
      responses:
        '200':
          description: the configuration
          content:
            application/json:
              schema:
                type: object
                properties:
                  defaults: { type: object, additionalProperties: { type: string } }
              example: {
                "defaults": {
                  "clients": "4"
                }
              }
`;

describe('YAML js-yaml refuses and the other tools read', () => {
  it('is read as they read it, with a warning naming the file and what js-yaml said', async () => {
    const warnings: SchemaWarning[] = [];
    const files = await generatePackage(
      { key: 'catalog', spec: written('catalog.yaml', catalog) },
      { onWarning: (_, w) => warnings.push(w) },
    );
    expect([...files.keys()]).toContain('client.ts');
    expect(files.get('client.ts')).toContain('getConfig');
    expect(warnings).toContainEqual({
      pointer: '#',
      message: expect.stringMatching(/catalog\.yaml: js-yaml \(Redocly's reader\) refuses it \(deficient indentation/),
    });
  });

  it('is bounded as any document is: aliased aliases beside the indentation are refused in one line (the yaml package counts them)', async () => {
    const levels = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++)
      levels.push(
        `l${i}: &l${i} [${Array(9)
          .fill(`*l${i - 1}`)
          .join(',')}]`,
      );
    const laughs = `${catalog.replace('paths:', `x-laughs:\n${levels.map((l) => `  ${l}`).join('\n')}\npaths:`)}`;
    await expect(
      generatePackage({ key: 'laughs', spec: written('laughs.yaml', laughs) }, { onWarning: () => {} }),
    ).rejects.toThrow(/^Spec laughs: [^\n]*laughs\.yaml (is not valid YAML|holds more than)[^\n]+$/);
  });

  it('stays refused, in one line naming the file, where the yaml package finds an error too', async () => {
    const broken = catalog.replace('      operationId: getConfig', '      operationId: [getConfig');
    await expect(
      generatePackage({ key: 'broken', spec: written('broken.yaml', broken) }, { onWarning: () => {} }),
    ).rejects.toThrow(/^Spec broken: .*broken\.yaml is not valid YAML: [^\n]+$/);
  });
});
