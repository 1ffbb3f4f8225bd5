// Vitest orders test files by the durations of its previous run, and a clean checkout has none: the few files
// that take minutes (servers killed and restarted, PostgreSQL clusters, suites through balancers) then start
// wherever the glob puts them, and the last of them runs alone while the other worker idles. These start
// first; every other file keeps vitest's own order. Measured from CI's JSON report (reports/vitest.json).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files, slowest first (measured in clean-clone CI runs and alone): every file of 25 s or more, so that
 * none of them starts near the end of the run while the other worker has nothing left.
 */
export const SLOWEST_FILES = [
  'test/reference/postgres-scale-out.test.ts',
  'test/contracts/harmless-variations.test.ts',
  'test/contracts/engine-rules.test.ts',
  'test/contracts/cli-user-errors.test.ts',
  'test/contracts/hostile-target.test.ts',
  'test/contracts/mutation-gate.test.ts',
  'test/contracts/documented-minimum.test.ts',
  'test/contracts/divergence-warning.test.ts',
  'test/reference/reference-suite.test.ts',
  'test/generator/typecheck.test.ts',
  'test/generator/cli.test.ts',
  'test/generator/cli-verbs.test.ts',
  'test/contracts/prism-target.test.ts',
  'test/reference/foundation-crash.test.ts',
];

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: files outside the list keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
