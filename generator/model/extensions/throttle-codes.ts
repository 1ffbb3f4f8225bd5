// `x-throttle-codes` (root): the error codes that mean "slow down", which the client retries after a wait.

/** The spec's throttle codes: its integers, anything else left out. */
export function throttleCodesOf(raw: unknown): number[] {
  return (Array.isArray(raw) ? raw : []).filter((c: unknown): c is number => Number.isInteger(c));
}
