// A served reference started over an IPC channel ends when the process that started it ends, even when that
// process is killed before it can stop it (a test setup that timed out, a supervisor killed with SIGKILL).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

// The parent in between: starts `serve analytics` with an IPC channel and its own stdout, then waits to be killed.
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['reference/foundation/serve-bin.mjs', 'analytics'], {
  stdio: ['ignore', 'inherit', 'ignore', 'ipc'],
});
process.stdout.write('server pid ' + child.pid + '\\n');
setInterval(() => undefined, 60_000);
`;

it('stops serving once the parent that started it over an IPC channel is killed', async () => {
  const parent = spawn(process.execPath, ['-e', PARENT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  let serverPid: number | undefined;
  const listening = new Promise<string>((resolve) =>
    parent.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      serverPid ??= Number(/server pid (\d+)/.exec(out)?.[1]) || undefined;
      const url = /analytics listening on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    }),
  );
  // The pipe closes only when every process writing to it has ended: the parent and the server it started.
  const pipeClosed = once(parent.stdout, 'close');
  try {
    const url = await listening;
    expect((await fetch(`${url}/v2/groups`)).status).toBeLessThan(500);
    parent.kill('SIGKILL');
    await pipeClosed;
    await expect(fetch(`${url}/v2/groups`)).rejects.toThrow();
  } finally {
    parent.kill('SIGKILL');
    if (serverPid) {
      try {
        process.kill(serverPid, 'SIGKILL');
      } catch {
        // already gone, as it should be
      }
    }
  }
});
