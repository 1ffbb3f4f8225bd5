// What the global setup hands every contract test file: the running target's addresses and fixtures.
import { inject } from 'vitest';
import type { ServiceKey } from './services.js';
import type { Fixtures } from '../targets/fixtures.js';
import type { ServiceEndpoint, TargetKind } from '../targets/target.js';
import type { RunDeadline } from './run-deadline.js';

export interface SessionInfo {
  name: string;
  kind: TargetKind;
  endpoints: Partial<Record<ServiceKey, ServiceEndpoint>>;
  fixtures: Fixtures;
  /** --strict: convention-only expectations fail the rule instead of warning (our own targets run strict). */
  strict: boolean;
  /** --allow-bursts: rate-limit bursts and quota-spending tests may run on a third-party target. */
  allowBursts: boolean;
  /** A target this project runs itself (reference, stubs, Prism): bursts are always allowed there. */
  ownTarget: boolean;
  /** The target posts change signals (contracts/targets/change-signals.ts): waits for background work hear them. */
  changeSignals?: string;
  /** --max-answer-bytes: the largest answer the suite reads; a larger one is cut off and its test is an error. */
  maxAnswerBytes: number;
  /** --deadline: when the run stops judging (tests after it are errors). */
  deadline?: RunDeadline;
}

/**
 * One of several targets judged in one run (the mutation gate: each a fresh implementation with one mutant planted),
 * each on its own service's rules, or on one rule of it: each rule's tests are registered once per target.
 */
export interface RunTarget {
  /** Names the target in the tests' meta (the mutant id). */
  id: string;
  service: ServiceKey;
  /** The one rule judged on it (absent: every rule of the service). */
  rule?: string;
  session: SessionInfo;
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractSession: SessionInfo;
    /** When provided, the run judges these targets and contractSession is not read. */
    contractTargets?: RunTarget[];
  }
}

export function session(): SessionInfo {
  return inject('contractSession');
}
