// The coverage gate: every rule id of the specs has exactly one contract test (one ruleTest/ruleTests
// call naming it, directly or through a table), and no contract test names an id that is not in the specs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../generated/rules.js';

const RULES_DIR = path.resolve(import.meta.dirname, '../../contracts/rules');

function testedIds(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of fs.readdirSync(RULES_DIR).filter((f) => f.endsWith('.contract.ts')).sort()) {
    const text = fs.readFileSync(path.join(RULES_DIR, file), 'utf8');
    // A rule id is named as a string literal: in a ruleTest/ruleTests call, or in a table that feeds one.
    for (const m of text.matchAll(/'((?:ADC|ANA|GEN)(?:-[A-Z0-9]+)+)'/g)) {
      found.set(m[1]!, [...(found.get(m[1]!) ?? []), file]);
    }
  }
  return found;
}

describe('contract coverage gate', () => {
  const tested = testedIds();
  const catalogue = new Set<string>(ALL_RULES.map((r) => r.id));

  it('has a contract test for every rule id of the specs', () => {
    const missing = [...catalogue].filter((id) => !tested.has(id));
    expect(missing).toEqual([]);
  });

  it('names no rule id that the specs do not have', () => {
    const unknown = [...tested.keys()].filter((id) => !catalogue.has(id));
    expect(unknown).toEqual([]);
  });

  it('keys exactly one test block to each rule id', () => {
    const twice = [...tested.entries()].filter(([, files]) => files.length > 1).map(([id, files]) => `${id} in ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
