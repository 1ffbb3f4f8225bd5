// The rule tests under vitest's own reporter (as a developer runs a rule file, `npx vitest run --config
// contracts/vitest.config.ts <file>`), against a target that echoes the credential it gets into every answer and
// error message: the failures vitest prints (assertion messages, the API error's body, the exchanges annotated,
// the replay) hold no configured secret. The suite's reporters redact what they print; this holds because the
// rule harness redacts what it tells the runner, at the source.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { cleanEnv, ROOT } from '../support/contract-run.js';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-under-vitest-'));
const apiKey = `echoed-key-${randomBytes(6).toString('hex')}`;
let target: RunningServer;
let echoed = 0;

/** Every request answered 400 with its URL and its key in the message, as a broken service would. */
function echo(req: http.IncomingMessage, res: http.ServerResponse): void {
  req.resume();
  // The root answers as a live server's does: the run's first look at a target.
  if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  const key = req.headers['x-goog-api-key'] ?? '';
  if (`${req.url}${key}`.includes(apiKey)) echoed++;
  res.writeHead(400, { 'content-type': 'application/json', 'x-echo': String(key) }).end(
    JSON.stringify({
      error: { code: 400, status: 'INVALID_ARGUMENT', message: `bad request ${req.url} key=${key}`, key },
    }),
  );
}

beforeAll(async () => {
  target = await listenLocal(echo);
});
afterAll(async () => {
  await target?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the rule tests under vitest against a target that echoes credentials', () => {
  it('fail without printing the configured key in any spelling', async () => {
    const config = path.join(dir, 'config.json');
    fs.writeFileSync(
      config,
      JSON.stringify({ fixtures: { generative: { apiKey, invalidApiKey: `not-${apiKey}`, model: 'models/m-1' } } }),
    );
    const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const args = ['run', '--config', 'contracts/vitest.config.ts', '--reporter=default'];
    const result = await run(
      process.execPath,
      [vitest, ...args, 'contracts/rules/generative/usage.rules.ts', '-t', '^GEN-USAGE-'],
      {
        cwd: ROOT,
        env: cleanEnv({
          CONTRACT_TARGET: target.baseUrl,
          CONTRACT_SERVICES: 'generative',
          CONTRACT_CONFIG: config,
          CONTRACT_REPORT_DIR: path.join(dir, 'reports'),
        }),
        maxBuffer: 64 << 20,
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(echoed, `the target got the key and echoed it\n${result.output.slice(0, 3000)}`).toBeGreaterThan(0);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/FAIL .*GEN-USAGE-/);
    for (const spelling of [apiKey, encodeURIComponent(apiKey), JSON.stringify(apiKey).slice(1, -1)])
      expect(result.output).not.toContain(spelling);
    expect(result.output).toContain('***');
  }, 300_000);
});
