// `serve` runs its services on worker threads, one a service unless `--threads` names fewer:
// a service whose thread is busy does not hold up a service on another thread, services may share a thread, a stop
// signal lets every thread's in-flight requests finish (exit 0), and a service that cannot start stops the others
// and ends the command with one line and exit code 1.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shareOut } from '../../reference/foundation/serve-threads.js';
import { startServe, type ServeChild } from './foundation-child.js';

const THREADS = 'test/reference/foundation-serve-threads.ts';
const children: ServeChild[] = [];
const dirs: string[] = [];
afterAll(() => {
  children.forEach((c) => c.child.kill('SIGKILL'));
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

async function serve(args: string[]): Promise<ServeChild> {
  const c = await startServe(THREADS, args, 2);
  children.push(c);
  return c;
}

const logLines = (c: ServeChild) =>
  c
    .stderr()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('how services are shared out among fewer threads (--threads)', () => {
  it('in order, in runs as even as they divide', () => {
    expect(shareOut(['a', 'b', 'c'], 3)).toEqual([['a'], ['b'], ['c']]);
    expect(shareOut(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
    expect(shareOut(['a', 'b', 'c'], 1)).toEqual([['a', 'b', 'c']]);
    expect(shareOut(['a'], 2)).toEqual([['a']]);
  });
});

describe('serve, services on worker threads', () => {
  it('answers one service while another blocks its thread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-threads-'));
    dirs.push(dir);
    const release = path.join(dir, 'release');
    const s = await serve(['analytics,generative', '--log-level', 'warn']);
    const held = fetch(`${s.urls.analytics}/hold?until=${encodeURIComponent(release)}`);
    await s.printed(/^analytics hold started$/m);
    const other = await fetch(`${s.urls.generative}/notes?tenant=a`);
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ ids: [] });
    fs.writeFileSync(release, '');
    expect((await held).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it('serves several services from one thread, each on its own port', async () => {
    const s = await serve(['analytics,generative', '--log-level', 'warn', '--threads', '1']);
    for (const url of [s.urls.analytics!, s.urls.generative!])
      expect((await fetch(`${url}/notes?tenant=a`)).status).toBe(200);
    expect(new URL(s.urls.analytics!).port).not.toBe(new URL(s.urls.generative!).port);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it.each([1, 2])(
    'lets in-flight requests of every thread finish on SIGTERM and exits 0 (%i threads)',
    async (threads) => {
      const s = await serve(['analytics,generative', '--log-level', 'info', '--threads', String(threads)]);
      const slow = fetch(`${s.urls.generative}/slow?ms=300`);
      await s.printed(/^generative slow request started$/m);
      s.child.kill('SIGTERM');
      expect((await slow).status).toBe(200);
      expect(await s.exited).toBe(0);
      const log = logLines(s);
      expect(log.find((l) => l.msg === 'stopping' && l.service === 'generative')).toMatchObject({
        signal: 'SIGTERM',
        inFlight: 1,
      });
      expect(log.filter((l) => l.msg === 'stopping').map((l) => l.service)).toEqual(
        expect.arrayContaining(['analytics', 'generative']),
      );
      expect(log.at(-1)).toMatchObject({ msg: 'stopped' });
    },
  );

  it('stops the other services and exits 1 with one line when a service cannot start', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const run = startServe(THREADS, ['analytics,generative', '--port', String(port), '--log-level', 'error'], 2);
      const error = (await run.catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/exited \(1\) before listening/);
      const lines = error.message.split('\n').filter((l) => l.startsWith('serve:'));
      expect(lines).toEqual([
        expect.stringMatching(/^serve: port \d+ is already in use; choose another --port or leave it out/),
      ]);
      expect(error.message).not.toContain('listening on');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
