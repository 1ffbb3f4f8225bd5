#!/usr/bin/env node
// The `bin` of the package (npx reference-serve ...; spec-first serve is the same): loads tsx in this process and
// runs reference/serve.ts, so signals reach the server directly (no wrapper process in between).
import { register } from 'tsx/esm/api';

register();
const { runServe, USAGE } = await import('../serve.ts');
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) console.log(USAGE);
else await runServe(args);
