// Runs emitValidators on a worker thread (generator/validators-worker.ts, bundled by generator/run.mjs).
// Ajv's compile is the largest single cost of a cold `generate`; on a second core it overlaps with the
// rest of the pipeline. The output is byte-identical to the in-process emitter. (Letting the main thread
// take unstarted jobs once it is idle was measured slower: ajv compiles cold there.)
import { Worker } from 'node:worker_threads';
import type { ServiceModel } from './model/types.js';
import type { ValidatorsReply } from './validators-worker.js';

export type ValidatorsOutput = { js: string; dts: string };
/** Compiles a model's validators; `between` (in-thread only) runs between the two ajv instances' compiles. */
export type ValidatorsEmitter = (model: ServiceModel, between?: () => void) => Promise<ValidatorsOutput>;

/** Starts the worker at once (its start-up overlaps spec loading); `close` lets the process exit. */
export function validatorsThread(workerFile: string): { emit: ValidatorsEmitter; close: () => Promise<number> } {
  // A roomier young generation: ajv allocates many short-lived objects.
  const worker = new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: 64 } });
  const pending = new Map<number, { resolve: (output: ValidatorsOutput) => void; reject: (error: Error) => void }>();
  let next = 0;
  worker.on('message', (reply: ValidatorsReply) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if ('error' in reply) waiter?.reject(new Error(`validators worker: ${reply.error}`));
    else waiter?.resolve({ js: reply.js, dts: reply.dts });
  });
  worker.on('error', (error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  });
  return {
    emit: (model) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, model });
      }),
    close: () => worker.terminate(),
  };
}
