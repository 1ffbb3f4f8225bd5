// Explicit signals of a target's background work, so a test that waits for it (a video's processing to end)
// waits on the event, not on a timer. A target this project runs in the suite's own process (the reference)
// posts them: a pass-through stand-in of the generative store notes every change of a file's state on a
// broadcast channel, which the test threads of the same process hear. A target at a URL posts none: there the
// documented protocol is a poll of files.get, paced as the public service's cookbook paces it.
import { BroadcastChannel } from 'node:worker_threads';
import type { GenerativeStore } from '../../reference/generative/store.js';

const CHANNEL = 'spec-first-contract-target-changes';

/** The pause between two polls of a target that posts no signal (the public cookbook's poll interval). */
export const PROTOCOL_POLL_MS = 1_000;

/** A decorator of the generative store (ReferenceOptions.decorate) that posts `files/<id>` at each file change. */
export function signallingFileChanges(inner: GenerativeStore): GenerativeStore {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  return new Proxy(inner, {
    get(store, name) {
      const value = Reflect.get(store, name, store);
      if (name !== 'updateFile' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(store) : value;
      return async (...args: Parameters<GenerativeStore['updateFile']>) => {
        const result = await (value as GenerativeStore['updateFile']).apply(store, args);
        channel.postMessage(`files/${args[1]}`);
        return result;
      };
    },
  });
}

/** A wait for the next signal naming `resource`, armed now (before the read it follows), cancelled by `stop`. */
export interface ChangeWait {
  readonly changed: Promise<void>;
  stop(): void;
}

export function nextChange(resource: string): ChangeWait {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  let stop = () => channel.close();
  const changed = new Promise<void>((resolve) => {
    channel.onmessage = (event) => {
      if ((event as { data?: unknown }).data !== resource) return;
      channel.close();
      resolve();
    };
    stop = () => {
      channel.close();
      resolve();
    };
  });
  return { changed, stop: () => stop() };
}
