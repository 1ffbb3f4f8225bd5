// The strict reference run recorded by the test run and reused by the mutation gate
// (contracts/mutants/reference-baseline.ts): it is reused only for the sources it was written from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  failedRulesOf,
  readReferenceBaseline,
  sourceFingerprint,
  writeReferenceBaseline,
} from '../../contracts/mutants/reference-baseline.js';

const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-baseline-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const verdicts = [
  { ruleId: 'ANA-SORT-1', verdict: 'pass', tests: [{ name: 'ANA-SORT-1 sorts', verdict: 'pass' }] },
  {
    ruleId: 'ANA-SORT-2',
    verdict: 'fail',
    tests: [
      { name: 'ANA-SORT-2 first', verdict: 'pass' },
      { name: 'ANA-SORT-2 second', verdict: 'fail', detail: 'expected 1\nto be 2' },
    ],
  },
  { ruleId: 'ANA-SORT-3', verdict: 'error', tests: [{ name: 'ANA-SORT-3 answers', verdict: 'error', detail: '503' }] },
  { ruleId: 'ANA-SORT-4', verdict: 'not-applicable', tests: [{ name: 'ANA-SORT-4 n/a', verdict: 'not-applicable' }] },
];

describe('the recorded reference baseline', () => {
  it('names each rule that failed or could not be judged, with the test that said so', () => {
    expect(failedRulesOf(verdicts)).toEqual([
      { ruleId: 'ANA-SORT-2', test: 'ANA-SORT-2 second', detail: 'expected 1' },
      { ruleId: 'ANA-SORT-3', test: 'ANA-SORT-3 answers', detail: '503' },
    ]);
  });

  it('is reused for the sources it was written from', () => {
    const dir = tmp();
    writeReferenceBaseline(dir, 'analytics', verdicts, 'abc');
    expect(readReferenceBaseline(dir, 'analytics', 'abc')).toEqual({ failed: failedRulesOf(verdicts) });
  });

  it('is not reused for other sources, another service, or when absent', () => {
    const dir = tmp();
    writeReferenceBaseline(dir, 'analytics', verdicts, 'abc');
    expect(readReferenceBaseline(dir, 'analytics', 'abd')).toEqual({ missing: expect.stringMatching(/other sources/) });
    expect(readReferenceBaseline(dir, 'generative', 'abc')).toEqual({ missing: expect.stringMatching(/^no /) });
    fs.copyFileSync(path.join(dir, 'analytics.json'), path.join(dir, 'generative.json'));
    expect(readReferenceBaseline(dir, 'generative', 'abc')).toEqual({
      missing: expect.stringMatching(/not a baseline of generative/),
    });
  });

  it('has a fingerprint that changes with any byte or name of a source file, and nothing else', () => {
    const root = tmp();
    fs.mkdirSync(path.join(root, 'reference', 'analytics'), { recursive: true });
    fs.mkdirSync(path.join(root, 'docs'));
    fs.writeFileSync(path.join(root, 'reference', 'analytics', 'handlers.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
    const first = sourceFingerprint(root);
    fs.writeFileSync(path.join(root, 'docs', 'notes.md'), 'not a source\n');
    expect(sourceFingerprint(root)).toBe(first);
    fs.writeFileSync(path.join(root, 'reference', 'analytics', 'handlers.ts'), 'export const a = 2;\n');
    const second = sourceFingerprint(root);
    expect(second).not.toBe(first);
    fs.renameSync(path.join(root, 'reference', 'analytics', 'handlers.ts'), path.join(root, 'reference', 'x.ts'));
    expect(sourceFingerprint(root)).not.toBe(second);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(sourceFingerprint(root)).not.toBe(sourceFingerprint(tmp()));
  });
});
