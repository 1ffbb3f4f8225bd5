// The reference served in its own process on a data folder (`serve <every service> --data <temp dir>`), a target at
// URLs as a third party's service is: each service's base URL once all listen, and a stop that waits for the
// process to end and removes its data folder. It is `serve` (reference/serve.ts) with every service in one thread,
// bundled into one module (test/reference/foundation-serve-one-thread.ts): the same services, stores and servers as
// `npm run serve -- all`, started on about 2 s of CPU instead of 6 (tsx transforming the sources in three worker
// threads). The bin itself and its threads are foundation-serve*.test.ts's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { ROOT } from './contract-run.js';
import { bundleServeScript } from './serve-bundle.js';

export interface ServedReference {
  urls: Record<string, string>;
  stop(): Promise<void>;
}

/** Serves every service, or those `services` names (a test about one service starts only its own). */
export async function serveAll(prefix: string, services: readonly string[] = SERVICE_KEYS): Promise<ServedReference> {
  const bundle = await bundleServeScript('test/reference/foundation-serve-one-thread.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const child = spawn(process.execPath, [bundle.file, services.join(','), '--data', dataDir], {
    cwd: ROOT,
    // The IPC channel ends the server when this process ends, whether or not stop() was reached.
    stdio: ['ignore', 'pipe', 'ignore', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const removeFiles = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    removeFiles();
  };
  return new Promise((resolve, reject) => {
    const urls: Record<string, string> = {};
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const m of out.matchAll(/^(\S+) listening on (http:\/\/\S+)$/gm)) urls[m[1]!] = m[2]!;
      if (services.every((s) => urls[s])) resolve({ urls, stop });
    });
    child.on('exit', (code) => {
      removeFiles();
      reject(new Error(`serve ${services.join(',')} exited with ${code}`));
    });
  });
}
