// spec-first mock <service> | --spec <file> [--port N] [--quiet] (npm run mock -- ...): Prism on one service's
// bundled spec or on any OpenAPI document, until Ctrl-C.
// User errors (an unknown flag or service, a bad or busy port) are one line and exit 2; the temporary spec
// file is removed on every way out (Ctrl-C, SIGTERM, Prism failing to start).
import fs from 'node:fs';
import path from 'node:path';
import type { ServiceKey } from '../harness/services.js';
import { USAGE, readMockArgs } from './mock-args.js';

const read = await readMockArgs(process.argv.slice(2));
if ('help' in read) {
  console.log(USAGE);
  process.exit(0);
}
if ('refused' in read) {
  console.error(read.refused);
  process.exit(2);
}
// The bundler and Prism are loaded only for a command line that names something to serve.
const { service, port } = read;
const values = { spec: read.spec, quiet: read.quiet };

const { bundleFileToTempFile, bundleToTempFile } = await import('../targets/bundle-to-file.js');
const { startPrism } = await import('../targets/prism-process.js');
let file: string;
try {
  file =
    values.spec !== undefined
      ? await bundleFileToTempFile(service, values.spec)
      : await bundleToTempFile(service as ServiceKey);
} catch (error) {
  // A document that does not load (not OpenAPI 3, a $ref outside its folder, YAML it cannot read): one line.
  console.error(`mock: ${(error as Error).message.split('\n')[0]}`);
  process.exit(1);
}
const removeSpec = () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.on('exit', removeSpec);
// Ctrl-C is handled from the moment the temporary spec exists, also while Prism is still starting.
let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // While Prism is starting, the start's continuation stops it (no Prism child left behind).
  if (!prism) return;
  await prism.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
try {
  prism = await startPrism(file, { port, log: values.quiet ? undefined : (line) => console.log(line) });
} catch (error) {
  console.error(`mock: Prism did not start: ${(error as Error).message.split('\n')[0]}`);
  process.exit(1);
}
if (stopping) {
  await prism.stop();
  process.exit(0);
}
console.log(`\n${service} mock listening on ${prism.baseUrl} (spec ${file}); Ctrl-C stops it.`);
