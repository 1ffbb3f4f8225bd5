// Test equipment: instances of the reference, each in its own process (`serve all --database URL`), so one
// can be killed with SIGKILL and started again; each answers the base URL of each service it serves.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { ServiceKey } from '../../reference/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVE_BIN = path.join(ROOT, 'reference/foundation/serve-bin.mjs');

export interface Instance {
  urls: Record<ServiceKey, string>;
  process: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
}

/**
 * Starts `serve all` (or the services named, comma-separated) with the given options; resolves once every service
 * listens (its stdout says so). `entry` runs another serve script instead of the bin, e.g. a bundle of
 * test/reference/foundation-serve-one-thread.ts (test/support/serve-bundle.ts), which takes the services by name.
 */
export async function startInstance(args: string[], services = 'all', entry = SERVE_BIN): Promise<Instance> {
  const expected = services === 'all' ? 3 : services.split(',').length;
  const child = spawn(process.execPath, [entry, services, '--log-level', 'error', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const urls = {} as Record<ServiceKey, string>;
  await new Promise<void>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const m = /^(\S+) listening on (\S+)$/.exec(line);
      if (m) urls[m[1] as ServiceKey] = m[2]!;
      if (Object.keys(urls).length === expected) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`serve exited (${code ?? signal}) before listening:\n${stderr}`)),
    );
  });
  return { urls, process: child, exited };
}

/** Stops an instance: SIGTERM (graceful) unless another signal is given; resolves once it is gone. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (instance.process.exitCode === null && instance.process.signalCode === null) instance.process.kill(signal);
  await instance.exited;
}
