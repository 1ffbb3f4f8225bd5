// When a PROCESSING video's processing runs. The service's own clock runs it the seed's videoProcessingMs after the
// file's creation, on a timer; whoever starts the service may hand it another (the `processingClock` seam, seams.ts):
// a test whose subject is not the wait runs the processing when it starts waiting for it, not a second later.
import type { FileRecord } from './store.js';

/** Calls `run` once `file`'s processing is due (`waitMs` from now, by the service's own clock); the result cancels it. */
export type ProcessingClock = (file: FileRecord, waitMs: number, run: () => void) => () => void;

/** The service's own: a timer of `waitMs` that keeps no process alive. */
export const timerProcessingClock: ProcessingClock = (_file, waitMs, run) => {
  const timer = setTimeout(run, waitMs);
  timer.unref();
  return () => clearTimeout(timer);
};
