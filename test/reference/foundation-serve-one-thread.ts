// `serve` (reference/serve.ts) with the real services named by the positional argument (ad-creative,analytics,...)
// all in this one thread: given as service objects, not keys, they get no worker thread each, so a start loads
// the modules once instead of once per thread. The crash test restarts it twenty times; what it tests (every
// acknowledged write survives SIGKILL) lives in the services' stores, which are the same in a thread or not, as
// are the answers the contract suite judges on the served reference (test/support/served-reference.ts).
// The services are imported here, not loaded by path, so that a test can bundle this file into one module
// (test/support/serve-bundle.ts).
import { service as adCreative } from '../../reference/ad-creative/index.js';
import { service as analytics } from '../../reference/analytics/index.js';
import { service as generative } from '../../reference/generative/index.js';
import type { ReferenceService, ServiceKey } from '../../reference/index.js';
import { runServe } from '../../reference/serve.js';

const SERVICES: Record<ServiceKey, ReferenceService> = { 'ad-creative': adCreative, analytics, generative };
const services = (process.argv[2] ?? '').split(',').map((key) => {
  const service = SERVICES[key as ServiceKey];
  if (!service) throw new Error(`no service ${key}`);
  return service;
});
await runServe(process.argv.slice(2), { resolveServices: () => services });
