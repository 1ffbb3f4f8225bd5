// What generate prints over a package whose spec changed: the diff against the bundled spec it replaces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { specChanges } from '../../../generator/diff/generate-summary.js';
import { petstore } from './pairs.js';

describe('generate: the change summary against the package it replaces', () => {
  it('names the changes of a spec that changed, and says nothing for one that did not', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'generate-summary-'));
    fs.mkdirSync(path.join(folder, 'pets'));
    fs.writeFileSync(path.join(folder, 'pets', 'openapi.json'), JSON.stringify(petstore()));
    const existing = (name: string) => path.join(folder, name);
    const changed = JSON.stringify(petstore((d) => (d.paths['/pets'].post.operationId = 'addPet')));
    const lines = specChanges(
      new Map([
        ['pets/openapi.json', changed],
        ['pets/client.ts', ''],
      ]),
      existing,
    );
    expect(lines[0]).toMatch(/^spec pets changed: 0 error\(s\), 0 warning\(s\), 1 info; 1 change\(s\) break code/);
    expect(lines[1]).toContain('client function createPet is now addPet [code breaks]');
    expect(specChanges(new Map([['pets/openapi.json', JSON.stringify(petstore())]]), existing)).toEqual([]);
    // A package generated for the first time has nothing to compare with.
    expect(specChanges(new Map([['new/openapi.json', changed]]), existing)).toEqual([]);
  });
});
