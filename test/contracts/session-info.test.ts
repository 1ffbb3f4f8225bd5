// What tests see of a started target (contracts/harness/session-info.ts): our own implementations are judged
// strictly by default, a third party not; --strict / --no-strict override; a third party's burst sizes are withheld
// unless it opted in, so no rule test can fire a burst at it.
import { describe, expect, it } from 'vitest';
import { sessionInfoOf } from '../../contracts/harness/session-info.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import type { TargetSession } from '../../contracts/targets/target.js';

const started = (name: string, extra: Partial<TargetSession> = {}): TargetSession => ({
  name,
  kind: name === 'stubs' ? 'stub' : name === 'prism' ? 'mock' : 'stateful',
  endpoints: {},
  fixtures: DEFAULT_FIXTURES,
  stop: async () => {},
  ...extra,
});

describe('sessionInfoOf', () => {
  it.each([
    ['reference', true],
    ['stubs', true],
    ['prism', false],
    ['https://api.example.test', false],
  ])('%s is strict by default: %s', (name, strict) => {
    expect(sessionInfoOf(started(name), {}).strict).toBe(strict);
  });

  it('follows --strict and --no-strict', () => {
    expect(sessionInfoOf(started('https://api.example.test'), { strict: true }).strict).toBe(true);
    expect(sessionInfoOf(started('reference'), { strict: false }).strict).toBe(false);
  });

  it("withholds a third party's burst sizes without the opt-in", () => {
    const info = sessionInfoOf(started('https://api.example.test'), {});
    expect(info.allowBursts).toBe(false);
    expect(info.fixtures['ad-creative'].rateLimitBurst).toBeUndefined();
    expect(info.fixtures.generative.rateLimitBurst).toBeUndefined();
    expect(info.fixtures['ad-creative'].accessToken).toBe(DEFAULT_FIXTURES['ad-creative'].accessToken);
  });

  it('hands them over with --allow-bursts or the config key, and always to our own targets', () => {
    expect(
      sessionInfoOf(started('https://api.example.test'), { allowBursts: true }).fixtures.generative.rateLimitBurst,
    ).toBe(DEFAULT_FIXTURES.generative.rateLimitBurst);
    expect(sessionInfoOf(started('https://api.example.test', { allowBursts: true }), {}).allowBursts).toBe(true);
    expect(sessionInfoOf(started('reference'), {}).fixtures['ad-creative'].rateLimitBurst).toBe(
      DEFAULT_FIXTURES['ad-creative'].rateLimitBurst,
    );
  });
});
