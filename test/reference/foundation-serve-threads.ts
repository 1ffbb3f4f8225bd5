// `serve` (reference/serve.ts) with the notes test service in place of the real ones, loaded from a services
// folder (test/reference/thread-services) so each service runs in a worker thread of its own, as the real ones do.
import path from 'node:path';
import { runServe } from '../../reference/serve.js';

await runServe(process.argv.slice(2), { servicesDir: path.join(import.meta.dirname, 'thread-services') });
