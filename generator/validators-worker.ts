// Worker-thread entry: compiles one service's ajv validators per message, so that ajv's compile runs on a
// second core while the main thread emits types, clients and servers (see validators-thread.ts).
import { parentPort } from 'node:worker_threads';
import { emitValidators } from './emitters/validators.js';
import type { ServiceModel } from './model/types.js';

export interface ValidatorsRequest {
  id: number;
  model: ServiceModel;
}

export type ValidatorsReply = { id: number; js: string; dts: string } | { id: number; error: string };

parentPort!.on('message', ({ id, model }: ValidatorsRequest) => {
  emitValidators(model).then(
    ({ js, dts }) => parentPort!.postMessage({ id, js, dts } satisfies ValidatorsReply),
    (error: Error) => parentPort!.postMessage({ id, error: error.stack ?? error.message } satisfies ValidatorsReply),
  );
});
