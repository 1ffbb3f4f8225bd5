// npm run contracts -- [--target prism | stubs | reference | <base URL>] [--service <key>] [--rule <id or prefix>[,...]]
//                      [--check <id or prefix>] [--exclude-check <id or prefix>] [--config file] [--strict | --no-strict] [--allow-bursts] [--deadline <duration>]
//                      [--max-answer-bytes <size>]
// Runs the rule tests against one target through vitest and prints the conformance report.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TestModule } from 'vitest/node';
import { ALL_RULES } from '../../generated/rules.js';
import { familyFileParts, familyOf } from '../harness/families.js';
import type { RunSettings } from '../harness/run-settings.js';
import { SERVICE_KEYS, isServiceKey } from '../harness/services.js';
import { checkRules } from './check-filter.js';
import { rulesMatching, unknownRuleMessage } from './rule-filter.js';
import { DEADLINE_PER_SERVICE_SECONDS, parseBytes, parseDuration } from './run-limits.js';
import { DEFAULT_MAX_ANSWER_BYTES, formatBytes } from '../harness/answer-body.js';
import { REDACTED } from '../harness/redact.js';

export const USAGE = `usage: npm run contracts -- [--target prism|stubs|reference|<base URL>] [--service <key>] [--rule <id or prefix>[,...]]
                          [--check <id or prefix>] [--exclude-check <id or prefix>]
                          [--config <file>] [--strict | --no-strict] [--allow-bursts]
                          [--deadline <duration>] [--max-answer-bytes <size>]
  --check             only the rules built on these checks of spec-first test (*-CONFORM-1, *-INVALID-1), judging
                      only these checks (an id or a prefix; repeatable)
  --exclude-check     every answer judged by all the checks but these
  --strict            convention-only expectations fail (default on for reference and stubs, off otherwise)
  --allow-bursts      run rate-limit bursts on a third-party target (or "allowBursts": true in the config)
  --deadline          the run's time limit (90s, 20m, 1h; default ${DEADLINE_PER_SERVICE_SECONDS / 60}m per service): tests after it are errors
  --max-answer-bytes  the largest answer read (512KiB, 8MiB; default ${formatBytes(DEFAULT_MAX_ANSWER_BYTES)}, or "maxAnswerBytes" in the config)`;

export function isUrlTarget(target: string): boolean {
  return /^https?:\/\//.test(target);
}

export async function runContracts(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        target: { type: 'string' },
        service: { type: 'string', multiple: true },
        rule: { type: 'string', multiple: true },
        check: { type: 'string', multiple: true },
        'exclude-check': { type: 'string', multiple: true },
        config: { type: 'string' },
        strict: { type: 'boolean' },
        'no-strict': { type: 'boolean' },
        'allow-bursts': { type: 'boolean' },
        deadline: { type: 'string' },
        'max-answer-bytes': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`contracts: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const services = (values.service ?? [...SERVICE_KEYS]).flatMap((s) => s.split(','));
  const unknown = services.filter((s) => !isServiceKey(s));
  if (unknown.length) {
    console.error(`unknown service(s): ${unknown.join(', ')}; services: ${SERVICE_KEYS.join(', ')}\n${USAGE}`);
    return 2;
  }
  // --rule repeats or takes a comma list: a run of several families pays the suite's start once.
  let rules = (values.rule ?? []).flatMap((r) => r.split(',')).filter(Boolean);
  const ruleProblem = rules.map((r) => unknownRuleMessage(r, services)).find(Boolean);
  if (ruleProblem) {
    console.error(ruleProblem);
    return 2;
  }
  const checkSelection = checkRules(
    (values.check ?? []).flatMap((c) => c.split(',')).filter(Boolean),
    (values['exclude-check'] ?? []).flatMap((c) => c.split(',')).filter(Boolean),
    services.filter(isServiceKey),
    rules,
  );
  if ('problem' in checkSelection) {
    console.error(checkSelection.problem);
    return 2;
  }
  rules = checkSelection.rules;
  if (values.config !== undefined && !fs.existsSync(values.config)) {
    console.error(`config file not found: ${values.config}`);
    return 2;
  }
  const started = Date.now();
  const deadlineSeconds =
    values.deadline !== undefined ? parseDuration(values.deadline) : DEADLINE_PER_SERVICE_SECONDS * services.length;
  if (deadlineSeconds === undefined) {
    console.error(`--deadline ${values.deadline}: not a duration (90s, 20m, 1h)\n${USAGE}`);
    return 2;
  }
  const flagBytes = values['max-answer-bytes'] !== undefined ? parseBytes(values['max-answer-bytes']) : undefined;
  if (values['max-answer-bytes'] !== undefined && flagBytes === undefined) {
    console.error(`--max-answer-bytes ${values['max-answer-bytes']}: not a size (1048576, 512KiB, 8MiB)\n${USAGE}`);
    return 2;
  }
  // The model and the fixtures are loaded once the flags are read (a refused flag answers at once), the targets
  // only where the command line needs them.
  const [{ ROOT }, { ConfigError, MissingFixturesError, assertRequiredFixtures, readConfigFile, thirdPartyFixtures }] =
    await Promise.all([import('../../generator/model/root.js'), import('../targets/fixtures.js')]);
  const configFile = values.config ?? path.join(ROOT, 'contracts.config.json');
  const target = values.target ?? (await import('../targets/resolve.js')).defaultTargetName();
  let config;
  try {
    config = readConfigFile(configFile);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  const redact = (await import('../report/run-redactor.js')).runRedactor(configFile);
  if (isUrlTarget(target) ? !URL.canParse(target) : !['prism', 'stubs', 'reference'].includes(target)) {
    console.error(`unknown target ${redact(target)}: prism, stubs, reference or a base URL (http://...)\n${USAGE}`);
    return 2;
  }
  // A user name or password in a URL would be printed and sent to whatever the target redirects to: refused.
  const withUserinfo = [target, ...Object.values(config.endpoints ?? {}).flatMap((e) => [e.baseUrl, e.uploadUrl])]
    .filter((u): u is string => !!u && isUrlTarget(u) && URL.canParse(u))
    .filter((u) => new URL(u).username !== '' || new URL(u).password !== '');
  if (withUserinfo.length > 0) {
    console.error(
      `${withUserinfo.map(redact).join(', ')}: a URL with a user name or password (${REDACTED}@) is refused; give credentials as fixtures in the config`,
    );
    return 2;
  }
  // A third party is tested with its own fixtures only: stop here, before vitest starts, when one is missing.
  if (isUrlTarget(target)) {
    try {
      assertRequiredFixtures(thirdPartyFixtures(config), services, configFile);
    } catch (error) {
      if (!(error instanceof MissingFixturesError || error instanceof ConfigError)) throw error;
      console.error(error.message);
      return 2;
    }
    // A target that does not answer is not judged rule by rule: one line, and no test runs.
    const [{ unreachableMessage, unreachableServices }, { urlEndpoints }] = await Promise.all([
      import('../targets/reachability.js'),
      import('../targets/url.js'),
    ]);
    const unreachable = await unreachableServices(urlEndpoints(target, config, services));
    if (unreachable.length > 0) {
      console.error(redact(unreachableMessage(unreachable)));
      return 1;
    }
  }
  // Everything the run needs, handed to vitest once (provide): its global setup, rule files and reporter read it.
  const settings: RunSettings = {
    services: services.filter(isServiceKey),
    target,
    config: configFile,
    // The flags, or the same switches as variables (docs/contract-suite.md): CONTRACT_STRICT=1|0, CONTRACT_ALLOW_BURSTS=1.
    strict: values.strict ? true : values['no-strict'] ? false : strictFromEnv(process.env.CONTRACT_STRICT),
    allowBursts: values['allow-bursts'] === true || process.env.CONTRACT_ALLOW_BURSTS === '1',
    deadline: { at: started + deadlineSeconds * 1000, seconds: deadlineSeconds },
    maxAnswerBytes: flagBytes ?? config.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    rules,
    ...(checkSelection.checks ? { checks: checkSelection.checks } : {}),
    // Where the reports go and what they call the target: the environment of the process that started the CLI.
    targetLabel: process.env.CONTRACT_TARGET_LABEL,
    reportDir: process.env.CONTRACT_REPORT_DIR,
  };
  const flags = [
    settings.strict === true && 'strict',
    settings.strict === false && 'not strict',
    settings.allowBursts && 'bursts allowed',
  ].filter(Boolean);
  console.log(
    `Contract suite: target ${redact(target)}; services ${services.join(', ')}${rules.length ? `; rules ${rules.map((r) => `${r}*`).join(', ')}` : ''}${flags.length ? `; ${flags.join(', ')}` : ''}`,
  );
  // Loaded here, not at the top: a refused command line answers at once.
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest('test', {
    config: path.join(ROOT, 'contracts', 'vitest.config.ts'),
    root: ROOT,
    watch: false,
    // The config imported by this process (tsx is registered), sharing the modules it already loaded, not bundled
    // again by rolldown each run (~0.1 s of CPU).
    configLoader: 'native',
    testNamePattern: rules.length
      ? `^(?:${rules.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`
      : undefined,
  });
  vitest.provide('contractRun', settings);
  try {
    const specifications = selectedFiles(await vitest.globTestSpecifications(), services, rules);
    // Every test is collected before the first runs, so the progress total is known from the first line.
    if (process.env.CONTRACT_PRECOUNT !== '0') {
      const collected = await vitest.collectTests(specifications);
      if (collected.unhandledErrors.length > 0) return failedToStart(collected.unhandledErrors, redact);
      settings.total = runnableTests(collected.testModules);
      vitest.provide('contractRun', settings);
      console.log(`${settings.total} tests`);
    }
    const result = await vitest.runTestSpecifications(specifications, true);
    if (result.unhandledErrors.length > 0) return failedToStart(result.unhandledErrors, redact);
    const broken = result.testModules.filter((m) => m.state() === 'failed' && m.errors().length > 0);
    if (broken.length > 0)
      return failedToStart(
        broken.flatMap((m) => m.errors()),
        redact,
      );
  } catch (error) {
    return failedToStart([error], redact);
  } finally {
    await vitest.close();
  }
  return process.exitCode && process.exitCode !== 0 ? Number(process.exitCode) : 0;
}

const strictFromEnv = (value: string | undefined): boolean | undefined =>
  value === '1' ? true : value === '0' ? false : undefined;

/**
 * The rule family files of the selected services (contracts/rules/<service>/<family>.rules.ts); with --rule, only
 * the families of the rules it selects (a rule's tests live in its family's file: the coverage gate checks it), so a
 * run of one rule imports one file, not the service's every file.
 */
export function selectedFiles<T extends { moduleId: string }>(
  files: T[],
  services: readonly string[],
  rules: readonly string[] = [],
): T[] {
  const families = new Set(
    ALL_RULES.filter((r) => rules.some((filter) => rulesMatching(filter, services).includes(r.id))).map(
      (r) => `${r.service}/${familyOf(r.id)}`,
    ),
  );
  return files.filter((f) => {
    const parts = familyFileParts(f.moduleId);
    if (!parts || !services.includes(parts.service)) return false;
    return rules.length === 0 || families.has(`${parts.service}/${parts.family}`);
  });
}

/** Tests that will run: collected, and not filtered out by --rule. */
function runnableTests(modules: readonly TestModule[]): number {
  let n = 0;
  for (const m of modules) for (const t of m.children.allTests()) if (t.options.mode === 'run') n += 1;
  return n;
}

function failedToStart(errors: readonly unknown[], redact: (text: string) => string): number {
  for (const e of errors) console.error(redact(`contract run failed: ${(e as Error)?.message ?? String(e)}`));
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runContracts(process.argv.slice(2));
}
