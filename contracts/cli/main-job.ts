// npm start: the main job. Lint the specs, regenerate, run the contract suite against the default target
// (the embedded reference implementation once it exists, Prism until then) and print the report.
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../generator/model/index.js';
import { runContracts } from './run.js';

function step(title: string, command: string, args: string[]): void {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
  });
  if (result.status !== 0) {
    console.error(`== ${title} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

step('Lint the specs', 'npx', ['--no-install', 'redocly', 'lint']);
step('Regenerate generated/', process.execPath, ['generator/run.mjs']);
console.log('\n== Contract suite');
process.exitCode = await runContracts(process.argv.slice(2));
