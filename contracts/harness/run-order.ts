// The order of the contract files on one target with shared state: every service's per-operation conformance
// checks first (conform, invalid), then each service's families in name order, its rate-limit family last:
// that burst can leave a real account throttled for minutes, so nothing of that service runs after it.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { familyFileParts } from './families.js';

const FIRST = new Set(['conform', 'invalid']);
const LAST = 'rate';

function sortKey(file: string): string[] {
  const parts = familyFileParts(file);
  if (!parts) return ['2', file];
  if (FIRST.has(parts.family)) return ['0', parts.service, parts.family];
  return ['1', parts.service, parts.family === LAST ? '1' : '0', parts.family];
}

export default class RunOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const keyed = files.map((f) => ({ f, key: sortKey(f.moduleId) }));
    keyed.sort((a, b) => {
      for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
        const c = (a.key[i] ?? '').localeCompare(b.key[i] ?? '');
        if (c !== 0) return c;
      }
      return 0;
    });
    return keyed.map((k) => k.f);
  }
}
