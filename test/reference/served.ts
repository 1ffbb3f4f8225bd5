// A reference service served as a user serves it (`npm run serve -- <service>`: the bin launcher in its own
// process), for tests that drive it with the public services' own clients. Its log lines (JSON, on stdout)
// are events a test may wait on, as a user watching the log would.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Served {
  baseUrl: string;
  /** The next log line `matches` picks, from now on (armed before the request it follows). */
  nextLog(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  stop(): void;
}

export function serve(service: string, args: string[] = []): Promise<Served> {
  const child = spawn(process.execPath, ['reference/foundation/serve-bin.mjs', service, ...args], {
    cwd: ROOT,
    // The IPC channel ends the server when this process ends, whether or not stop() was reached.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const waits = new Set<{ matches: (line: Record<string, unknown>) => boolean; resolve: (line: any) => void }>();
  const nextLog: Served['nextLog'] = (matches) =>
    new Promise((resolve) => {
      waits.add({ matches, resolve });
    });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    const lines = log.split('\n');
    log = lines.pop()!;
    for (const text of lines) {
      if (!text.startsWith('{')) {
        process.stderr.write(`${text}\n`);
        continue;
      }
      const line = JSON.parse(text) as Record<string, unknown>;
      for (const wait of waits)
        if (wait.matches(line)) {
          waits.delete(wait);
          wait.resolve(line);
        }
    }
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(new RegExp(`${service} listening on (http://\\S+)`));
      if (m) resolve({ baseUrl: m[1]!, nextLog, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`serve ${service} exited with ${code}`)));
  });
}
