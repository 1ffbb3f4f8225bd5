// Collects the contract tests without running them (no target is started): which describe block (one per
// ruleTest/ruleTests call) each rule id has, and how many tests each holds. The coverage gate reads it;
// `npx tsx contracts/cli/collect.ts` prints it as JSON.
import path from 'node:path';
import { createVitest } from 'vitest/node';
import { ROOT } from '../../generator/model/index.js';
import '../harness/run-settings.js';
import { SERVICE_KEYS } from '../harness/services.js';

export interface RuleBlock {
  ruleId: string;
  file: string;
  tests: number;
}

export async function collectRuleBlocks(): Promise<RuleBlock[]> {
  const vitest = await createVitest('test', {
    config: path.join(ROOT, 'contracts', 'vitest.config.ts'),
    root: ROOT,
    watch: false,
    reporters: [{}],
  }); // a silent reporter: the results are read from the run
  // Every service's rules, and no target: nothing runs.
  vitest.provide('contractRun', { services: [...SERVICE_KEYS], externalSession: true });
  try {
    const collected = await vitest.collectTests(await vitest.globTestSpecifications());
    if (collected.unhandledErrors.length > 0)
      throw new Error(`collecting the contract tests failed: ${String(collected.unhandledErrors[0])}`);
    const blocks: RuleBlock[] = [];
    for (const module of collected.testModules) {
      const errors = module.errors();
      if (errors.length > 0) throw new Error(`${module.moduleId}: ${errors[0]!.message}`);
      for (const child of module.children) {
        if (child.type !== 'suite') continue;
        blocks.push({
          ruleId: child.name,
          file: path.relative(ROOT, module.moduleId),
          tests: [...child.children.allTests()].length,
        });
      }
    }
    return blocks;
  } finally {
    await vitest.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await collectRuleBlocks(), null, 2));
}
