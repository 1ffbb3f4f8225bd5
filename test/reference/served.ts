// A reference service served as a user serves it (`npm run serve -- <service>`: the bin launcher in its own
// process), for tests that drive it with the public services' own clients.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Served {
  baseUrl: string;
  stop(): void;
}

export function serve(service: string): Promise<Served> {
  const child = spawn(process.execPath, ['reference/foundation/serve-bin.mjs', service], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(new RegExp(`${service} listening on (http://\\S+)`));
      if (m) resolve({ baseUrl: m[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`serve ${service} exited with ${code}`)));
  });
}
