// The coverage gate, from what vitest actually collects (not from the text of the files): every rule id of
// the catalogue has exactly one ruleTest/ruleTests block (ruleTest opens one describe per call, named by its
// id) with at least one test, in its family's file (contracts/rules/<service>/<family>.rules.ts), and no block is
// named by an id the catalogue lacks.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RuleBlock } from '../../contracts/cli/collect.js';
import { familyOf } from '../../contracts/harness/families.js';
import { ALL_RULES } from '../../generated/rules.js';
import { ROOT, cleanEnv } from '../support/contract-run.js';

const run = promisify(execFile);

describe('contract coverage gate', () => {
  let blocks: RuleBlock[] = [];
  const catalogue = new Set<string>(ALL_RULES.map((r) => r.id));

  beforeAll(async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'contracts/cli/collect.ts'], {
      cwd: ROOT,
      env: cleanEnv(),
      maxBuffer: 16 * 1024 * 1024,
    });
    blocks = JSON.parse(stdout) as RuleBlock[];
  }, 120_000);

  it('collects a block for every rule id of the specs', () => {
    const named = new Set(blocks.map((b) => b.ruleId));
    expect([...catalogue].filter((id) => !named.has(id))).toEqual([]);
  });

  it('names no rule id that the specs do not have', () => {
    expect(blocks.filter((b) => !catalogue.has(b.ruleId)).map((b) => `${b.ruleId} in ${b.file}`)).toEqual([]);
  });

  it('keys exactly one block, with at least one test, to each rule id', () => {
    const byId = new Map<string, RuleBlock[]>();
    for (const b of blocks) byId.set(b.ruleId, [...(byId.get(b.ruleId) ?? []), b]);
    const twice = [...byId]
      .filter(([, bs]) => bs.length > 1)
      .map(([id, bs]) => `${id} in ${bs.map((b) => b.file).join(', ')}`);
    expect(twice).toEqual([]);
    expect(blocks.filter((b) => b.tests === 0).map((b) => b.ruleId)).toEqual([]);
  });

  it("keeps each rule's block in its family's file, beside the family's mutants", () => {
    const service = new Map<string, string>(ALL_RULES.map((r) => [r.id, r.service]));
    const misplaced = blocks
      .filter((b) => b.file !== `contracts/rules/${service.get(b.ruleId)}/${familyOf(b.ruleId)}.rules.ts`)
      .map((b) => `${b.ruleId} in ${b.file}`);
    expect(misplaced).toEqual([]);
  });
});
