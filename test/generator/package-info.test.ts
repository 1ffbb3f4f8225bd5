// Every package says which spec version it speaks (info.ts, re-exported by the index), written as the spec
// writes it whatever its characters, so code beside the package need not repeat the version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFO_VERSION as AD_CREATIVE_VERSION } from '../../generated/ad-creative/info.js';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';

const TITLE = 'Odd \'title\' "quoted"\u2028';
const VERSION = '2.1-beta\'"`${x}`';
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'info-package-'));
  const spec = path.join(dir, 'openapi.json');
  fs.writeFileSync(
    spec,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: TITLE, version: VERSION },
      paths: {
        '/ping': { get: { operationId: 'ping', responses: { '204': { description: 'Alive.' } } } },
      },
    }),
  );
  const out = path.join(dir, 'pkg');
  writePackage(out, await generatePackage({ key: 'odd', spec }));
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('info.ts of a generated package', () => {
  it("holds the spec's info.title and info.version exactly, also through the package index", async () => {
    const info = await import(pathToFileURL(path.join(dir, 'pkg', 'info.ts')).href);
    expect([info.INFO_TITLE, info.INFO_VERSION]).toEqual([TITLE, VERSION]);
    const index = await import(pathToFileURL(path.join(dir, 'pkg', 'index.ts')).href);
    expect(index.INFO_VERSION).toBe(VERSION);
  });

  it("is the committed ad creative package's version, the one its spec's paths are written for", () => {
    const spec = fs.readFileSync(path.join(import.meta.dirname, '../../specs/ad-creative/openapi.yaml'), 'utf8');
    expect(spec).toMatch(new RegExp(`^  version: ${AD_CREATIVE_VERSION.replace('.', '\\.')}$`, 'm'));
  });
});
