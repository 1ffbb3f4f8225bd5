#!/usr/bin/env node
// The `bin` of the package (npx reference-serve ...): loads tsx in this process and runs reference/serve.ts,
// so signals reach the server directly (no wrapper process in between).
import { register } from 'tsx/esm/api';

register();
const { runServe } = await import('../serve.ts');
await runServe(process.argv.slice(2));
