// The mock command's command line read (contracts/cli/mock.ts): what to serve, or the one line that refuses it
// (an unknown flag or service, a bad or busy port). Nothing is started here.
import fs from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { SERVICE_KEYS, isServiceKey } from '../harness/services.js';
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

export type MockArgs =
  | { help: true }
  /** A user error: what the command prints on stderr before it exits 2. */
  | { refused: string }
  | { service: string; spec?: string; port?: number; quiet: boolean };

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

export async function readMockArgs(argv: string[]): Promise<MockArgs> {
  const refuse = (message: string) => ({ refused: `mock: ${message}\n${USAGE}` });
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        spec: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return refuse((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help) return { help: true };
  if (values.spec !== undefined && positionals.length) return refuse('name a service or give --spec <file>, not both');
  if (values.spec === undefined && positionals.length !== 1)
    return refuse(positionals.length ? 'name one service' : 'name a service');
  if (values.spec !== undefined && !fs.statSync(values.spec, { throwIfNoEntry: false })?.isFile())
    return refuse(`--spec ${values.spec}: no such file`);
  // The model is loaded only for a command line that names a document to serve.
  const service =
    values.spec !== undefined
      ? (await import('../../generator/model/index.js')).defaultPackageKey(values.spec)
      : positionals[0]!;
  if (values.spec === undefined && !isServiceKey(service))
    return refuse(`unknown service ${service} (did you mean ${closest(service, SERVICE_KEYS, 1)[0]}?)`);
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      return refuse(`--port must be a port number (1-65535), not ${values.port}`);
    const problem = await portProblem(port);
    if (problem) return { refused: `mock: ${problem}; choose another --port or leave it out for a free one` };
  }
  return {
    service,
    ...(values.spec !== undefined ? { spec: values.spec } : {}),
    ...(port ? { port } : {}),
    quiet: values.quiet,
  };
}
