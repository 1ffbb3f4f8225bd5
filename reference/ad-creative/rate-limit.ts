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

/** The smallest ring of call times (a power of two, as every ring's length is). */
const MIN_RING = 16;

/**
 * The times of one account's counted calls, oldest first, in a ring that grows only when full: once it holds a
 * window's calls, counting one writes a number and allocates nothing (a list that grows and is cut now and then
 * allocates with every call of a busy account, and what it allocates outlives young-generation collections).
 * Expired calls leave from the front; a ring four times larger than its calls is halved.
 */
class CallTimes {
  private ring = new Float64Array(MIN_RING);
  private head = 0;
  private size = 0;

  /** Forgets the calls at or before `now - windowMs`; answers how many are left. */
  countSince(now: number, windowMs: number): number {
    const mask = this.ring.length - 1;
    while (this.size > 0 && now - this.ring[this.head]! >= windowMs) {
      this.head = (this.head + 1) & mask;
      this.size -= 1;
    }
    if (this.ring.length > MIN_RING && this.size * 4 < this.ring.length) this.resize(this.ring.length / 2);
    return this.size;
  }

  add(now: number): void {
    if (this.size === this.ring.length) this.resize(this.ring.length * 2);
    const ring = this.ring;
    const mask = ring.length - 1;
    // Kept in order even if the clock steps back, so the front is always the oldest call.
    let at = this.size;
    while (at > 0 && ring[(this.head + at - 1) & mask]! > now) {
      ring[(this.head + at) & mask] = ring[(this.head + at - 1) & mask]!;
      at -= 1;
    }
    ring[(this.head + at) & mask] = now;
    this.size += 1;
  }

  /** The calls, oldest first, in a ring of `length` (a power of two) from its start. */
  private resize(length: number): void {
    const next = new Float64Array(length);
    const mask = this.ring.length - 1;
    for (let i = 0; i < this.size; i++) next[i] = this.ring[(this.head + i) & mask]!;
    this.ring = next;
    this.head = 0;
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
