// Runs a serve script (reference/serve.ts, the notes-service variant, or a bundle of one) as a child process, as users do,
// and waits for the base URLs it prints ("<service> listening on <url>").
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServeChild {
  child: ChildProcess;
  urls: Record<string, string>;
  stdout(): string;
  stderr(): string;
  /** Resolves when a line matching `pattern` has appeared on stdout (tests wait on it instead of sleeping). */
  printed(pattern: RegExp): Promise<void>;
  /** Resolves with the exit code (or the signal name) once the process ended. */
  exited: Promise<number | string>;
}

export function startServe(
  script: string,
  args: string[],
  expectedServices: number,
  timeoutMs = 30_000,
): Promise<ServeChild> {
  // A TypeScript script runs under tsx; a bundle (test/support/serve-bundle.ts) on plain Node.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not print ${expectedServices} URL(s) within ${timeoutMs} ms:\n${out}\n${err}`));
    }, timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const urls = Object.fromEntries(
        [...out.matchAll(/^(\S+) listening on (http:\/\/\S+)$/gm)].map((m) => [m[1]!, m[2]!]),
      );
      if (Object.keys(urls).length === expectedServices) {
        clearTimeout(timer);
        const printed = (pattern: RegExp) =>
          new Promise<void>((done) => {
            const check = () => {
              if (!pattern.test(out)) return;
              child.stdout!.off('data', check);
              done();
            };
            child.stdout!.on('data', check);
            check();
          });
        resolve({ child, urls, stdout: () => out, stderr: () => err, exited, printed });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before listening:\n${out}\n${err}`));
    });
  });
}
