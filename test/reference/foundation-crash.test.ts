// Crash safety: `serve --data DIR` under a write load (8 concurrent writers), killed with SIGKILL at a
// seeded random moment, restarted on the same directory: every write that was acknowledged (answered with
// success) is readable with exactly the payload sent, and nothing half-written is visible (every stored
// record of the workload is one whole payload that was sent). Five kill-restart rounds on one directory
// (recovery of a recovered database included), per workload (foundation-crash-workloads.ts).
// CRASH_SEED reproduces a run; the kill moments come from fast-check's seeded generator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceModuleExists } from '../../reference/index.js';
import { adCreativeWorkload, analyticsWorkload, notesWorkload, type Workload } from './foundation-crash-workloads.js';
import { startServe, type ServeChild } from './foundation-child.js';

const SEED = Number(process.env.CRASH_SEED ?? 20261123);
const ROUNDS = 5;
const WRITERS = 8;
const KILL_AFTER_MS = fc.sample(fc.integer({ min: 150, max: 900 }), { seed: SEED, numRuns: ROUNDS });
const dirs: string[] = [];
let running: ServeChild | undefined;
afterAll(() => {
  running?.child.kill('SIGKILL');
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

/** A payload long enough to span several database pages, so a torn write would show as a wrong payload. */
function payloadOf(round: number, writer: number, seq: number, size: number): string {
  const head = `r${round}-w${writer}-n${seq}:`;
  return head + 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(1 + Math.ceil(size / 36)).slice(0, size - ((writer * 997 + seq * 31) % (size / 4)));
}

// The foundation alone (a tiny test service), and each real service whose implementation exists.
const WORKLOADS: Array<{ name: string; workload: Workload; payloadSize: number }> = [
  { name: notesWorkload.name, workload: notesWorkload, payloadSize: 9_000 },
  ...(serviceModuleExists('analytics') ? [{ name: analyticsWorkload.name, workload: analyticsWorkload, payloadSize: 80 }] : []),
  ...(serviceModuleExists('ad-creative') ? [{ name: adCreativeWorkload.name, workload: adCreativeWorkload, payloadSize: 80 }] : []),
];

describe.each(WORKLOADS)('crash safety: $name', ({ workload, payloadSize }) => {
  it(`every acknowledged write survives SIGKILL (${ROUNDS} rounds, seed ${SEED})`, async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
    dirs.push(data);
    const serve = () => startServe(workload.script, [workload.serviceArg, '--data', data, '--log-level', 'error'], 1);
    const acknowledged = new Map<string, string>();
    const sent = new Set<string>();
    const figures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      running = await serve();
      const base = running.urls[workload.service]!;
      // What earlier rounds acknowledged is still there after the restart.
      await verify(workload, base, acknowledged, sent);
      let killed = false;
      const before = acknowledged.size;
      const writer = async (w: number) => {
        for (let seq = 0; !killed; seq += 1) {
          const payload = payloadOf(round, w, seq, payloadSize);
          sent.add(payload);
          try {
            const key = await workload.write(base, payload);
            // an answer that arrived is an acknowledgement, even if the kill signal was already on its way
            if (key !== undefined) acknowledged.set(key, payload);
          } catch (error) {
            if (killed) return; // the kill cut this request: not acknowledged
            throw error;
          }
        }
      };
      const load = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
      await new Promise((r) => setTimeout(r, KILL_AFTER_MS[round]));
      killed = true;
      running.child.kill('SIGKILL');
      expect(await running.exited).toBe('SIGKILL');
      await load;
      figures.push(`round ${round}: killed after ${KILL_AFTER_MS[round]} ms, ${acknowledged.size - before} writes acknowledged`);
    }
    running = await serve();
    await verify(workload, running.urls[workload.service]!, acknowledged, sent);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    console.log(`crash test, ${workload.name} (seed ${SEED}): ${acknowledged.size} acknowledged writes, all readable\n  ${figures.join('\n  ')}`);
    expect(acknowledged.size).toBeGreaterThan(ROUNDS); // the load did write in every run
  }, 180_000);
});

async function verify(workload: Workload, base: string, acknowledged: Map<string, string>, sent: Set<string>): Promise<void> {
  const stored = await workload.list(base);
  const missing = [...acknowledged.keys()].filter((key) => !stored.has(key));
  expect(missing, 'acknowledged writes missing after the restart').toEqual([]);
  for (const [key, payload] of stored) {
    if (acknowledged.has(key)) expect(payload === acknowledged.get(key), `${key} holds the bytes acknowledged`).toBe(true);
    else expect(sent.has(payload), `unacknowledged ${key} is one whole payload that was sent`).toBe(true);
  }
  // a read by key agrees with the listing (a sample: the first and the last acknowledged)
  for (const key of [[...acknowledged.keys()][0], [...acknowledged.keys()].at(-1)].filter((k): k is string => k !== undefined)) {
    expect(await workload.read(base, key)).toBe(acknowledged.get(key));
  }
}
