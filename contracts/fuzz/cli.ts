// npm run fuzz -- [--service <svc>] [--count N] [--seed S] [--concurrency C]
// Starts the embedded reference, fuzzes each service (default: all three, 10,000 requests each), prints the
// distribution of answers and every violation with the request that caused it; exits 1 on any violation.
import { parseArgs } from 'node:util';
import { startReferenceTarget } from '../targets/reference.js';
import type { ServiceKey } from '../../reference/index.js';
import { formatResult, runFuzz } from './run.js';
import { fuzzService } from './services.js';

const SERVICES: ServiceKey[] = ['ad-creative', 'analytics', 'generative'];
const { values } = parseArgs({
  options: {
    service: { type: 'string', multiple: true },
    count: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
  },
});
const services = (values.service ?? SERVICES) as ServiceKey[];
for (const s of services)
  if (!SERVICES.includes(s)) throw new Error(`unknown service ${s} (one of ${SERVICES.join(', ')})`);
const count = Number(values.count);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const session = await startReferenceTarget(services);
let failed = false;
try {
  for (const key of services) {
    const result = await runFuzz({
      service: fuzzService(key, session.fixtures),
      baseUrl: session.endpoints[key]!.baseUrl,
      count,
      seed,
      concurrency: Number(values.concurrency),
    });
    console.log(formatResult(result));
    if (result.violations.length || !result.alive || result.stateUnchanged === false) failed = true;
  }
  console.log(
    `\nseed ${seed} (replay: npm run fuzz -- --seed ${seed} --count ${count}${values.service ? values.service.map((s) => ` --service ${s}`).join('') : ''})`,
  );
} finally {
  await session.stop();
}
process.exitCode = failed ? 1 : 0;
