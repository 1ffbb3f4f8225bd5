// The contract suite run as users run it (its own process) against targets written to hurt it: one that sends
// the suite to a second port (a redirect, an upload session URL there) and echoes every credential it gets in
// its answers; one that answers with endless event streams and bodies of hundreds of megabytes; one that drips a
// byte a second. What must hold: no credential reaches the second port, no configured secret appears in any
// report or on the console, the run's peak memory stays under 1.5 GB, and a run ends by its --deadline.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { CONTRACTS_BIN, cleanEnv, ROOT, type Verdict } from '../support/contract-run.js';

const MAX_RSS_KB = 1.5 * 1024 * 1024;
/** The most one answer of the hostile target sends before ending (bounds a run without the limits too). */
const HUGE = 640 << 20;

interface Run {
  exitCode: number | null;
  output: string;
  maxRssKb: number;
  verdicts: Verdict[];
  reports: string;
}

const children = new Set<ReturnType<typeof spawn>>();

/** Runs the suite in a child process that reports its peak memory; resolves when the child exits. */
function runSuite(args: string[], configFixtures: object): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-'));
  const config = path.join(dir, 'config.json');
  fs.writeFileSync(config, JSON.stringify({ fixtures: configFixtures }));
  const reportDir = path.join(dir, 'reports');
  const child = spawn(
    process.execPath,
    ['--import', './test/support/max-rss.mjs', CONTRACTS_BIN, 'contracts', ...args, '--config', config],
    // No progress total (n/N), which no assertion reads: the suite imports its files once, not twice.
    {
      cwd: ROOT,
      env: cleanEnv({ CONTRACT_REPORT_DIR: reportDir, CONTRACT_TARGET_LABEL: 'hostile', CONTRACT_PRECOUNT: '0' }),
    },
  );
  children.add(child);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => {
    child.on('close', (exitCode) => {
      children.delete(child);
      const read = (f: string) =>
        fs.existsSync(path.join(reportDir, f)) ? fs.readFileSync(path.join(reportDir, f), 'utf8') : '';
      const json = read('contracts.json');
      resolve({
        exitCode,
        output,
        maxRssKb: Number(/max-rss-kb (\d+)/.exec(output)?.[1] ?? Number.NaN),
        verdicts: json ? (JSON.parse(json) as Verdict[]) : [],
        reports: [read('contracts.md'), read('contracts.junit.xml'), json].join('\n'),
      });
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
}

const tested = (verdicts: Verdict[]) => verdicts.flatMap((v) => v.tests);

function root(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  req.resume();
  if (req.url !== '/') return false;
  res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  return true;
}

/** Writes `chunk` until the client goes away or `limit` bytes are out; resolves with the bytes written. */
function pump(res: http.ServerResponse, chunk: Buffer, limit: number): Promise<number> {
  let sent = 0;
  const more = () => {
    while (!res.destroyed && sent < limit) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  more();
  return new Promise((resolve) => res.on('close', () => resolve(sent)));
}

describe('the contract suite against a hostile target', () => {
  const id = randomBytes(4).toString('hex');
  // Secrets that need encoding in a URL and in a form, and a plain one.
  const apiKey = `gen/${id}+key=1`;
  const invalidApiKey = `bad-key-${id}`;
  const fixtures = (key: string) => ({ generative: { apiKey: key, invalidApiKey, model: 'models/hostile-1' } });
  const servers: RunningServer[] = [];
  const capture: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
  let keysEchoed = 0;
  const bigAnswers: Array<Promise<number>> = [];
  let credentials: Run;
  let memory: Run;
  let slow: Run;
  let deadlineSeconds: number;
  let userinfo: Run;
  let html: Run;

  beforeAll(async () => {
    const second = await listenLocal((req, res) => {
      capture.push({ url: req.url!, headers: req.headers });
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":404,"message":"nope"}}');
    });
    // Sends the suite to the second port, and echoes every credential it gets.
    let sessionGiven = 0;
    let redirected = 0;
    const elsewhere = await listenLocal((req, res) => {
      if (root(req, res)) return;
      const key = req.headers['x-goog-api-key'];
      if (key === apiKey || req.url!.includes(encodeURIComponent(apiKey))) keysEchoed += 1;
      // The first upload is sent to the second port, so is the first resumable session; the rest are echoed.
      const start = req.headers['x-goog-upload-command'] === 'start';
      if (req.url!.startsWith('/upload/') && start && !sessionGiven++)
        return void res
          .writeHead(200, {
            'x-goog-upload-url': `${second.baseUrl}/upload/session-1`,
            'x-goog-upload-status': 'active',
          })
          .end();
      if (req.url!.startsWith('/upload/') && !start && !redirected++)
        return void res.writeHead(307, { location: `${second.baseUrl}${req.url}` }).end();
      res.writeHead(400, { 'content-type': 'application/json', 'x-echo': String(key) }).end(
        JSON.stringify({
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: `bad request ${req.url} key=${key} auth=${req.headers.authorization}`,
            paging: { next: `${elsewhere.baseUrl}${req.url}?key=${encodeURIComponent(String(key))}` },
          },
        }),
      );
    });
    // Endless event streams and huge bodies, in turn.
    let answers = 0;
    const flood = await listenLocal((req, res) => {
      if (root(req, res)) return;
      const kind = answers++ % 3;
      if (kind === 0) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const event = Buffer.from(
          `data: {"candidates":[{"content":{"parts":[{"text":"${'x'.repeat(60_000)}"}]}}]}\n\n`,
        );
        return void bigAnswers.push(pump(res, event, HUGE));
      }
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(kind === 2 ? { 'content-length': String(HUGE) } : {}),
      });
      bigAnswers.push(pump(res, Buffer.alloc(1 << 20, 0x20), HUGE));
    });
    // One byte a second, on every request.
    const drip = await listenLocal((req, res) => {
      if (root(req, res)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(timer));
    });
    // A web page where the API should be.
    const page = await listenLocal((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>');
    });
    servers.push(second, elsewhere, flood, drip, page);
    // Short: what is tested is that the deadline, not the tests' own timeouts, ends the run.
    deadlineSeconds = 8;
    const generative = ['--service', 'generative'];
    [credentials, memory, slow, userinfo, html] = await Promise.all([
      runSuite(['--target', elsewhere.baseUrl, ...generative, '--rule', 'GEN-UPLOAD'], fixtures(apiKey)),
      runSuite(['--target', flood.baseUrl, ...generative, '--rule', 'GEN-STREAM'], fixtures(apiKey)),
      // Every generative test, each of which would wait its whole timeout: only the deadline ends this run.
      runSuite(['--target', drip.baseUrl, ...generative, '--deadline', `${deadlineSeconds}s`], fixtures(apiKey)),
      runSuite(
        ['--target', elsewhere.baseUrl.replace('//', `//hostile:${encodeURIComponent(apiKey)}@`), ...generative],
        fixtures(apiKey),
      ),
      runSuite(['--target', page.baseUrl, ...generative, '--rule', 'GEN-GENCFG'], fixtures(apiKey)),
    ]);
  }, 900_000);

  afterAll(async () => {
    for (const child of children) child.kill();
    await Promise.all(servers.map((s) => s.close()));
  });

  it('sends no credential to the second port (a redirect there, an upload session URL there)', () => {
    expect(keysEchoed, 'the target did get the key (the run reached it)').toBeGreaterThan(0);
    const seen = JSON.stringify(capture);
    for (const secret of [apiKey, encodeURIComponent(apiKey), invalidApiKey]) expect(seen).not.toContain(secret);
    const details = tested(credentials.verdicts).map((t) => t.detail ?? '');
    expect(details.join('\n')).toContain('not a configured origin');
    expect(tested(credentials.verdicts).every((t) => t.verdict !== 'pass')).toBe(true);
  });

  it('writes no configured secret into any report or onto the console', () => {
    for (const run of [credentials, memory, slow, userinfo, html]) {
      const text = `${run.reports}\n${run.output}`;
      for (const secret of [apiKey, encodeURIComponent(apiKey), new URLSearchParams({ k: apiKey }).toString().slice(2)])
        expect(text).not.toContain(secret);
    }
    expect(credentials.reports).toContain('key=***');
  });

  it('says in one sentence that a target answering web pages is not the service, instead of every failure', () => {
    expect(html.exitCode).toBe(1);
    expect(html.output).toMatch(/The target hostile answers HTML web pages, not the generative API \(\d+ of \d+ tests/);
    expect(html.output).not.toContain('Failed rules');
    expect(html.reports).toContain('answers HTML web pages');
  });

  it('replays each failure with a curl whose credentials are blanked', () => {
    expect(credentials.reports).toMatch(
      /replay: curl -i -X POST 'http:\/\/127\.0\.0\.1:\d+\/[^']*' .*-H 'x-goog-api-key: \*\*\*'/,
    );
  });

  it('refuses a target URL with a password, without printing it', () => {
    expect(userinfo.exitCode).toBe(2);
    expect(userinfo.output).toMatch(/http:\/\/\*\*\*@127\.0\.0\.1:\d+: a URL with a user name or password/);
  });

  it('stops reading endless streams and huge answers at the limit, and stays under 1.5 GB', async () => {
    const sent = await Promise.all(bigAnswers);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const bytes of sent) expect(bytes).toBeLessThan(64 << 20);
    expect(memory.maxRssKb).toBeLessThan(MAX_RSS_KB);
    const outcomes = tested(memory.verdicts);
    expect(outcomes.length).toBeGreaterThan(0);
    for (const t of outcomes) {
      expect(t.verdict).toBe('error');
      expect(t.detail).toMatch(/larger than the suite's limit of 8 MiB/);
    }
  });

  it('ends a run against a target that drips by its deadline, every test an error with the reason', () => {
    expect(slow.exitCode).toBe(1);
    const outcomes = tested(slow.verdicts);
    expect(outcomes.length).toBeGreaterThan(50);
    expect(outcomes.every((t) => t.verdict === 'error')).toBe(true);
    const cut = outcomes.filter((t) =>
      t.detail?.includes(`the run's deadline (--deadline ${deadlineSeconds} s) passed`),
    );
    expect(cut.length).toBeGreaterThan(outcomes.length / 2);
    expect(slow.maxRssKb).toBeLessThan(MAX_RSS_KB);
  });
});
