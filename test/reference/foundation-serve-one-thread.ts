// `serve` (reference/serve.ts) with the real services named by the positional argument (ad-creative,analytics,...)
// all in this one thread: given as service objects, not keys, they get no worker thread each, so a start loads
// the modules once instead of once per thread. The crash test restarts it twenty times; what it tests (every
// acknowledged write survives SIGKILL) lives in the services' stores, which are the same in a thread or not.
import { loadService } from '../../reference/foundation/modules.js';
import type { ServiceKey } from '../../reference/index.js';
import { runServe } from '../../reference/serve.js';

const services = await Promise.all((process.argv[2] ?? '').split(',').map((key) => loadService(key as ServiceKey)));
await runServe(process.argv.slice(2), { resolveServices: () => services });
