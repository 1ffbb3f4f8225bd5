// npm run fuzz -- [--service <svc>] [--count N] [--seed S] [--concurrency C]
// Starts the embedded reference, fuzzes each service (default: all three, 10,000 requests each), prints the
// distribution of answers and every violation with the request that caused it; exits 1 on any violation.
import { readFuzzArgs } from './cli-args.js';

const read = readFuzzArgs(process.argv.slice(2));
if ('refused' in read) {
  console.error(read.refused);
  process.exit(2);
}
const { services, count, seed, concurrency } = read;
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
    `\nseed ${seed} (replay: npm run fuzz -- --seed ${seed} --count ${count}${read.serviceFlags ? read.serviceFlags.map((s) => ` --service ${s}`).join('') : ''})`,
  );
} finally {
  await session.stop();
}
process.exitCode = failed ? 1 : 0;
