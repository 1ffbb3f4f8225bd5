// ruleTest: the one way a contract test is written. It keys the test to a rule id of the catalogue
// (type-checked against generated/rules.ts), classifies it honestly (not applicable to a mock, mock
// limitation, missing fixture), records every exchange, checks each answer against the spec, and on
// failure attaches the request and the answer that broke the rule.
import { describe, expect, it, type TestContext } from 'vitest';
import { ALL_RULES, type AnyRuleId } from '../../generated/rules.js';
import type { ServiceKey } from '../../generator/services.js';
import { ANNOTATION } from '../report/outcome.js';
import { Clients } from './clients.js';
import { checkExchanges } from './conformance.js';
import { formatExchange, Recorder } from './recorder.js';
import { session, type SessionInfo } from './session.js';

/** Thrown to stop a test that the target cannot be judged on; never counted as a pass. */
export class NotApplicable extends Error {}
export class MockLimitation extends Error {}

export interface RuleContext {
  session: SessionInfo;
  recorder: Recorder;
  clients: Clients;
  /** Skips the test as not applicable (a fixture the target lacks, a feature it does not offer). */
  notApplicable(reason: string): never;
  /** On a mock target: the mock cannot show this behaviour, reported as a mock limitation. */
  mockLimitation(reason: string): never;
  isMock: boolean;
  /**
   * An expectation that only this project's conventions back (no service document, no public-service fact):
   * a broken one is a warning line under the rule, or a failure with --strict. Document- and public-backed
   * expectations are plain `expect`s.
   */
  convention(description: string, check: () => void | Promise<void>): Promise<void>;
  /** Registers cleanup (delete what the test created); runs after the test, also when it fails. */
  defer(cleanup: () => unknown): void;
  /** The named fixture of the rule's service, or not applicable naming the key and its environment variable. */
  fixture<K extends string>(key: K): any;
  /** Rate-limit bursts and quota spending: not applicable on a third-party target without --allow-bursts. */
  requireBursts(): void;
}

export interface RuleTestOptions {
  timeout?: number;
}

/** CONTRACT_<SERVICE>_<KEY>: the environment variable of a fixture key (fixtures.ts reads the same names). */
export function fixtureEnvName(service: string, key: string): string {
  return `CONTRACT_${service.replace(/-/g, '_').toUpperCase()}_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

const RULES = new Map<string, (typeof ALL_RULES)[number]>(ALL_RULES.map((r) => [r.id, r]));

/** One describe per rule id; call it once per rule (the coverage gate checks that). */
export function ruleTest(id: AnyRuleId, title: string, fn: (t: RuleContext) => Promise<unknown>, options: RuleTestOptions = {}): void {
  ruleTests(id, [[title, fn]], options);
}

/** Several tests under one rule id (one per operation, one per broken constraint, ...). */
export function ruleTests(id: AnyRuleId, cases: Array<[string, (t: RuleContext) => Promise<unknown>]>, options: RuleTestOptions = {}): void {
  const rule = RULES.get(id);
  describe(id, () => {
    for (const [title, fn] of cases) {
      it(`${id} ${title}`, { timeout: options.timeout }, async (ctx) => runRule(ctx, rule, fn));
    }
    if (cases.length === 0) it(`${id} has cases`, (ctx) => ctx.skip('no cases apply to the selected services'));
  });
}

async function runRule(ctx: TestContext, rule: (typeof ALL_RULES)[number] | undefined, fn: (t: RuleContext) => Promise<unknown>): Promise<void> {
  expect(rule, 'the rule id is in the catalogue').toBeDefined();
  const info = session();
  const service = rule!.service as ServiceKey;
  if (!info.endpoints[service]) {
    await ctx.annotate(`service ${service} not selected`, ANNOTATION.notApplicable);
    return ctx.skip(`service ${service} not selected`);
  }
  if (rule!.statefulOnly && info.kind === 'mock') {
    const reason = `not applicable to a mock: ${rule!.reason ?? 'needs state'}`;
    await ctx.annotate(reason, ANNOTATION.notApplicable);
    return ctx.skip(reason);
  }
  const recorder = new Recorder();
  const cleanups: Array<() => unknown> = [];
  const warnings: string[] = [];
  const serviceFixtures = info.fixtures[service] as unknown as Record<string, unknown>;
  const t: RuleContext = {
    session: info,
    recorder,
    clients: new Clients(info, recorder),
    isMock: info.kind === 'mock',
    notApplicable: (reason) => {
      throw new NotApplicable(reason);
    },
    mockLimitation: (reason) => {
      throw new MockLimitation(reason);
    },
    convention: async (description, check) => {
      try {
        await check();
      } catch (error) {
        if (info.strict) throw error;
        warnings.push(`${description}: ${(error as Error).message.split('\n')[0]}`);
      }
    },
    defer: (cleanup) => {
      cleanups.push(cleanup);
    },
    fixture: (key) => {
      const value = serviceFixtures?.[key];
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
        throw new NotApplicable(`fixture ${service}.${key} not configured (${fixtureEnvName(service, key)})`);
      }
      return value;
    },
    requireBursts: () => {
      if (!info.ownTarget && !info.allowBursts) {
        throw new NotApplicable('rate-limit burst skipped on a third-party target: opt in with --allow-bursts');
      }
    },
  };
  try {
    try {
      await fn(t);
    } finally {
      // Cleanup in reverse order of creation; its answers are not judged (a delete of a half-made resource may fail).
      for (const cleanup of cleanups.reverse()) await Promise.resolve().then(cleanup).catch(() => undefined);
    }
    for (const warning of warnings) await ctx.annotate(warning, ANNOTATION.warning);
  } catch (error) {
    for (const warning of warnings) await ctx.annotate(warning, ANNOTATION.warning);
    if (error instanceof NotApplicable) {
      await ctx.annotate(error.message, ANNOTATION.notApplicable);
      return ctx.skip(error.message);
    }
    if (error instanceof MockLimitation) {
      await ctx.annotate(error.message, ANNOTATION.mockLimitation);
      const last = recorder.last();
      if (last) await ctx.annotate(formatExchange(last), ANNOTATION.exchange);
      return ctx.skip(`mock limitation: ${error.message}`);
    }
    const last = recorder.last();
    if (last) await ctx.annotate(formatExchange(last), ANNOTATION.exchange);
    throw error;
  }
  // Every answer of the test must be documented for its operation and valid against the spec.
  const violations = checkExchanges(service, recorder.exchanges, info.kind === 'mock');
  if (violations.length > 0) {
    await ctx.annotate(formatExchange(violations[0]!.exchange), ANNOTATION.exchange);
    expect.fail(`answers that break the spec:\n${violations.map((v) => `  ${v.message}`).join('\n')}`);
  }
}
