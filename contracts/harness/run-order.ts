// The order of the contract files on one target with shared state: the per-operation conformance checks
// first, then the service files in name order. Each service file ends with its rate-limit rule, whose
// burst can leave a real account throttled for minutes: nothing of that service runs after it.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = 'conformance.contract.ts';

export default class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const name = (f: TestSpecification) => f.moduleId.split(/[\\/]/).pop()!;
    return [...files].sort(
      (a, b) => Number(name(b) === FIRST) - Number(name(a) === FIRST) || name(a).localeCompare(name(b)),
    );
  }
}
