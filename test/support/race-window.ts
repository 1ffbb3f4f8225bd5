// A race window opened by events, not by a timer: each call that passes through `checked()` after reading what
// it will act on waits until the next call has read too, so two calls always act on the same reading (a
// check-then-act race made certain). The last of `total` calls does not wait. A call that never comes leaves the
// one before it waiting: the test's timeout then fails it, never a flaky pass.
export function raceWindow(total: number): { checked(): Promise<void> } {
  let arrived = 0;
  let releasePrevious: (() => void) | undefined;
  return {
    checked() {
      arrived += 1;
      releasePrevious?.();
      releasePrevious = undefined;
      if (arrived >= total) return Promise.resolve();
      return new Promise<void>((resolve) => {
        releasePrevious = resolve;
      });
    },
  };
}
