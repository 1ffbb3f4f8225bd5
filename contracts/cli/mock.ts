// spec-first mock <service> | --spec <file> [--port N] [--quiet] (npm run mock -- ...): Prism on one service's
// bundled spec or on any OpenAPI document, until Ctrl-C.
// User errors (an unknown flag or service, a bad or busy port) are one line and exit 2; the temporary spec
// file is removed on every way out (Ctrl-C, SIGTERM, Prism failing to start).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVICE_KEYS, type ServiceKey, isServiceKey } from '../harness/services.js';
import { closest } from './closest.js';

export const USAGE = [
  'usage: spec-first mock <service> [--port N] [--quiet]',
  '       spec-first mock --spec <openapi file> [--port N] [--quiet]',
  '',
  `  <service>     one of the toolkit's services: ${SERVICE_KEYS.join(', ')}`,
  '  --spec FILE   any OpenAPI 3.0/3.1 document (read as generate reads it: $refs stay in its folder)',
  '  --port N      the port on 127.0.0.1 (default: a free one, printed)',
  '  --quiet       no request log',
  '',
  'exit codes: 0 stopped by Ctrl-C or SIGTERM, 1 Prism or the document failed, 2 a usage error.',
].join('\n');

function refuse(message: string): never {
  console.error(`mock: ${message}\n${USAGE}`);
  process.exit(2);
}

/** Resolves when `port` can be bound on loopback; the OS's reason when it cannot (EADDRINUSE, EACCES). */
function portProblem(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'EADDRINUSE' ? `port ${port} is already in use` : `port ${port}: ${error.code ?? error.message}`,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
  });
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      spec: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  refuse((error as Error).message);
}
const { positionals, values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.spec !== undefined && positionals.length) refuse('name a service or give --spec <file>, not both');
if (values.spec === undefined && positionals.length !== 1)
  refuse(positionals.length ? 'name one service' : 'name a service');
if (values.spec !== undefined && !fs.statSync(values.spec, { throwIfNoEntry: false })?.isFile())
  refuse(`--spec ${values.spec}: no such file`);
// The model, the bundler and Prism are loaded only for a command line that names something to serve.
const service =
  values.spec !== undefined
    ? (await import('../../generator/model/index.js')).defaultPackageKey(values.spec)
    : positionals[0]!;
if (values.spec === undefined && !isServiceKey(service))
  refuse(`unknown service ${service} (did you mean ${closest(service, SERVICE_KEYS, 1)[0]}?)`);
let port: number | undefined;
if (values.port !== undefined) {
  port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    refuse(`--port must be a port number (1-65535), not ${values.port}`);
  const problem = await portProblem(port);
  if (problem) {
    console.error(`mock: ${problem}; choose another --port or leave it out for a free one`);
    process.exit(2);
  }
}

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
