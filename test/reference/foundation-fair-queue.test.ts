// FairQueue (reference/foundation/fair-queue.ts): bounded slots, a tenant's share, tenants served in turn.
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../reference/foundation/fair-queue.js';

/** A task that finishes when told to, noting when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { task: () => (log.push(name), done.then(() => name)), open: () => open() };
}

describe('FairQueue', () => {
  it('runs at most `slots` tasks, one tenant at most `perTenant`, and starts another tenant at once', async () => {
    const queue = new FairQueue({ slots: 3, perTenant: 2 });
    const log: string[] = [];
    const a = [1, 2, 3, 4].map((i) => gate(log, `a${i}`));
    const runs = a.map((g) => queue.run('A', g.task));
    expect(log).toEqual(['a1', 'a2']);
    const b = gate(log, 'b1');
    const bRun = queue.run('B', b.task);
    expect(log).toEqual(['a1', 'a2', 'b1']);
    expect(queue.load).toEqual({ running: 3, waiting: 2 });
    b.open();
    expect(await bRun).toBe('b1');
    // B's slot is free, but A already holds its share: nothing more of A starts until one of A's ends.
    expect(log).toEqual(['a1', 'a2', 'b1']);
    a[0]!.open();
    await runs[0];
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const g of a) g.open();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('serves waiting tenants in turn, not in arrival order', async () => {
    const queue = new FairQueue({ slots: 1, perTenant: 1 });
    const log: string[] = [];
    const first = gate(log, 'a0');
    const runs = [queue.run('A', first.task)];
    const rest = ['a1', 'a2', 'a3', 'b1', 'b2', 'c1'].map((name) => {
      const g = gate(log, name);
      runs.push(queue.run(name[0]!.toUpperCase(), g.task));
      return g;
    });
    first.open();
    for (const g of rest) g.open();
    await Promise.all(runs);
    // After a0, A goes to the back of the line: B and C get their turns between A's tasks.
    expect(log).toEqual(['a0', 'b1', 'c1', 'a1', 'b2', 'a2', 'a3']);
  });

  it('frees the slot of a task that fails or throws, and passes the failure on', async () => {
    const queue = new FairQueue({ slots: 1, perTenant: 1 });
    await expect(queue.run('A', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(
      queue.run('A', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(await queue.run('A', async () => 'after')).toBe('after');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
