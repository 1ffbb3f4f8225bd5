// The serve command: argument parsing, URLs printed, persistence with --data, and a graceful exit on
// SIGTERM (in-flight request answered, databases closed, exit code 0).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../reference/serve.js';
import { ROOT, startServe, type ServeChild } from './foundation-child.js';

const NOTES = 'test/reference/foundation-serve-notes.ts';
const children: ServeChild[] = [];
const dirs: string[] = [];
afterAll(() => {
  children.forEach((c) => c.child.kill('SIGKILL'));
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});

async function serve(args: string[]): Promise<ServeChild> {
  const c = await startServe(NOTES, args, 1);
  children.push(c);
  return c;
}

describe('serve arguments', () => {
  it('takes one service, a list or all, and the options', () => {
    expect(parseServeArgs(['all'])).toEqual({
      services: ['ad-creative', 'analytics', 'generative'],
      logLevel: 'info',
      port: undefined,
      dataDir: undefined,
      seedFile: undefined,
      host: undefined,
    });
    expect(
      parseServeArgs([
        'analytics,generative',
        '--port',
        '4010',
        '--data',
        'd',
        '--seed',
        's.yaml',
        '--log-level',
        'debug',
        '--threads',
        '2',
      ]),
    ).toEqual({
      services: ['analytics', 'generative'],
      threads: 2,
      port: 4010,
      dataDir: 'd',
      seedFile: 's.yaml',
      logLevel: 'debug',
      host: undefined,
    });
  });

  it('refuses what it cannot serve with the usage line', () => {
    expect(() => parseServeArgs([])).toThrow(/name one service or all\nusage: serve/);
    expect(() => parseServeArgs(['ads'])).toThrow(/unknown service ads/);
    expect(() => parseServeArgs(['all', '--port', 'x'])).toThrow(/--port must be a port number/);
    expect(() => parseServeArgs(['all', '--port', '65535'])).toThrow(/--port must be a port number/);
    expect(() => parseServeArgs(['all', '--log-level', 'loud'])).toThrow(/--log-level must be one of/);
    expect(() => parseServeArgs(['analytics,generative', '--threads', '3'])).toThrow(
      /--threads must be a whole number from 1 to the services served \(2\), not 3/,
    );
    expect(() => parseServeArgs(['all', '--threads', '0'])).toThrow(/--threads must be a whole number/);
    expect(() => parseServeArgs(['all', '--verbose'])).toThrow(/Unknown option '--verbose'/);
    expect(() => parseServeArgs(['all', '--no-answer-reuse'])).toThrow(/Unknown option '--no-answer-reuse'/);
  });
});

describe('the bin launcher (npx reference-serve)', () => {
  it('is the package bin and the serve script, and runs serve.ts through tsx', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.bin['reference-serve']).toBe('reference/foundation/serve-bin.mjs');
    expect(pkg.scripts.serve).toBe('node reference/foundation/serve-bin.mjs');
    // a usage error comes from serve.ts itself: the launcher loaded it
    const run = spawnSync(process.execPath, [pkg.bin['reference-serve']!, 'all', '--port', 'x'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--port must be a port number');
  });
});

describe('serve as a process', () => {
  it('prints the base URL, keeps data with --data, finishes in-flight requests on SIGTERM and exits 0', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
    dirs.push(data);
    const first = await serve(['notes', '--data', data, '--log-level', 'debug']);
    const base = first.urls.analytics!;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const created = (await (
      await fetch(`${base}/notes?tenant=a&access_token=HIDDEN`, { method: 'POST', body: 'kept' })
    ).json()) as { id: number };
    const slow = fetch(`${base}/slow?ms=500`);
    await first.printed(/^slow request started$/m);
    first.child.kill('SIGTERM');
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await first.exited).toBe(0);
    const log = first
      .stderr()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(log.map((l) => l.msg)).toEqual(expect.arrayContaining(['listening', 'request', 'stopping', 'stopped']));
    expect(log.find((l) => l.msg === 'stopping')).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
    expect(first.stderr()).not.toContain('HIDDEN');

    const second = await serve(['notes', '--data', data, '--log-level', 'warn']);
    const read = await fetch(`${second.urls.analytics}/notes/${created.id}`);
    expect(await read.json()).toEqual({ id: created.id, tenant: 'a', body: 'kept' });
    expect(second.stderr()).toBe('');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('fails with the reason and exit code 1 when it cannot start', async () => {
    const seed = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-')), 'seed.yaml');
    dirs.push(path.dirname(seed));
    fs.writeFileSync(seed, '- not a mapping\n');
    const run = startServe(NOTES, ['notes', '--seed', seed], 1);
    await expect(run).rejects.toThrow(
      /exited \(1\) before listening[\s\S]*seed\.yaml: the seed file must be a mapping/,
    );
  });
});
