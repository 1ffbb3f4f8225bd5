// A contract run keeps vitest's transformed modules between runs (contracts/vitest.config.ts), in a folder of the
// installed dependency tree: the tests and the mutation gate start dozens of runs, and each would otherwise transform
// the same ~800 modules again. The folder is named by the tree, so a run never finds a cache vitest must empty.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import config from '../../contracts/vitest.config.js';
import { ROOT } from '../support/contract-run.js';

it('keeps the transformed modules in a folder named by node_modules/.package-lock.json', () => {
  const lock = fs.readFileSync(path.join(ROOT, 'node_modules', '.package-lock.json'));
  const tree = crypto.createHash('sha256').update(lock).digest('hex').slice(0, 16);
  expect(config.test?.experimental).toEqual({
    fsModuleCache: true,
    fsModuleCachePath: path.join(ROOT, 'node_modules', '.cache', 'contract-run-modules', tree),
  });
});
