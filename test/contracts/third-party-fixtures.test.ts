// A third party is tested with its own fixtures only. Against a recording target (a loopback server that
// keeps every request it gets): with an empty config the run stops before any request, naming each missing
// key and its variable; with a config, no request carries one of this project's default fixture values,
// optional fixtures it lacks make their tests not applicable, and the rate-limit bursts are skipped.
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

describe('a third-party target with a config', () => {
  let target: Awaited<ReturnType<typeof recordingTarget>>;
  let verdicts: Verdict[] = [];
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
    ({ verdicts } = await runSuite(
      ['--target', target.baseUrl, '--config', tempConfig({ fixtures: theirs })],
      'recording target',
    ));
  }, 240_000);
  afterAll(() => target.close());

  it('sends requests, none carrying a default fixture value', () => {
    expect(target.requests.length).toBeGreaterThan(50);
    const defaults = defaultValues();
    expect(defaults).toContain(DEFAULT_FIXTURES['ad-creative'].accessToken);
    const leaks = target.requests.flatMap((r) => {
      const text = `${r.method} ${r.url} ${JSON.stringify(r.headers)} ${r.body}`;
      return defaults
        .filter((d) => text.includes(d) || text.includes(encodeURIComponent(d)))
        .map((d) => `${d} in ${r.method} ${r.url}`);
    });
    expect(leaks).toEqual([]);
  });

  it('uses the configured credentials', () => {
    const all = target.requests.map((r) => `${r.url} ${JSON.stringify(r.headers)} ${r.body}`).join('\n');
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
});
