// The emitters that need the TypeScript compiler (ts-morph, openapi-typescript). The pipeline imports
// this module only after it has handed the model to the validators emitter: loading the compiler takes
// a quarter of a second, which a validators worker spends compiling meanwhile.
export { emitClient } from './client.js';
export { emitRules } from './rules.js';
export { emitServer } from './server.js';
export { emitTypes } from './types.js';
