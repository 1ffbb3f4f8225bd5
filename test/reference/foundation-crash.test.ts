// Crash safety: `serve --data DIR` under a write load, killed with SIGKILL at a seeded random moment,
// restarted on the same directory: every write that was acknowledged (answered 201) is readable with
// exactly the bytes sent, and nothing half-written is visible (every stored note is one of the bodies
// sent, whole). Five kill-restart rounds on one directory (recovery of a recovered database included).
// CRASH_SEED reproduces a run; the kill moments come from fast-check's seeded generator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { startServe, type ServeChild } from './foundation-child.js';

const SEED = Number(process.env.CRASH_SEED ?? 20261123);
const ROUNDS = 5;
const WRITERS = 8;
const KILL_AFTER_MS = fc.sample(fc.integer({ min: 150, max: 900 }), { seed: SEED, numRuns: ROUNDS });
const data = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
let running: ServeChild | undefined;
afterAll(() => {
  running?.child.kill('SIGKILL');
  fs.rmSync(data, { recursive: true, force: true });
});

function serve(): Promise<ServeChild> {
  return startServe('test/reference/foundation-serve-notes.ts', ['notes', '--data', data, '--log-level', 'error'], 1);
}

/** A body long enough to span several database pages, so a torn write would show as a wrong body. */
function bodyOf(round: number, writer: number, seq: number): string {
  const head = `r${round}-w${writer}-n${seq}:`;
  return head + 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(300).slice(0, 9_000 + ((writer * 997 + seq * 31) % 2_000));
}

it(`every acknowledged write survives SIGKILL (${ROUNDS} rounds, seed ${SEED})`, async () => {
  const acknowledged = new Map<number, string>();
  const sent = new Set<string>();
  const figures: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    running = await serve();
    const base = running.urls.analytics!;
    // What earlier rounds acknowledged is still there after the restart.
    await verify(base, acknowledged, sent);
    let killed = false;
    const before = acknowledged.size;
    const writer = async (w: number) => {
      for (let seq = 0; !killed; seq += 1) {
        const body = bodyOf(round, w, seq);
        sent.add(body);
        try {
          const res = await fetch(`${base}/notes?tenant=crash`, { method: 'POST', body });
          if (res.status !== 201) throw new Error(`write answered ${res.status}`);
          acknowledged.set(((await res.json()) as { id: number }).id, body);
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
  await verify(running.urls.analytics!, acknowledged, sent);
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
  console.log(`crash test (seed ${SEED}): ${acknowledged.size} acknowledged writes, all readable\n  ${figures.join('\n  ')}`);
  expect(acknowledged.size).toBeGreaterThan(ROUNDS); // the load did write in every run
}, 120_000);

async function verify(base: string, acknowledged: Map<number, string>, sent: Set<string>): Promise<void> {
  const stored = ((await (await fetch(`${base}/notes?tenant=crash`)).json()) as { ids: number[] }).ids;
  const missing = [...acknowledged.keys()].filter((id) => !stored.includes(id));
  expect(missing, 'acknowledged writes missing after the restart').toEqual([]);
  for (const id of stored) {
    const note = (await (await fetch(`${base}/notes/${id}`)).json()) as { body: string };
    if (acknowledged.has(id)) expect(note.body === acknowledged.get(id), `note ${id} holds the bytes acknowledged`).toBe(true);
    else expect(sent.has(note.body), `unacknowledged note ${id} is one whole body that was sent`).toBe(true);
  }
}
