// ruleTest: the one way a contract test is written. It keys the test to a rule id of the catalogue
// (type-checked against generated/rules.ts), classifies it honestly (not applicable to a mock, mock
// limitation, missing fixture), records every exchange, checks each answer against the spec, and on
// failure attaches the request and the answer that broke the rule.
import { describe, expect, inject, it, type TestContext } from 'vitest';
import { ALL_RULES, type AnyRuleId, type Rule } from '../../generated/rules.js';
import './run-settings.js';
import type { ServiceKey } from './services.js';
import { ANNOTATION } from '../report/outcome.js';
import type { RuleMeta } from '../report/rule-meta.js';
import { Clients } from './clients.js';
import type { CheckId } from '../engine/checks.js';
import { checkExchanges, findingsText } from './conformance.js';
import { formatFailure, Recorder } from './recorder.js';
import { TargetError, targetErrorOf } from './target-error.js';
import { type RunTarget, session, type SessionInfo } from './session.js';
import { deadlineMessage, deadlineSignal, rejectOnAbort } from './run-deadline.js';
import { originsOf } from './credential-guard.js';
import { type Redactor, redactError, redactor, secretValues } from './redact.js';
import { fixtureEnvName, isUnset } from '../targets/fixtures.js';

/** Thrown to stop a test that the target cannot be judged on; never counted as a pass. */
export class NotApplicable extends Error {}
export class MockLimitation extends Error {}

export interface RuleContext {
  session: SessionInfo;
  /** The catalogue entry of the rule under test (text, violation, evidence). */
  rule: Rule;
  recorder: Recorder;
  clients: Clients;
  /** Skips the test as not applicable (a fixture the target lacks, a feature it does not offer). */
  notApplicable(reason: string): never;
  /**
   * The target cannot show this behaviour: a mock limitation on Prism. On the stubs (this project's generated
   * servers) it is a FAIL: they are judged strictly. On a stateful target it is a FAIL too.
   */
  mockLimitation(reason: string): never;
  /** `mockLimitation(reason)` when `condition` holds on a stateless target (Prism, stubs); nothing otherwise. */
  mockLimitationIf(condition: boolean, reason: string): void;
  /**
   * A stateless target (Prism or the stubs: canned answers, nothing stored). Reading it as true marks the test
   * as partly judged: if it then passes it is reported as a mock limitation (stubs: not applicable), never as
   * a pass. Prefer `partlyJudged(reason)`, which says why.
   */
  readonly isMock: boolean;
  /**
   * True on a stateless target, where the test must skip the part of the rule that needs state: call it where
   * the test branches (`if (!t.partlyJudged('...')) expect(...)`). A test that then passes is reported as a
   * mock limitation with `reason` (stubs: not applicable), never as a pass.
   */
  partlyJudged(reason: string): boolean;
  /**
   * An expectation that only this project's conventions back (no service document, no public-service fact):
   * a broken one is a warning line under the rule, or a failure with --strict. Document- and public-backed
   * expectations are plain `expect`s.
   */
  convention(description: string, check: () => void | Promise<void>): Promise<void>;
  /**
   * An expectation the service document states in words but the public service does not keep (the rule's evidence
   * records it more lenient): a target that behaves as the public service does gets a warning line, not a FAIL;
   * a failure with --strict (our own targets keep the document).
   */
  divergence(description: string, check: () => void | Promise<void>): Promise<void>;
  /** Registers cleanup (delete what the test created); runs after the test, also when it fails. */
  defer(cleanup: () => unknown): void;
  /** The named fixture of the rule's service, or not applicable naming the key and its environment variable. */
  fixture<K extends string>(key: K): any;
  /** Rate-limit bursts and quota spending: not applicable on a third-party target without --allow-bursts. */
  requireBursts(): void;
  /** Whether the run judges this check of the engine (--check, --exclude-check; every check when neither). */
  judges(check: CheckId): boolean;
  /** Fails the test with the engine's findings (none: nothing), their check ids recorded beneath the rule id. */
  failChecks(findings: ReadonlyArray<{ check: CheckId; message: string }>): void;
}

export interface RuleTestOptions {
  timeout?: number;
}

export { fixtureEnvName };

export const BURSTS_SKIPPED =
  'rate-limit burst skipped on a third-party target: opt in with --allow-bursts (or "allowBursts": true in the config)';

/** A rule file's own "no <key> fixture" reason, completed with the variable that sets the key. */
function explainNotApplicable(service: string, reason: string, info: SessionInfo): string {
  const key = reason.match(/\bno (\w+) fixture\b/)?.[1];
  if (!key) return reason;
  if (key === 'rateLimitBurst' && !info.ownTarget && !info.allowBursts) return BURSTS_SKIPPED;
  const env = fixtureEnvName(service, key);
  return reason.includes(env) ? reason : `${reason} (fixture ${service}.${key}, ${env})`;
}

function targetErrorMessage(recorder: Recorder): string {
  const [first, ...rest] = recorder.targetErrors;
  return `the target could not be judged: ${first}${rest.length ? ` (and ${rest.length} more)` : ''}`;
}

const RULES = new Map<string, (typeof ALL_RULES)[number]>(ALL_RULES.map((r) => [r.id, r]));

/** One describe per rule id; call it once per rule (the coverage gate checks that). */
export function ruleTest(
  id: AnyRuleId,
  title: string,
  fn: (t: RuleContext) => Promise<unknown>,
  options: RuleTestOptions = {},
): void {
  ruleTests(id, [[title, fn]], options);
}

/** Several tests under one rule id (one per operation, one per broken constraint, ...). */
export function ruleTests(
  id: AnyRuleId,
  cases: Array<[string, (t: RuleContext) => Promise<unknown>]>,
  options: RuleTestOptions = {},
): void {
  const rule = RULES.get(id);
  const targets = inject('contractTargets');
  if (targets) {
    // Several targets in one run: the rule's tests once for each target that judges it, each against its session.
    const judging = targets.filter((t) => rule?.service === t.service && (t.rule === undefined || t.rule === id));
    if (judging.length === 0) return;
    describe(id, () => {
      for (const target of judging) describe(target.id, () => register(id, rule, cases, options, target));
    });
    return;
  }
  // Services not selected for this run register no tests: they are not part of the total.
  const selected = inject('contractRun')?.services;
  if (rule && selected?.length && !selected.includes(rule.service)) return;
  describe(id, () => register(id, rule, cases, options));
}

function register(
  id: AnyRuleId,
  rule: (typeof ALL_RULES)[number] | undefined,
  cases: Array<[string, (t: RuleContext) => Promise<unknown>]>,
  options: RuleTestOptions,
  target?: RunTarget,
): void {
  // The rule id travels as data on each test (task meta), not in its name, which is for people.
  const meta = () => ({ rule: { ruleId: id, ...(target ? { target: target.id } : {}) } });
  for (const [title, fn] of cases) {
    it(`${id} ${title}`, { timeout: options.timeout, meta: meta() }, async (ctx) =>
      runRule(ctx, rule, fn, target?.session ?? session()),
    );
  }
  if (cases.length === 0)
    it(`${id} has cases`, { meta: meta() }, (ctx) => {
      found(ctx, { verdict: 'not-applicable', detail: 'no cases apply to the selected services' });
      ctx.skip('no cases apply to the selected services');
    });
}

type Finding = (typeof ANNOTATION)[keyof typeof ANNOTATION];
const VERDICT_OF: Partial<Record<Finding, RuleMeta['verdict']>> = {
  [ANNOTATION.notApplicable]: 'not-applicable',
  [ANNOTATION.mockLimitation]: 'mock-limitation',
  [ANNOTATION.targetError]: 'error',
};

/** Records what the test found on the test itself (its task meta), where every report reads it. */
function found(ctx: TestContext, outcome: Omit<RuleMeta, 'ruleId'>): void {
  const rule = (ctx.task.meta.rule ??= { ruleId: ctx.task.name.split(' ')[0]! });
  rule.verdict ??= outcome.verdict;
  rule.detail ??= outcome.detail;
  rule.exchange ??= outcome.exchange;
  if (outcome.checks) rule.checks = [...new Set([...(rule.checks ?? []), ...outcome.checks])];
  if (outcome.warnings) rule.warnings = [...(rule.warnings ?? []), ...outcome.warnings];
}

/** A finding shown beside the test (an annotation, for people) and recorded on it (task meta, for the reports). */
async function report(ctx: TestContext, message: string, finding: Finding): Promise<void> {
  if (finding === ANNOTATION.warning) found(ctx, { warnings: [message] });
  else if (finding === ANNOTATION.exchange) found(ctx, { exchange: message });
  else found(ctx, { verdict: VERDICT_OF[finding], detail: message });
  await ctx.annotate(message, finding);
}

async function runRule(
  ctx: TestContext,
  rule: (typeof ALL_RULES)[number] | undefined,
  fn: (t: RuleContext) => Promise<unknown>,
  info: SessionInfo,
): Promise<void> {
  expect(rule, 'the rule id is in the catalogue').toBeDefined();
  const service = rule!.service as ServiceKey;
  if (!info.endpoints[service]) {
    await report(ctx, `service ${service} not selected`, ANNOTATION.notApplicable);
    return ctx.skip(`service ${service} not selected`);
  }
  if (rule!.statefulOnly && info.kind !== 'stateful') {
    const reason = `not applicable to a stateless ${info.kind}: ${rule!.reason ?? 'needs state'}`;
    await report(ctx, reason, ANNOTATION.notApplicable);
    return ctx.skip(reason);
  }
  // Every request and stream of the test stops when it ends, times out or the run's deadline passes.
  const ended = new AbortController();
  const deadline = deadlineSignal(info.deadline);
  const stop = AbortSignal.any([ended.signal, ctx.signal, ...(deadline ? [deadline] : [])]);
  const secrets = secretValues(info.fixtures);
  const recorder = new Recorder({
    signal: stop,
    maxAnswerBytes: info.maxAnswerBytes,
    origins: originsOf(Object.values(info.endpoints).flatMap((e) => (e ? [e.baseUrl, e.uploadUrl] : []))),
    secrets,
  });
  // What the test tells the runner (its error, annotations, skip reason) is redacted here, at the source: a target
  // may echo a credential into any answer, and any reporter (vitest's own too) prints what it is told.
  const redact = redactor(secrets);
  try {
    await judge(ctx, info, rule!, recorder, fn, deadline, redact);
  } catch (error) {
    throw redactError(error, redact);
  } finally {
    ended.abort();
  }
}

async function judge(
  ctx: TestContext,
  info: SessionInfo,
  rule: Rule,
  recorder: Recorder,
  fn: (t: RuleContext) => Promise<unknown>,
  deadline: AbortSignal | undefined,
  redact: Redactor,
): Promise<void> {
  const service = rule.service as ServiceKey;
  const selectedChecks = inject('contractRun')?.checks;
  const annotate = (message: string, finding: Finding) => report(ctx, redact(message), finding);
  const skip = (reason: string) => ctx.skip(redact(reason));
  const cleanups: Array<() => unknown> = [];
  const warnings: string[] = [];
  const partly: string[] = [];
  const stateless = info.kind !== 'stateful';
  const serviceFixtures = info.fixtures[service] as unknown as Record<string, unknown>;
  const limitation = (reason: string): never => {
    // Only Prism has mock limitations. The stubs are this project's generated servers: what they get wrong is
    // a defect; and a stateful implementation has no excuse at all.
    if (info.kind === 'mock') throw new MockLimitation(reason);
    throw new Error(
      info.kind === 'stub'
        ? `the generated server (stubs target) got this wrong: ${reason}`
        : `not a mock, so no mock limitation: ${reason}`,
    );
  };
  const warnOnly = async (description: string, check: () => void | Promise<void>): Promise<void> => {
    const before = recorder.targetErrors.length;
    try {
      await check();
    } catch (error) {
      // No answer is not a broken expectation: the rule could not be judged at all.
      if (info.strict || targetErrorOf(error) || recorder.targetErrors.length > before) throw error;
      if (error instanceof MockLimitation || error instanceof NotApplicable) throw error;
      warnings.push(`${description}: ${(error as Error).message.split('\n')[0]}`);
    }
  };
  const t: RuleContext = {
    session: info,
    rule,
    recorder,
    clients: new Clients(info, recorder),
    get isMock() {
      if (stateless) partly.push('the test skipped the part of the rule a stateless target cannot show (t.isMock)');
      return stateless;
    },
    partlyJudged: (reason) => {
      if (stateless) partly.push(reason);
      return stateless;
    },
    notApplicable: (reason) => {
      throw new NotApplicable(reason);
    },
    mockLimitation: limitation,
    mockLimitationIf: (condition, reason) => {
      if (stateless && condition) limitation(reason);
    },
    convention: (description, check) => warnOnly(description, check),
    divergence: (description, check) => warnOnly(`${description} (the public service is more lenient)`, check),
    defer: (cleanup) => {
      cleanups.push(cleanup);
    },
    fixture: (key) => {
      if (key === 'rateLimitBurst') t.requireBursts();
      const value = serviceFixtures?.[key];
      if (isUnset(value))
        throw new NotApplicable(`fixture ${service}.${key} not configured (${fixtureEnvName(service, key)})`);
      return value;
    },
    requireBursts: () => {
      if (!info.ownTarget && !info.allowBursts) throw new NotApplicable(BURSTS_SKIPPED);
    },
    judges: (check) => selectedChecks?.includes(check) ?? true,
    failChecks: (findings) => {
      if (findings.length === 0) return;
      found(ctx, { checks: [...new Set(findings.map((f) => f.check))] });
      expect.fail(findingsText(findings));
    },
  };
  const pastDeadline = () => (deadline?.aborted ? deadlineMessage(info.deadline!) : undefined);
  try {
    if (pastDeadline()) throw new TargetError(pastDeadline()!);
    const cut = deadline ? rejectOnAbort(deadline, () => new TargetError(pastDeadline()!)) : undefined;
    try {
      await (cut ? Promise.race([fn(t), cut.promise]) : fn(t));
    } catch (error) {
      recorder.markFailure();
      throw error;
    } finally {
      cut?.release();
      // Cleanup in reverse order of creation; its answers are not judged (a delete of a half-made resource may fail).
      const judged = recorder.targetErrors.length;
      for (const cleanup of cleanups.reverse())
        await Promise.resolve()
          .then(cleanup)
          .catch(() => undefined);
      recorder.targetErrors.length = judged;
    }
    for (const warning of warnings) await annotate(warning, ANNOTATION.warning);
    if (recorder.targetErrors.length > 0) throw new TargetError(targetErrorMessage(recorder));
  } catch (error) {
    for (const warning of warnings) await annotate(warning, ANNOTATION.warning);
    // A target that did not answer (or answered 5xx) leaves the rule unjudged: an error, whatever the test said.
    const unanswered =
      pastDeadline() ?? (recorder.targetErrors.length > 0 ? targetErrorMessage(recorder) : targetErrorOf(error));
    if (unanswered) {
      await annotate(unanswered, ANNOTATION.targetError);
      if (recorder.exchanges.length) await annotate(formatFailure(recorder), ANNOTATION.exchange);
      throw error instanceof TargetError ? error : new TargetError(unanswered);
    }
    if (error instanceof NotApplicable) {
      const reason = explainNotApplicable(service, error.message, info);
      await annotate(reason, ANNOTATION.notApplicable);
      return skip(reason);
    }
    if (error instanceof MockLimitation) {
      await annotate(error.message, ANNOTATION.mockLimitation);
      if (recorder.exchanges.length) await annotate(formatFailure(recorder), ANNOTATION.exchange);
      return skip(`mock limitation: ${error.message}`);
    }
    if (recorder.exchanges.length) await annotate(formatFailure(recorder), ANNOTATION.exchange);
    throw error;
  }
  // Every answer of the test judged by the engine's checks (the selected ones) on the service's spec.
  const violations = await checkExchanges(service, recorder.exchanges, {
    checks: selectedChecks,
    mock: info.kind === 'mock',
  });
  if (violations.length > 0) {
    violations[0]!.exchange.failed = true;
    found(ctx, { checks: [...new Set(violations.map((v) => v.check))] });
    await annotate(formatFailure(recorder), ANNOTATION.exchange);
    expect.fail(redact(findingsText(violations)));
  }
  // Passed, but only the part a stateless target can show: never reported as a pass.
  if (partly.length > 0) {
    const reason = `partly judged on a stateless target: ${[...new Set(partly)].join('; ')}`;
    if (info.kind === 'stub') {
      await annotate(reason, ANNOTATION.notApplicable);
      return skip(reason);
    }
    await annotate(reason, ANNOTATION.mockLimitation);
    return skip(`mock limitation: ${reason}`);
  }
}
