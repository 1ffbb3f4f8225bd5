// Fair admission of heavy work (report queries) by tenant: at most `slots` tasks run at once and one tenant at
// most `perTenant` of them, so while one tenant's reports fill its share another tenant's next task starts at
// once; waiting tasks are started tenant by tenant in turn (the one served longest ago first), each tenant's in
// arrival order.

import os from 'node:os';

export interface FairQueueLimits {
  /** Tasks running at once, over all tenants. */
  slots: number;
  /** Tasks of one tenant running at once (less than slots leaves room for the others). */
  perTenant: number;
}

/** Heavy reads at once by the machine: one tenant may keep every core busy, one more slot stays for the others. */
export function defaultReadLimits(): FairQueueLimits {
  const cores = Math.max(1, os.availableParallelism());
  return { slots: cores + 1, perTenant: cores };
}

interface Waiting {
  start: () => void;
}

export class FairQueue {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** Tenants with waiting tasks, and their tasks in arrival order. */
  private readonly waiting = new Map<string, Waiting[]>();
  /** When each active tenant (running or waiting) last had a task started: the next turn is the oldest's. */
  private readonly lastServed = new Map<string, number>();
  private clock = 0;

  constructor(private readonly limits: FairQueueLimits) {
    if (!(limits.slots >= 1 && limits.perTenant >= 1)) throw new Error('FairQueue: slots and perTenant must be >= 1');
  }

  /** Runs `task` once the tenant's turn comes; answers what it answers. */
  run<T>(tenant: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.lastServed.set(tenant, ++this.clock);
        this.running += 1;
        this.runningOf.set(tenant, (this.runningOf.get(tenant) ?? 0) + 1);
        let settled = false;
        const done = () => {
          if (settled) return;
          settled = true;
          this.running -= 1;
          const left = this.runningOf.get(tenant)! - 1;
          if (left > 0) this.runningOf.set(tenant, left);
          else {
            this.runningOf.delete(tenant);
            if (!this.waiting.has(tenant)) this.lastServed.delete(tenant);
          }
          this.next();
        };
        let promise: Promise<T>;
        try {
          promise = task();
        } catch (error) {
          promise = Promise.reject(error);
        }
        promise.then(
          (value) => {
            done();
            resolve(value);
          },
          (error: unknown) => {
            done();
            reject(error);
          },
        );
      };
      const queue = this.waiting.get(tenant);
      if (queue) queue.push({ start });
      else if (this.admits(tenant)) start();
      else this.waiting.set(tenant, [{ start }]);
    });
  }

  /** Tasks running now, and waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    let waiting = 0;
    for (const q of this.waiting.values()) waiting += q.length;
    return { running: this.running, waiting };
  }

  private admits(tenant: string): boolean {
    return this.running < this.limits.slots && (this.runningOf.get(tenant) ?? 0) < this.limits.perTenant;
  }

  /** Starts waiting tasks while slots are free: of the tenants that may start one, the one served longest ago. */
  private next(): void {
    while (this.running < this.limits.slots) {
      let chosen: string | undefined;
      for (const tenant of this.waiting.keys()) {
        if (!this.admits(tenant)) continue;
        if (chosen === undefined || (this.lastServed.get(tenant) ?? 0) < (this.lastServed.get(chosen) ?? 0))
          chosen = tenant;
      }
      if (chosen === undefined) return;
      const queue = this.waiting.get(chosen)!;
      const task = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(chosen);
      task.start();
    }
  }
}
