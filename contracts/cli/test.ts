// spec-first test --spec <file> --target <base URL> [...]: conformance checks derived from any OpenAPI document,
// against any server (contracts/engine/). User errors are one line and exit 2; a run with a FAIL or an error exits 1.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultPackageKey, loadSpecFile } from '../../generator/model/index.js';
import { CHECKS, selectChecks } from '../engine/checks.js';
import { engineModel } from '../engine/engine-model.js';
import { consoleReport, notThisApi, redactor, writeReports } from '../engine/report.js';
import type { RequestSettings } from '../engine/requests.js';
import { runEngine } from '../engine/run.js';

export const USAGE = [
  'usage: spec-first test --spec <openapi file> --target <base URL> [options]',
  '',
  '  --seed N               the values drawn (default 1): the same seed sends the same requests',
  '  --max-requests N       stop sending after N requests (default 2000)',
  '  --deadline SECONDS     the whole run ends by then (default 300); checks not reached are errors',
  '  --timeout SECONDS      one exchange (default 10)',
  '  --max-answer-bytes N   read at most N bytes of an answer (default 4194304)',
  "  --header 'Name: value' sent with every request (repeatable; its value is redacted in reports)",
  '  --auth bearer:TOKEN | basic:USER:PASSWORD | apikey:VALUE | apikey:NAME=VALUE   (repeatable)',
  '  --config FILE          JSON: {"headers": {...}, "bearer": "...", "basic": {"user", "password"}, "apiKeys": {...}, "values": {"param": value}}',
  '  --check ID             only these checks (an id or a prefix; repeatable)',
  '  --exclude-check ID     all but these',
  '  --mock                 the target is a mock (Prism): it keeps nothing (use_after_free is n/a) and its refusals',
  '                         of invalid requests are in its own shape (judged by status only)',
  '  --report-dir DIR       also write test.md, test.junit.xml and test.json there',
  '  --allow-ref X          $refs may also read the folder X or fetch from the origin X (as generate)',
  '',
  'checks:',
  ...Object.entries(CHECKS).map(([id, meaning]) => `  ${id.padEnd(29)} ${meaning}`),
  '',
  'exit codes: 0 no FAIL and no error, 1 a FAIL or an error (or the document does not load), 2 a usage error.',
].join('\n');

class UsageError extends Error {}

const number = (flag: string, raw: string | undefined, fallback: number): number => {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${flag} must be a positive number, not ${raw}`);
  return n;
};

/** The settings of the flags and the config file; the secrets among them, for the redactor. */
function settingsOf(values: Record<string, unknown>): { settings: RequestSettings; secrets: string[] } {
  const settings: RequestSettings = {
    apiKeys: {},
    headers: {},
    values: {},
    seed: number('seed', values.seed as string | undefined, 1),
  };
  if (values.config) {
    let config: Record<string, unknown>;
    try {
      config = JSON.parse(fs.readFileSync(values.config as string, 'utf8'));
    } catch (error) {
      throw new UsageError(`--config ${values.config}: ${(error as Error).message.split('\n')[0]}`);
    }
    Object.assign(settings.headers, config.headers ?? {});
    Object.assign(settings.apiKeys, config.apiKeys ?? {});
    Object.assign(settings.values, config.values ?? {});
    if (typeof config.bearer === 'string') settings.bearer = config.bearer;
    if (config.basic && typeof config.basic === 'object') settings.basic = config.basic as RequestSettings['basic'];
  }
  for (const header of (values.header as string[] | undefined) ?? []) {
    const at = header.indexOf(':');
    if (at <= 0) throw new UsageError(`--header ${header}: write it 'Name: value'`);
    settings.headers[header.slice(0, at).trim()] = header.slice(at + 1).trim();
  }
  for (const auth of (values.auth as string[] | undefined) ?? []) {
    const [kind, ...rest] = auth.split(':');
    const value = rest.join(':');
    if (kind === 'bearer' && value) settings.bearer = value;
    else if (kind === 'basic' && value.includes(':'))
      settings.basic = { user: value.slice(0, value.indexOf(':')), password: value.slice(value.indexOf(':') + 1) };
    else if (kind === 'apikey' && value) {
      const eq = value.indexOf('=');
      if (eq > 0) settings.apiKeys[value.slice(0, eq)] = value.slice(eq + 1);
      else settings.apiKeys['*'] = value;
    } else
      throw new UsageError(
        `--auth ${auth}: write bearer:TOKEN, basic:USER:PASSWORD, apikey:VALUE or apikey:NAME=VALUE`,
      );
  }
  const secrets = [
    ...Object.values(settings.headers),
    ...Object.values(settings.apiKeys),
    ...(settings.bearer ? [settings.bearer] : []),
    ...(settings.basic ? [settings.basic.password, `${settings.basic.user}:${settings.basic.password}`] : []),
  ];
  return { settings, secrets };
}

export async function runTest(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        spec: { type: 'string' },
        target: { type: 'string' },
        seed: { type: 'string' },
        'max-requests': { type: 'string' },
        deadline: { type: 'string' },
        timeout: { type: 'string' },
        'max-answer-bytes': { type: 'string' },
        header: { type: 'string', multiple: true },
        auth: { type: 'string', multiple: true },
        config: { type: 'string' },
        check: { type: 'string', multiple: true },
        'exclude-check': { type: 'string', multiple: true },
        mock: { type: 'boolean', default: false },
        'report-dir': { type: 'string' },
        'allow-ref': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`test: ${(error as Error).message.split('\n')[0]}\n${USAGE}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let secrets: string[] = [];
  try {
    if (!values.spec) throw new UsageError('--spec <openapi file> is required');
    if (!values.target) throw new UsageError('--target <base URL> is required');
    if (!fs.statSync(values.spec, { throwIfNoEntry: false })?.isFile())
      throw new UsageError(`--spec ${values.spec}: no such file`);
    let target: URL;
    try {
      target = new URL(values.target);
    } catch {
      throw new UsageError(`--target ${values.target}: not a URL (http://host:port/base)`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new UsageError(`--target must be http(s), not ${target.protocol}`);
    // Credentials in the URL would be sent to whatever the target redirects to, and printed: refused.
    if (target.username || target.password)
      throw new UsageError('--target must not carry credentials; use --auth or --header');
    const { checks, unknown } = selectChecks(values.check ?? [], values['exclude-check'] ?? []);
    if (unknown.length)
      throw new UsageError(`unknown check ${unknown.join(', ')}; checks: ${Object.keys(CHECKS).join(', ')}`);
    const configured = settingsOf(values);
    secrets = configured.secrets;
    const redact = redactor(secrets);
    const key = defaultPackageKey(values.spec);
    let model;
    try {
      const { document } = await loadSpecFile(key, path.resolve(values.spec), { allowRefs: values['allow-ref'] });
      model = engineModel(key, document);
    } catch (error) {
      console.error(`test: ${(error as Error).message.split('\n')[0]}`);
      return 1;
    }
    const baseUrl = target.toString().replace(/\/$/, '');
    // A target that does not answer at all is one sentence, not a failure per check.
    const silent = await fetch(baseUrl, { redirect: 'manual', signal: AbortSignal.timeout(10_000) }).then(
      async (r) => {
        await r.body?.cancel();
        return undefined;
      },
      (error: Error) => (error.cause as Error)?.message ?? error.message,
    );
    if (silent) {
      console.error(`test: the target does not answer: ${redact(baseUrl)} (${redact(silent)})`);
      return 1;
    }
    const result = await runEngine({
      model,
      baseUrl,
      settings: configured.settings,
      checks,
      maxRequests: number('max-requests', values['max-requests'], 2000),
      deadlineMs: number('deadline', values.deadline, 300) * 1000,
      limits: {
        timeoutMs: number('timeout', values.timeout, 10) * 1000,
        maxAnswerBytes: number('max-answer-bytes', values['max-answer-bytes'], 4 * 1024 * 1024),
      },
      mock: values.mock,
    });
    const documentedTypes = new Set(model.operations.flatMap((o) => o.responses.flatMap((r) => r.contentTypes)));
    const input = {
      title: model.title || key,
      baseUrl,
      seed: configured.settings.seed,
      result,
      redact,
      verdictSentence: notThisApi(result, documentedTypes),
    };
    console.log(consoleReport(input));
    if (values['report-dir'])
      for (const file of writeReports(values['report-dir'], input)) console.log(`report: ${file}`);
    const bad = input.verdictSentence || result.outcomes.some((o) => o.verdict === 'FAIL' || o.verdict === 'error');
    return bad ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`test: ${redactor(secrets)(error.message)}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  process.exitCode = await runTest(process.argv.slice(2));
}
