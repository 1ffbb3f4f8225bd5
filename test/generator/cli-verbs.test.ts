// The one command line a user installs (`spec-first <command>`): every command answers --help on stdout with exit
// 0; flags that cannot go together are refused in one line (exit 2); `generate --spec F --check` writes nothing and
// says whether the package is stale; `--spec F --watch` follows F, also after an editor's save by rename; a
// Swagger 2.0 document is refused in one line wherever a document is read.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/index.js';

const BIN = path.join(ROOT, 'generator', 'bin.mjs');
const run = (args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-verbs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const document = (title: string) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title, version: '1' },
    paths: {
      '/notes/{id}': {
        get: {
          operationId: 'getNote',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });

describe('spec-first <command> --help', () => {
  it('lists the commands', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    for (const command of ['generate', 'diff', 'test', 'mock', 'contracts', 'serve', 'lint'])
      expect(result.stdout).toContain(`  ${command} `);
  });

  it.each(['generate', 'diff', 'test', 'mock', 'contracts', 'serve', 'lint'])(
    '%s --help: its usage on stdout, exit 0',
    (command) => {
      const result = run([command, '--help']);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^usage: /);
    },
    120_000,
  );
});

describe('flags that do not go together', () => {
  it.each([
    [['generate', '--check', '--watch'], 'generate: --check and --watch exclude each other'],
    [
      ['generate', '--spec', 'x.json', '--service', 'analytics', '--out', 'o'],
      '--spec makes one package; --service and --config choose from the spec list',
    ],
    [['generate', '--out', 'o'], '--out goes with --spec <file>'],
    [['generate', '--spec', 'nowhere.json', '--out', 'o'], '--spec nowhere.json: no such file'],
    [['mock', 'analytics', '--spec', 'x.json'], 'mock: name a service or give --spec <file>, not both'],
  ])('%j: one line, exit 2', (args, line) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(line.startsWith('generate: ') ? line.slice(10) : line);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a Swagger 2.0 document', () => {
  const swagger = path.join(dir, 'swagger.json');
  fs.writeFileSync(
    swagger,
    JSON.stringify({
      swagger: '2.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
    }),
  );
  it.each([
    [['generate', '--spec', swagger, '--out', path.join(dir, 'swagger-out')]],
    [['mock', '--spec', swagger]],
    [['lint', '--spec', swagger]],
  ])(
    '%j: refused in one line naming the version, exit 1, nothing written',
    (args) => {
      const result = run(args);
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('is Swagger 2.0, not OpenAPI 3.0/3.1');
      expect(fs.existsSync(path.join(dir, 'swagger-out'))).toBe(false);
    },
    120_000,
  );
});

describe('generate --spec F --check', () => {
  it('writes nothing and exits 1 while the package differs, 0 once it is up to date', () => {
    const spec = path.join(dir, 'notes.json');
    const out = path.join(dir, 'notes-package');
    fs.writeFileSync(spec, document('Notes'));
    const missing = run(['generate', '--spec', spec, '--out', out, '--check']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('is stale');
    expect(fs.existsSync(out)).toBe(false);
    expect(run(['generate', '--spec', spec, '--out', out, '--quiet', '--skip-typecheck']).status).toBe(0);
    expect(run(['generate', '--spec', spec, '--out', out, '--check']).status).toBe(0);
    fs.writeFileSync(spec, document('Notes, renamed'));
    const changed = run(['generate', '--spec', spec, '--out', out, '--check']);
    expect(changed.status).toBe(1);
    expect(changed.stderr).toContain(`changed  ${out.split(path.sep).join('/')}/client.ts`);
  }, 300_000);
});

/** The watchers this file starts: killed after each test, also one that timed out while its test awaited it. */
const children = new Set<ChildProcess>();
afterEach(async () => {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          children.delete(child);
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
});

/** Lines of the child's stdout as they come, one await at a time; rejects when the child exits. */
function lines(child: ChildProcess): () => Promise<string> {
  const queue: string[] = [];
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  let buffer = '';
  let ended: Error | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const complete = buffer.split('\n');
    buffer = complete.pop()!;
    for (const line of complete) {
      const next = waiting.shift();
      if (next) next.resolve(line);
      else queue.push(line);
    }
  });
  child.once('exit', (code, signal) => {
    ended = new Error(`watch exited (${code ?? signal})`);
    for (const next of waiting.splice(0)) next.reject(ended);
  });
  return () =>
    queue.length > 0
      ? Promise.resolve(queue.shift()!)
      : ended
        ? Promise.reject(ended)
        : new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

describe('generate --spec F --watch', () => {
  it("follows F: an in-place write, a save by rename, and the write after it each regenerate F's package", async () => {
    const folder = path.join(dir, 'watched');
    fs.mkdirSync(folder);
    const spec = path.join(folder, 'notes.json');
    const out = path.join(dir, 'watched-package');
    fs.writeFileSync(spec, document('One'));
    const child = spawn(
      process.execPath,
      [BIN, 'generate', '--spec', spec, '--out', out, '--watch', '--skip-typecheck'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.add(child);
    const nextLine = lines(child);
    /** The next line that matches: the lines before it (the first generation's report) are passed over. */
    const next = async (pattern: RegExp) => {
      for (;;) {
        const line = await nextLine();
        if (pattern.test(line)) return line;
      }
    };
    // Printed once the folder is watched: an edit made from here on is seen (generator/watch-then-say.ts).
    await next(/^watching /);
    const title = () => fs.readFileSync(path.join(out, 'README.md'), 'utf8').split('\n')[0];
    expect(title()).toContain('One');
    const edits: Array<[string, () => void]> = [
      ['Two', () => fs.writeFileSync(spec, document('Two'))],
      [
        'Three',
        () => {
          // An editor's safe write: a new file renamed over the old one.
          fs.writeFileSync(`${spec}.tmp`, document('Three'));
          fs.renameSync(`${spec}.tmp`, spec);
        },
      ],
      ['Four', () => fs.writeFileSync(spec, document('Four'))],
    ];
    for (const [name, edit] of edits) {
      edit();
      // A write is more than one event (truncate, write): a regeneration may start between them and another
      // follow, so the package is read after each one until it has the edit.
      do await next(/ regenerated in \d+ ms$/);
      while (!title().includes(name));
    }
  }, 300_000);
});
