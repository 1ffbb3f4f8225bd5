// npm run mock -- <service> [--port N]: Prism on one service's bundled spec, until Ctrl-C.
import { parseArgs } from 'node:util';
import { SERVICE_KEYS, isServiceKey } from '../harness/services.js';
import { bundleToTempFile } from '../targets/bundle-to-file.js';
import { startPrism } from '../targets/prism-process.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, quiet: { type: 'boolean', default: false } },
});
const service = positionals[0] ?? '';
if (!isServiceKey(service)) {
  console.error(`usage: npm run mock -- <service> [--port N]\n  services: ${SERVICE_KEYS.join(', ')}`);
  process.exit(2);
}
const file = await bundleToTempFile(service);
const prism = await startPrism(file, {
  port: values.port ? Number(values.port) : undefined,
  log: values.quiet ? undefined : (line) => console.log(line),
});
console.log(`\n${service} mock listening on ${prism.baseUrl} (spec ${file}); Ctrl-C stops it.`);
const stop = async () => {
  await prism.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
