// Worker-thread entry of the type-check (typecheck-thread.ts): parses and binds the standard library and
// @types/node as soon as it starts, while the main thread makes the package, then checks the packages it is sent.
import './worker-compile-cache.js';
import { parentPort } from 'node:worker_threads';
import { type CompileError, TypeChecker } from './typecheck.js';

export interface TypeCheckRequest {
  packages: [string, [string, string][]][];
}

export type TypeCheckReply = { errors: [string, CompileError[]][] } | { error: string };

const checker = new TypeChecker();
checker.warm();
parentPort!.on('message', ({ packages }: TypeCheckRequest) => {
  try {
    const errors = checker.check(new Map(packages.map(([key, files]) => [key, new Map(files)])));
    parentPort!.postMessage({ errors: [...errors] } satisfies TypeCheckReply);
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).stack ?? String(error) } satisfies TypeCheckReply);
  }
  // One check per worker: closing the port lets the thread end, its code cache saved on the way out.
  parentPort!.close();
});
