// Runs the type-check on a worker thread (generator/typecheck-worker.ts, bundled by generator/run.mjs). Most of a
// small package's check is parsing and binding the declarations every package is checked against (the standard
// library, @types/node): started before the package is made, the worker does that on a second core while the
// main thread generates, and then parses and checks only the package's own files.
import { Worker } from 'node:worker_threads';
import type { CompileError } from './typecheck.js';
import type { TypeCheckReply, TypeCheckRequest } from './typecheck-worker.js';

export interface TypeCheckThread {
  /** The packages' errors, as typeCheckPackages gives them; the worker ends after one check. */
  check(packages: ReadonlyMap<string, ReadonlyMap<string, string>>): Promise<Map<string, CompileError[]>>;
  /** Ends the worker unused (a package not to be checked), so the process can exit. */
  close(): Promise<number>;
}

/** Starts the worker at once; its warm-up overlaps whatever the caller does next. */
export function typeCheckThread(workerFile: string): TypeCheckThread {
  const worker = new Worker(workerFile);
  const reply = new Promise<TypeCheckReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`type-check worker exited (${code}) before answering`)));
  });
  // A worker that fails before it is asked must not end the process as an unhandled rejection.
  reply.catch(() => {});
  return {
    async check(packages) {
      const request: TypeCheckRequest = {
        packages: [...packages].map(([key, files]) => [key, [...files].filter(([name]) => name.endsWith('.ts'))]),
      };
      worker.postMessage(request);
      const ended = new Promise((resolve) => worker.once('exit', resolve));
      const answer = await reply.catch(async (error) => {
        await worker.terminate();
        throw error;
      });
      // The worker ends on its own after its answer (saving its code cache): waited for, it is never cut short.
      await ended;
      if ('error' in answer) throw new Error(`type-check worker: ${answer.error}`);
      return new Map(answer.errors);
    },
    close: () => worker.terminate(),
  };
}
