// Rate limiting per ad account (ADC-RATE-1): each account accepts `calls` calls within a sliding window of
// `windowSeconds`; the next call is error 80004, answered with HTTP 400 like the public service
// (public-service notes 1.6: "(#80004) There have been too many calls to this ad-account" with Status 400,
// subcode 2446079). Refused calls do not count, so a caller that waits is served again. AccountRateLimiter
// keeps the counters in memory, for an in-memory database: a restart forgets them (as a throttle may). Where
// several instances can share a store the calls are counted there: with --database in the shared database
// (postgres-rate-limiter.ts), with --data in the data directory (sqlite-rate-limiter.ts).
import { graphError } from '../../generated/ad-creative/server.js';
import type { RateLimit } from './store.js';

/** What counts an account's calls (a seam of the service: AdCreativeSeams.rateLimiter). */
export interface RateLimiter {
  /**
   * Counts one call to `account` and answers true, or answers false (counting nothing) when its window is full.
   * Atomic per account: of concurrent calls, exactly as many as the window has room for are admitted.
   */
  admit(account: string, limit: RateLimit): boolean | Promise<boolean>;
}

/** The answer to a call its account's window has no room for. */
export function tooManyCalls() {
  return graphError(80004, '(#80004) There have been too many calls to this ad-account. Wait a bit and try again.', {
    subcode: 2446079,
    isTransient: true,
    http: 400,
  });
}

/** The times of one account's counted calls, oldest first; expired ones leave from the front. */
class CallTimes {
  private times: number[] = [];
  private head = 0;

  /** Forgets the calls at or before `now - windowMs`; answers how many are left. */
  countSince(now: number, windowMs: number): number {
    while (this.head < this.times.length && now - this.times[this.head]! >= windowMs) this.head += 1;
    // Compact now and then, so the array does not keep every call ever made.
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }

  add(now: number): void {
    // Kept in order even if the clock steps back, so the front is always the oldest call.
    let at = this.times.length;
    while (at > this.head && this.times[at - 1]! > now) at -= 1;
    if (at === this.times.length) this.times.push(now);
    else this.times.splice(at, 0, now);
  }
}

export class AccountRateLimiter implements RateLimiter {
  private readonly calls = new Map<string, CallTimes>();

  constructor(private readonly now: () => number = Date.now) {}

  admit(account: string, limit: RateLimit): boolean {
    const now = this.now();
    const windowMs = limit.windowSeconds * 1000;
    let calls = this.calls.get(account);
    if (!calls) this.calls.set(account, (calls = new CallTimes()));
    if (calls.countSince(now, windowMs) >= limit.calls) return false;
    calls.add(now);
    return true;
  }
}
