// The run's deadline (--deadline): past it, the test under way stops (its requests and streams are aborted)
// and every test after it is an error without a request, so a target that answers slowly or never cannot keep
// a run going for hours.

export interface RunDeadline {
  /** Epoch milliseconds. */
  at: number;
  /** The duration the run was given, for the message. */
  seconds: number;
}

let current: { at: number; signal: AbortSignal } | undefined;

/** One signal per deadline, aborted when it passes (shared by every test of the run). */
export function deadlineSignal(deadline: RunDeadline | undefined): AbortSignal | undefined {
  if (!deadline) return undefined;
  if (current?.at !== deadline.at)
    current = { at: deadline.at, signal: AbortSignal.timeout(Math.max(0, deadline.at - Date.now())) };
  return current.signal;
}

export function deadlineMessage(deadline: RunDeadline): string {
  return `the run's deadline (--deadline ${deadline.seconds} s) passed: not judged`;
}

/** Rejects with `error()` when the signal aborts; `release` drops the listener (no rejection after it). */
export function rejectOnAbort(signal: AbortSignal, error: () => Error): { promise: Promise<never>; release(): void } {
  let release = () => {};
  const promise = new Promise<never>((_, reject) => {
    const onAbort = () => reject(error());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    release = () => signal.removeEventListener('abort', onAbort);
  });
  return { promise, release };
}
