// The diff command's process: arguments in, exit code out (generator/run.mjs bundles this file).
import { diffMain } from './cli.js';

void diffMain(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(`diff failed: ${error.stack ?? error.message}`);
    process.exitCode = 2;
  },
);
