// The generative mutation check on its own (until `npm run mutants` covers it): for each mutant of
// contracts/mutants/generative.ts, start the reference with it, run the suite on the mutant's rule (strict,
// bursts allowed, the default fixtures as a config) and require a FAIL under that rule.
//   [GEN_MUTANTS_FROM=n] npx tsx test/reference/generative-mutants.ts [id-prefix ...]
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MUTANTS } from '../../contracts/mutants/generative.js';
import { DEFAULT_GENERATIVE_FIXTURES } from '../../contracts/targets/fixtures/generative.js';
import { startReference } from '../../reference/index.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const filters = process.argv.slice(2);
// GEN_MUTANTS_FROM=n starts at the n-th (1-based) of the chosen ones.
const chosen = MUTANTS.filter((m) => !filters.length || filters.some((f) => m.id.startsWith(f))).slice(Number(process.env.GEN_MUTANTS_FROM ?? 1) - 1);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-mutants-'));
const config = path.join(work, 'config.json');
fs.writeFileSync(config, JSON.stringify({ fixtures: { generative: DEFAULT_GENERATIVE_FIXTURES } }));

let survivors = 0;
for (const [i, mutant] of chosen.entries()) {
  const session = await startReference(['generative'], {
    defects: { generative: mutant.defects ?? {} },
    ...(mutant.wrap ? { wrap: { generative: mutant.wrap } } : {}),
  });
  const reportDir = fs.mkdtempSync(path.join(work, 'report-'));
  try {
    await run(process.execPath, ['--import', 'tsx', 'contracts/cli/run.ts', '--target', session.endpoints.generative!.baseUrl, '--service', 'generative',
      '--rule', mutant.rule, '--config', config, '--strict', '--allow-bursts'], { cwd: ROOT, env: { ...process.env, CONTRACT_REPORT_DIR: reportDir }, maxBuffer: 64 << 20 }).catch(() => undefined);
    const verdicts = JSON.parse(fs.readFileSync(path.join(reportDir, 'contracts.json'), 'utf8')) as Array<{ ruleId: string; verdict: string }>;
    const verdict = verdicts.find((v) => v.ruleId === mutant.rule)?.verdict ?? 'missing';
    const caught = verdict === 'fail';
    if (!caught) survivors += 1;
    console.log(`[${i + 1}/${chosen.length}] ${caught ? 'caught  ' : 'SURVIVED'} ${mutant.id} (${verdict})`);
  } finally {
    await session.stop();
  }
}
console.log(`${chosen.length - survivors}/${chosen.length} caught`);
fs.rmSync(work, { recursive: true, force: true });
process.exit(survivors ? 1 : 0);
