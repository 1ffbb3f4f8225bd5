// Vitest orders test files by the durations of its previous run, and a clean checkout has none: the few files
// that take minutes (servers killed and restarted, PostgreSQL clusters, suites through balancers) then start
// wherever the glob puts them, and the last of them runs alone while the other worker idles. These start
// first; every other file keeps vitest's own order. Measured from CI's JSON report (reports/vitest.json).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest files, slowest first (measured in clean-clone CI runs and alone). */
export const SLOWEST_FILES = [
  'test/reference/postgres-scale-out.test.ts',
  'test/reference/foundation-crash.test.ts',
  'test/reference/rate-limit-across-instances.test.ts',
  'test/contracts/hostile-target.test.ts',
  'test/contracts/cli-user-errors.test.ts',
  'test/contracts/harmless-variations.test.ts',
  'test/reference/reference-suite.test.ts',
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
