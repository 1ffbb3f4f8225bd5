// reference/foundation/seed.ts: a seed file is a mapping of service sections; anything else is refused
// with a message naming the file and the bad key. The default seed file itself loads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEFAULT_SEED_FILE, SeedError, loadSeed } from '../../reference/foundation/seed.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

it('loads the default seed file: one mapping per service', () => {
  const seed = loadSeed(DEFAULT_SEED_FILE);
  expect(Object.keys(seed)).toEqual(['ad-creative', 'analytics', 'generative']);
  for (const section of Object.values(seed)) expect(typeof section === 'object' && !Array.isArray(section)).toBe(true);
});

it('gives an absent or empty section (and an empty file) as {}', () => {
  expect(loadSeed(file('partial.yaml', 'analytics:\n  channels: [{ id: c1 }]\ngenerative:\n'))).toEqual({
    'ad-creative': {},
    analytics: { channels: [{ id: 'c1' }] },
    generative: {},
  });
  expect(loadSeed(file('empty.yaml', '# nothing yet\n'))).toEqual({ 'ad-creative': {}, analytics: {}, generative: {} });
});

it('refuses a document that is not a mapping, naming the file', () => {
  const p = file('list.yaml', '- analytics\n');
  expect(() => loadSeed(p)).toThrow(SeedError);
  expect(() => loadSeed(p)).toThrow(
    `${p}: the seed file must be a mapping of service sections (ad-creative, analytics, generative), not a list`,
  );
  expect(() => loadSeed(file('scalar.yaml', 'hello\n'))).toThrow(
    /scalar\.yaml: the seed file must be a mapping .* not a string \("hello"\)/,
  );
});

it('refuses an unknown top-level key and a section that is not a mapping, naming the key', () => {
  const typo = file('typo.yaml', 'ad-creative: {}\nanalitics: {}\n');
  expect(() => loadSeed(typo)).toThrow(
    `${typo}: unknown top-level key "analitics"; the sections are ad-creative, analytics, generative`,
  );
  const list = file('section.yaml', 'generative:\n  - key: abc\n');
  expect(() => loadSeed(list)).toThrow(`${list}: section "generative" must be a mapping, not a list`);
});

it('reports YAML syntax errors with the position, and an unreadable file by its code', () => {
  const bad = file('bad.yaml', 'analytics:\n  channels: [unclosed\n');
  expect(() => loadSeed(bad)).toThrow(
    new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid YAML: .*line`, 's'),
  );
  expect(() => loadSeed(path.join(dir, 'absent.yaml'))).toThrow(/absent\.yaml: cannot read the seed file \(ENOENT\)/);
});
