// V8's code cache for a worker thread of the generator (imported first, so the TypeScript compiler it requires
// next is read compiled): generator/run.mjs sets it up for the main thread only, the v8-compile-cache hook of
// Node 20 being per thread. On Node 22 the built-in compile cache covers workers.
import { createRequire } from 'node:module';

if (process.env.V8_COMPILE_CACHE_CACHE_DIR) createRequire(import.meta.url)('v8-compile-cache');
