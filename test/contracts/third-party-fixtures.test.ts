// A third party is tested with its own fixtures only. Against a recording target (a loopback server that
// keeps every request it gets): with an empty config the run stops before any request, naming each missing
// key and its variable; with a config, no request carries one of this project's default fixture values,
// optional fixtures it lacks make their tests not applicable, and the rate-limit bursts are skipped.
// In the same run the analytics service is a target that answers its base URL, then drops connections (reports)
// or answers 503 (the rest): every rule it touched is an error (ANA-SORT-1's convention-only check included), none
// passes, exit 1. (Nothing listening at all: the run stops before any test, in one line: cli-user-errors.test.ts.)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BURSTS_SKIPPED } from '../../contracts/harness/rule-test.js';
import { DEFAULT_FIXTURES, REQUIRED_FIXTURES, fixtureEnvName } from '../../contracts/targets/fixtures.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { generatedSpec } from '../../generator/model/index.js';
import { ROOT, cleanEnv, runSuite, type Verdict } from '../support/contract-run.js';

const run = promisify(execFile);

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Answers every request 404 in no service's shape, after keeping it. */
async function recordingTarget(): Promise<RunningServer & { requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = await listenLocal((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      res.writeHead(404, { 'content-type': 'text/plain' }).end('recording target');
    });
  });
  return Object.assign(server, { requests });
}

function tempConfig(content: unknown): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'third-party-')), 'contracts.config.json');
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

/** Default fixture values as text, leaving out those the bundled specs' own examples also use. */
function defaultValues(): string[] {
  const specs = SERVICE_KEYS.map((s) => JSON.stringify(generatedSpec(s).document)).join('\n');
  const values = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    else if (typeof v === 'string' && v.length >= 6) values.add(v);
  };
  walk(DEFAULT_FIXTURES);
  return [...values].filter((v) => !specs.includes(v));
}

describe('a third-party target with an empty config', () => {
  let target: Awaited<ReturnType<typeof recordingTarget>>;
  let result: { code: number; stderr: string };

  beforeAll(async () => {
    target = await recordingTarget();
    try {
      await run(
        process.execPath,
        ['--import', 'tsx', 'contracts/cli/run.ts', '--target', target.baseUrl, '--config', tempConfig({})],
        { cwd: ROOT, env: cleanEnv() },
      );
      result = { code: 0, stderr: '' };
    } catch (error) {
      const e = error as { code: number; stderr: string };
      result = { code: e.code, stderr: e.stderr };
    }
  }, 60_000);
  afterAll(() => target.close());

  it('stops with exit code 2 and sends nothing', () => {
    expect(result.code).toBe(2);
    expect(target.requests).toEqual([]);
  });

  it('names every missing required key with its environment variable', () => {
    for (const service of SERVICE_KEYS) {
      for (const key of REQUIRED_FIXTURES[service]) {
        expect(result.stderr).toContain(`${service}.${key}`);
        expect(result.stderr).toContain(fixtureEnvName(service, key));
      }
    }
  });
});

/** Answers its base URL, then drops the connection of a report request and answers 503 to the rest, keeping each. */
async function failingTarget(): Promise<RunningServer & { requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = await listenLocal((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/' || req.url === '') return void res.writeHead(404).end();
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      if (req.url?.includes('/reports')) return void req.socket.destroy();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('down');
    });
  });
  return Object.assign(server, { requests });
}

describe('a third-party target with a config', () => {
  let target: Awaited<ReturnType<typeof recordingTarget>>;
  let failing: Awaited<ReturnType<typeof failingTarget>>;
  let verdicts: Verdict[] = [];
  let exitCode: number;
  /** What both targets received. */
  const requests = () => [...target.requests, ...failing.requests];
  const theirs = {
    'ad-creative': {
      apiVersion: 'v21.0',
      accessToken: 'their-adc-token',
      adAccountId: '777000777',
      pageId: '888000888',
      invalidToken: 'their-bad-token',
      rateLimitBurst: 3,
    },
    analytics: {
      accessToken: 'their-ana-token',
      invalidToken: 'their-bad-ana-token',
      channelId: 'UCtheirs',
      videoIds: ['their-video-1', 'their-video-2'],
      playlistId: 'PLtheirs',
    },
    generative: { apiKey: 'their-api-key', invalidApiKey: 'their-bad-key', model: 'their-model', rateLimitBurst: 3 },
  };

  beforeAll(async () => {
    target = await recordingTarget();
    failing = await failingTarget();
    ({ verdicts, exitCode } = await runSuite(
      [
        '--target',
        target.baseUrl,
        '--config',
        tempConfig({ endpoints: { analytics: { baseUrl: failing.baseUrl } }, fixtures: theirs }),
      ],
      'recording target',
    ));
  }, 240_000);
  afterAll(async () => {
    await target.close();
    await failing.close();
  });

  it('sends requests, none carrying a default fixture value', () => {
    expect(target.requests.length).toBeGreaterThan(50);
    expect(failing.requests.length).toBeGreaterThan(20);
    const defaults = defaultValues();
    expect(defaults).toContain(DEFAULT_FIXTURES['ad-creative'].accessToken);
    const leaks = requests().flatMap((r) => {
      const text = `${r.method} ${r.url} ${JSON.stringify(r.headers)} ${r.body}`;
      return defaults
        .filter((d) => text.includes(d) || text.includes(encodeURIComponent(d)))
        .map((d) => `${d} in ${r.method} ${r.url}`);
    });
    expect(leaks).toEqual([]);
  });

  it('uses the configured credentials', () => {
    const all = requests()
      .map((r) => `${r.url} ${JSON.stringify(r.headers)} ${r.body}`)
      .join('\n');
    for (const value of ['their-adc-token', 'their-ana-token', 'their-api-key']) expect(all).toContain(value);
  });

  it('skips the rate-limit bursts without the opt-in, and says so', () => {
    for (const id of ['ADC-RATE-1', 'GEN-RATE-1']) {
      const v = verdicts.find((x) => x.ruleId === id)!;
      expect(v.verdict, id).toBe('not-applicable');
      expect(v.tests[0]!.detail).toContain(BURSTS_SKIPPED);
    }
  });

  it('makes tests of a missing optional fixture not applicable, naming the key and its variable', () => {
    const v = verdicts.find((x) => x.ruleId === 'ADC-AUTH-3')!;
    expect(v.verdict).toBe('not-applicable');
    expect(v.tests[0]!.detail).toContain(fixtureEnvName('ad-creative', 'devAccessToken'));
  });

  describe('where analytics answers its base URL, then drops connections (reports) or answers 503 (the rest)', () => {
    const analytics = () => verdicts.filter((v) => v.ruleId.startsWith('ANA-'));

    it('passes no rule and exits non-zero', () => {
      expect(exitCode).not.toBe(0);
      const run = analytics().filter((v) => v.tests.length > 0);
      expect(run.length).toBeGreaterThan(20);
      expect(run.filter((v) => v.verdict === 'pass').map((v) => v.ruleId)).toEqual([]);
    });

    it('gives ANA-SORT-1 (whose third check is convention-only) an error, not a pass with a warning', () => {
      const v = verdicts.find((x) => x.ruleId === 'ANA-SORT-1')!;
      expect(v.verdict).toBe('error');
      expect(v.tests.every((t) => t.verdict === 'error' || t.verdict === 'not-applicable')).toBe(true);
      expect(v.tests.flatMap((t) => t.warnings ?? [])).toEqual([]);
    });

    it('says why: no answer, or the 5xx status', () => {
      const details = analytics().flatMap((v) =>
        v.tests.filter((t) => t.verdict === 'error').map((t) => t.detail ?? ''),
      );
      expect(details.some((d) => /no answer/.test(d))).toBe(true);
      expect(details.some((d) => /HTTP 503/.test(d))).toBe(true);
    });
  });
});
