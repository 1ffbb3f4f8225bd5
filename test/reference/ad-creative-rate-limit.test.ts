// The in-memory rate limiter of the ad creative reference (rate-limit.ts, ADC-RATE-1's count on one instance): its
// decisions against a plain model of a sliding window (every call's time kept, the expired ones dropped), through
// growth, wrap-around, shrinking and a clock that steps back; and a busy account's calls counted without
// allocating once its window is held.
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { AccountRateLimiter } from '../../reference/ad-creative/rate-limit.js';

/** The window as a list of every admitted call's time. */
class ModelWindow {
  private times: number[] = [];
  admit(now: number, calls: number, windowMs: number): boolean {
    this.times = this.times.filter((t) => now - t < windowMs);
    if (this.times.length >= calls) return false;
    this.times.push(now);
    return true;
  }
}

/** A seeded generator (mulberry32): the same steps on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ad creative reference: the in-memory rate limiter', () => {
  it.each([
    { calls: 3, windowSeconds: 1 },
    { calls: 60, windowSeconds: 10 },
    { calls: 200, windowSeconds: 5 },
  ])('admits exactly what a sliding window of $calls calls in $windowSeconds s admits', (limit) => {
    const next = random(limit.calls);
    let now = 1_700_000_000_000;
    const limiter = new AccountRateLimiter(() => now);
    const models = new Map<string, ModelWindow>();
    const decisions: boolean[] = [];
    // The first step where the limiter and the model differ, asserted once after the loop: vitest's expect on each
    // of 30,000 steps was most of the test's CPU.
    let differs: string | undefined;
    for (let step = 0; step < 30_000; step++) {
      const r = next();
      // Mostly calls close together, bursts within one millisecond, quiet spells past the window, and now and then
      // a clock that steps back.
      if (r < 0.6) now += Math.floor(next() * 3);
      else if (r < 0.997) now += Math.floor(next() * 40);
      else if (r < 0.999) now += limit.windowSeconds * 1000 + Math.floor(next() * 500);
      else now -= Math.floor(next() * 20);
      const account = next() < 0.8 ? 'busy' : 'quiet';
      if (!models.has(account)) models.set(account, new ModelWindow());
      const expected = models.get(account)!.admit(now, limit.calls, limit.windowSeconds * 1000);
      const admitted = limiter.admit(account, limit);
      if (admitted !== expected) {
        differs = `step ${step} at ${now}: the limiter ${admitted ? 'admitted' : 'refused'}, the model did not`;
        break;
      }
      decisions.push(admitted);
    }
    expect(differs).toBeUndefined();
    // Both answers were met many times.
    expect(decisions.filter(Boolean).length).toBeGreaterThan(1000);
    expect(decisions.filter((d) => !d).length).toBeGreaterThan(100);
  });

  it('a call counted after the clock stepped back leaves the window by its own time', () => {
    let now = 1000;
    const limiter = new AccountRateLimiter(() => now);
    const limit = { calls: 2, windowSeconds: 1 };
    expect(limiter.admit('a', limit)).toBe(true);
    now = 500;
    expect(limiter.admit('a', limit)).toBe(true);
    expect(limiter.admit('a', limit)).toBe(false);
    // The call made at 500 has left the window at 1600, the one made at 1000 has not.
    now = 1600;
    expect(limiter.admit('a', limit)).toBe(true);
    expect(limiter.admit('a', limit)).toBe(false);
  });

  it("counts a busy account's calls without allocating once its window's calls are held", () => {
    // Milliseconds since the start (small integers: a clock value itself allocates nothing).
    let now = 0;
    const limiter = new AccountRateLimiter(() => now);
    // 1,000 calls a second, with a window of 60 s: 60,000 calls held.
    const limit = { calls: 100_000_000, windowSeconds: 60 };
    for (let i = 0; i < 200_000; i++) {
      now += 1;
      if (!limiter.admit('busy', limit)) throw new Error(`refused at ${now}`);
    }
    const profiler = new v8.GCProfiler();
    profiler.start();
    const before = v8.getHeapStatistics().used_heap_size;
    const CALLS = 200_000;
    for (let i = 0; i < CALLS; i++) {
      now += 1;
      if (!limiter.admit('busy', limit)) throw new Error('refused');
    }
    const after = v8.getHeapStatistics().used_heap_size;
    let freed = 0;
    for (const gc of profiler.stop().statistics)
      freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
    // A list of the times allocates 8 bytes a call and more when it grows or is cut.
    expect((after - before + freed) / CALLS).toBeLessThan(2);
  });
});
