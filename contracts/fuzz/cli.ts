// npm run fuzz -- [--service <svc>] [--count N] [--seed S] [--concurrency C]
// Starts the embedded reference, fuzzes each service (default: all three, 10,000 requests each), prints the
// distribution of answers and every violation with the request that caused it; exits 1 on any violation.
import { parseArgs } from 'node:util';
import { SERVICE_KEYS } from '../harness/services.js';
import type { ServiceKey } from '../../reference/index.js';
import { closest } from '../cli/closest.js';

const SERVICES: readonly ServiceKey[] = SERVICE_KEYS;
const USAGE = `usage: npm run fuzz -- [--service <${SERVICES.join('|')}>] [--count N] [--seed S] [--concurrency C]`;

/** A user error: one line and the usage, exit 2 (nothing started yet). */
function refuse(message: string): never {
  console.error(`fuzz: ${message}\n${USAGE}`);
  process.exit(2);
}

/** A whole number of at least `min` given as text, or a refusal naming the flag. */
function wholeNumber(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min)
    refuse(`--${flag} must be a whole number of at least ${min}, not ${text}`);
  return n;
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      service: { type: 'string', multiple: true },
      count: { type: 'string', default: '10000' },
      seed: { type: 'string' },
      concurrency: { type: 'string', default: '8' },
    },
  }));
} catch (error) {
  refuse((error as Error).message);
}
const services = (values.service ?? SERVICES).flatMap((s) => s.split(',')) as ServiceKey[];
for (const s of services)
  if (!SERVICES.includes(s)) refuse(`unknown service ${s} (did you mean ${closest(s, SERVICES, 1)[0]}?)`);
const count = wholeNumber('count', values.count, 1);
const concurrency = wholeNumber('concurrency', values.concurrency, 1);
const seed = values.seed !== undefined ? wholeNumber('seed', values.seed, 0) : Math.floor(Math.random() * 2 ** 31);
// Loaded once the command line is accepted: a refused one answers at once.
const [{ startReferenceTarget }, { formatResult, runFuzz }, { fuzzService }] = await Promise.all([
  import('../targets/reference.js'),
  import('./run.js'),
  import('./services.js'),
]);
const session = await startReferenceTarget(services);
let failed = false;
try {
  for (const key of services) {
    const result = await runFuzz({
      service: fuzzService(key, session.fixtures),
      baseUrl: session.endpoints[key]!.baseUrl,
      count,
      seed,
      concurrency,
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
