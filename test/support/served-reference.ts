// `npm run serve -- all --data <temp dir>` in its own process, as a third party would run it: each service's base
// URL once all listen, and a stop that waits for the process to end and removes its data folder.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { ROOT } from './contract-run.js';

export interface ServedReference {
  urls: Record<string, string>;
  stop(): Promise<void>;
}

export function serveAll(prefix: string): Promise<ServedReference> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const child = spawn(process.execPath, ['reference/foundation/serve-bin.mjs', 'all', '--data', dataDir], {
    cwd: ROOT,
    // The IPC channel ends the server when this process ends, whether or not stop() was reached.
    stdio: ['ignore', 'pipe', 'ignore', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    const urls: Record<string, string> = {};
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const m of out.matchAll(/^(\S+) listening on (http:\/\/\S+)$/gm)) urls[m[1]!] = m[2]!;
      if (SERVICE_KEYS.every((s) => urls[s])) resolve({ urls, stop });
    });
    child.on('exit', (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`serve all exited with ${code}`));
    });
  });
}
