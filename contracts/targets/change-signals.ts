// Explicit signals of a target's background work, so a test that waits for it (a video's processing to end)
// waits on the event, not on a timer. A target this project runs in the suite's own process (the reference)
// posts them: a pass-through stand-in of the generative store notes every change of a file's state on a
// broadcast channel, which the test threads of the same process hear. A signal names the file and the state the
// service asked its store to keep, posted once the store has answered: from then on, a read that does not show
// that change is a change not stored (judged at once, not after a timeout). A target at a URL posts none: there
// the documented protocol is a poll of files.get, paced as the public service's cookbook paces it.
// The other way, a test that starts waiting for a video's processing asks the target to run it now (advanceProcessing,
// heard by processingOnRequest): a wait that is not the test's subject takes no real second. Until a test asks, the
// video stays PROCESSING for the seed's time, as it does on a target without signals.
import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { ProcessingClock } from '../../reference/generative/processing-clock.js';
import type { GenerativeStore } from '../../reference/generative/store.js';

/** A new channel name for one started target (TargetSession.changeSignals). */
export const changeChannel = (): string => `spec-first-contract-target-changes-${randomUUID()}`;

/** The pause between two polls of a target that posts no signal (the public cookbook's poll interval). */
export const PROTOCOL_POLL_MS = 1_000;

/** What a signal says: the file (`files/<id>`) and the state its change stored, if the change set one. */
export interface FileChange {
  readonly resource: string;
  readonly state?: string;
}

/** A decorator of the generative store (ReferenceOptions.decorate) that posts a FileChange on channel `name` at each file change. */
export function signallingFileChanges(inner: GenerativeStore, name: string): GenerativeStore {
  const channel = new BroadcastChannel(name);
  channel.unref();
  return new Proxy(inner, {
    get(store, name) {
      const value = Reflect.get(store, name, store);
      if (name !== 'updateFile' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(store) : value;
      return async (...args: Parameters<GenerativeStore['updateFile']>) => {
        const result = await (value as GenerativeStore['updateFile']).apply(store, args);
        const change: FileChange = { resource: `files/${args[1]}`, state: args[2].state };
        channel.postMessage(change);
        return result;
      };
    },
  });
}

/**
 * A wait for the next signal on channel `name` naming `resource`, armed now (before the read it follows), cancelled by `stop`.
 * `changed` gives the state the change stored (undefined when stopped or when the change set no state).
 */
export interface ChangeWait {
  readonly changed: Promise<string | undefined>;
  stop(): void;
}

export function nextChange(name: string, resource: string): ChangeWait {
  const channel = new BroadcastChannel(name);
  channel.unref();
  let stop = () => channel.close();
  const changed = new Promise<string | undefined>((resolve) => {
    channel.onmessage = (event) => {
      const change = (event as { data?: Partial<FileChange> }).data;
      if (change?.resource !== resource) return;
      channel.close();
      resolve(change.state);
    };
    stop = () => {
      channel.close();
      resolve(undefined);
    };
  });
  return { changed, stop: () => stop() };
}

/** The channel on which tests ask the target of change channel `name` to process a file now. */
const advanceChannel = (name: string): string => `${name}-advance`;

/** Asks the target that posts on channel `name` to run `resource`'s (`files/<id>`) processing now, if it is pending. */
export function advanceProcessing(name: string, resource: string): void {
  const channel = new BroadcastChannel(advanceChannel(name));
  channel.postMessage({ resource } satisfies FileChange);
  channel.close();
}

/**
 * A processing clock (the generative `processingClock` seam) that runs a file's processing when `inner` says it is
 * due or when a test asks for it on channel `name` (advanceProcessing), whichever comes first.
 */
export function processingOnRequest(inner: ProcessingClock, name: string): ProcessingClock {
  return (file, waitMs, run) => {
    const channel = new BroadcastChannel(advanceChannel(name));
    channel.unref();
    const cancel = () => {
      channel.close();
      cancelInner();
    };
    channel.onmessage = (event) => {
      if ((event as { data?: Partial<FileChange> }).data?.resource !== `files/${file.id}`) return;
      cancel();
      run();
    };
    const cancelInner = inner(file, waitMs, () => {
      channel.close();
      run();
    });
    return cancel;
  };
}
