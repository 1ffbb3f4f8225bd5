// The emitters that need the TypeScript compiler (ts-morph, openapi-typescript). The pipeline imports this module
// only when it gets to them: loading the compiler takes a quarter of a second, which a command that fails earlier
// (a spec that does not load) need not pay.
export { emitClient } from './client.js';
export { emitRules } from './rules.js';
export { emitServer } from './server.js';
export { emitTypes } from './types.js';
