// Every command refuses a user's mistake in one line (plus the usage) with a non-zero exit, never a stack
// trace: unknown flags, services, rule ids and mutant ids, bad numbers, malformed or misspelt config files, a
// busy port, a target where nothing listens. And the mock leaves no temporary spec file behind after Ctrl-C.
// The contracts, mutants, mock and fuzz commands' argument handling is judged in this process, through the functions
// their scripts call (runContracts, runMutants, readMockArgs, readFuzzArgs), with what they print captured; each of
// those commands is also run as a process once, for its exit code and its stderr.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runContracts } from '../../contracts/cli/run.js';
import { runMutants } from '../../contracts/mutants/run.js';
import { readMockArgs } from '../../contracts/cli/mock-args.js';
import { readFuzzArgs } from '../../contracts/fuzz/cli-args.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { ROOT, cleanEnv, ownFixturesConfig } from '../support/contract-run.js';

const run = promisify(execFile);
const TSX = ['--import', 'tsx'];
const COMMANDS = {
  contracts: [...TSX, 'contracts/cli/run.ts'],
  mock: [...TSX, 'contracts/cli/mock.ts'],
  fuzz: [...TSX, 'contracts/fuzz/cli.ts'],
  mutants: [...TSX, 'contracts/mutants/run.ts'],
  serve: ['reference/foundation/serve-bin.mjs'],
  generate: ['generator/run.mjs'],
} as const;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function command(name: keyof typeof COMMANDS, args: string[]): Promise<Outcome> {
  try {
    const out = await run(process.execPath, [...COMMANDS[name], ...args], {
      cwd: ROOT,
      env: cleanEnv({ REFERENCE_LOG_LEVEL: 'silent' }),
      timeout: 60_000,
    });
    return { code: 0, ...out };
  } catch (error) {
    const e = error as Outcome & { code: number | string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A command's entry function run here, its console captured: a throw is what a process would print as a stack. */
async function inProcess(entry: (argv: string[]) => Promise<number>, args: string[]): Promise<Outcome> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const capture =
    (into: string[]) =>
    (...parts: unknown[]) =>
      void into.push(format(...parts));
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(capture(stdout)),
    vi.spyOn(console, 'warn').mockImplementation(capture(stderr)),
    vi.spyOn(console, 'error').mockImplementation(capture(stderr)),
  ];
  try {
    const code = await entry(args);
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
  } catch (error) {
    return { code: -1, stdout: stdout.join('\n'), stderr: [...stderr, (error as Error).stack].join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** A script's reading of its command line as its process answers a refusal: the line on stderr, exit 2. */
const refusing =
  (read: (argv: string[]) => object | Promise<object>) =>
  async (argv: string[]): Promise<number> => {
    const outcome = await read(argv);
    if (!('refused' in outcome)) return 0;
    console.error(outcome.refused);
    return 2;
  };

const STACK = /^\s+at .+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;

function expectOneLineRefusal(outcome: Outcome, code: number, says: RegExp): void {
  const text = `${outcome.stdout}\n${outcome.stderr}`;
  expect(text, 'no stack trace').not.toMatch(STACK);
  expect(outcome.code, text).toBe(code);
  const lines = outcome.stderr.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('npm warn'));
  expect(lines[0], text).toMatch(says);
  // The message, then at most the usage.
  const usage = lines.findIndex((l) => /^usage: /.test(l));
  expect(usage === -1 ? lines.length : usage, text).toBe(1);
}

let tmp: string;
let busy: RunningServer;
let busyPort: string;
let dead: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-user-errors-'));
  fs.writeFileSync(
    path.join(tmp, 'malformed.json'),
    '{\n  "fixtures": {\n    "analytics": { "accessToken": "x", }\n  }\n}\n',
  );
  fs.writeFileSync(path.join(tmp, 'misspelt.json'), JSON.stringify({ fixture: {} }));
  fs.writeFileSync(path.join(tmp, 'wrong-key.json'), JSON.stringify({ fixtures: { analytics: { videoId: ['a'] } } }));
  busy = await listenLocal((_req, res) => void res.end());
  busyPort = new URL(busy.baseUrl).port;
  const gone = await listenLocal(() => undefined);
  await gone.close();
  dead = gone.baseUrl;
});
afterAll(async () => {
  await busy.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const config = (name: string) => path.join(tmp, name);

describe('contracts', () => {
  it('a process refused its flag: exit 2, one line and the usage', async () => {
    expectOneLineRefusal(await command('contracts', ['--bogus']), 2, /Unknown option '--bogus'/);
  });

  it.each([
    [['--bogus'], 2, /Unknown option '--bogus'/],
    [['--service', 'foo'], 2, /unknown service\(s\): foo/],
    [['--rule', 'FOO-1'], 2, /unknown rule id or prefix FOO-1; closest: [A-Z]+-/],
    [['--rule', 'ADC-READ,FOO-2'], 2, /unknown rule id or prefix FOO-2; closest: [A-Z]+-/],
    [['--service', 'analytics', '--rule', 'ADC-'], 2, /unknown rule id or prefix ADC- for the selected services/],
    [['--target', 'nowhere'], 2, /unknown target nowhere/],
    [['--config', '/no/such/file.json'], 2, /config file not found/],
    [['--deadline', 'soon'], 2, /--deadline soon: not a duration/],
    [['--max-answer-bytes', '8 apples'], 2, /--max-answer-bytes 8 apples: not a size/],
  ] as const)('%j', async (args, code, says) => {
    expectOneLineRefusal(await inProcess(runContracts, [...args]), code, says);
  });

  it('a malformed config names the file, line and column', async () => {
    const file = config('malformed.json');
    const outcome = await inProcess(runContracts, ['--target', dead, '--config', file]);
    expectOneLineRefusal(outcome, 2, new RegExp(`^${file}: line 3, column \\d+: not valid JSON`));
  });

  it('a misspelt config key is named with the closest valid key', async () => {
    const top = await inProcess(runContracts, ['--target', dead, '--config', config('misspelt.json')]);
    expectOneLineRefusal(top, 2, /unknown key "fixture" \(did you mean "fixtures"\?\)/);
    const nested = await inProcess(runContracts, ['--target', dead, '--config', config('wrong-key.json')]);
    expectOneLineRefusal(nested, 2, /unknown key "fixtures\.analytics\.videoId" \(did you mean "videoIds"\?\)/);
  });

  it('a target URL with a password is refused without printing the password', async () => {
    const outcome = await inProcess(runContracts, ['--target', 'http://user:hunter2-pass@127.0.0.1:1']);
    expectOneLineRefusal(outcome, 2, /^http:\/\/\*\*\*@127\.0\.0\.1:1: a URL with a user name or password/);
    expect(`${outcome.stdout}${outcome.stderr}`).not.toContain('hunter2');
  });

  it('a target where nothing listens stops the run before any test, in one line naming each service', async () => {
    const outcome = await command('contracts', ['--target', dead, ...ownFixturesConfig()]);
    expectOneLineRefusal(outcome, 1, /^the target does not answer: /);
    for (const service of ['ad-creative', 'analytics', 'generative']) expect(outcome.stderr).toContain(service);
    expect(outcome.stdout).not.toMatch(/\bpass\b/);
  });
});

describe('mock', () => {
  it('a process refused its flag: exit 2, one line and the usage', async () => {
    expectOneLineRefusal(await command('mock', ['--prot', '3']), 2, /Unknown option '--prot'/);
  });

  it.each([
    [['--prot', '3'], 2, /Unknown option '--prot'/],
    [['foo'], 2, /unknown service foo \(did you mean/],
    [[], 2, /name a service/],
    [['analytics', '--port', 'abc'], 2, /--port must be a port number/],
  ] as const)('%j', async (args, code, says) => {
    expectOneLineRefusal(await inProcess(refusing(readMockArgs), [...args]), code, says);
  });

  it('a busy port is one line, not Prism help and a stack', async () => {
    const outcome = await inProcess(refusing(readMockArgs), ['analytics', '--port', busyPort]);
    expectOneLineRefusal(outcome, 2, /port \d+ is already in use/);
  });

  it('removes its temporary spec file on Ctrl-C', async () => {
    const child = spawn(process.execPath, [...COMMANDS.mock, 'analytics', '--quiet'], { cwd: ROOT, env: cleanEnv() });
    let out = '';
    const file = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = out.match(/\(spec (\S+)\); Ctrl-C stops it/);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`mock exited with ${code}: ${out}`)));
    });
    expect(fs.existsSync(file)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
  }, 120_000);
});

describe('fuzz', () => {
  it('a process refused its flag: exit 2, one line and the usage', async () => {
    expectOneLineRefusal(await command('fuzz', ['--cout', '3']), 2, /Unknown option '--cout'/);
  });

  it.each([
    [['--cout', '3'], 2, /Unknown option '--cout'/],
    [['--service', 'foo'], 2, /unknown service foo/],
    [['--count', 'abc'], 2, /--count must be a whole number/],
    [['--concurrency', '0'], 2, /--concurrency must be a whole number of at least 1/],
  ] as const)('%j', async (args, code, says) => {
    expectOneLineRefusal(await inProcess(refusing(readFuzzArgs), [...args]), code, says);
  });
});

describe('mutants', () => {
  it('a process refused its flag: exit 2, one line and the usage', async () => {
    expectOneLineRefusal(await command('mutants', ['--bogus']), 2, /Unknown option '--bogus'/);
  });

  it.each([
    [['--bogus'], 2, /Unknown option '--bogus'/],
    [['--service', 'foo'], 2, /unknown service\(s\): foo/],
    // One service's mutants are loaded to name the closest ids (every service's: the same line, five times the work).
    [['--service', 'analytics', '--mutant', 'ANA-NOPE'], 2, /unknown mutant id or prefix ANA-NOPE; closest: ANA-/],
    [['--jobs', '0'], 2, /--jobs must be a whole number/],
    [['--mutants', '/no/such/mutants.ts'], 2, /--mutants: file not found/],
  ] as const)('%j', async (args, code, says) => {
    expectOneLineRefusal(await inProcess(runMutants, [...args]), code, says);
  });
});

describe('serve', () => {
  it.each([
    [['foo'], 2, /unknown service foo/],
    [['all', '--prot', '3'], 2, /Unknown option '--prot'/],
    [['analytics', '--port', 'x'], 2, /--port must be a port number/],
  ] as const)('%j', async (args, code, says) => {
    expectOneLineRefusal(await command('serve', [...args]), code, says);
  });

  it('a busy port is one line', async () => {
    const outcome = await command('serve', ['analytics', '--port', busyPort, '--log-level', 'silent']);
    expectOneLineRefusal(outcome, 1, /^serve: port \d+ is already in use/);
  });
});

describe('generate', () => {
  it.each([
    [['--wtch'], 2, /Unknown option '--wtch'/],
    [['--service', 'foo'], 2, /unknown service foo/],
  ] as const)('%j', async (args, code, says) => {
    expectOneLineRefusal(await command('generate', [...args]), code, says);
  });
});
