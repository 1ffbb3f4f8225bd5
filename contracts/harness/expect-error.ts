// Asserting documented errors. A target must answer in the service's own error shape with the documented
// code; a mock (Prism) that answers a broken request in its own problem+json shape, or lets it through,
// is reported as a mock limitation, never as a pass. Where only a convention of this project names the exact
// code, a 4xx in the service's shape is required and the exact code is a convention (a warning unless --strict).
import { expect } from 'vitest';
import { ApiError, GraphApiError } from '../../generated/ad-creative/client.js';
// The classes of one package recognise the errors of every package's client (see their kind brand).
import { StatusApiError } from '../../generated/analytics/client.js';
import { generatedSpec } from '../../generator/model/index.js';
import type { ServiceKey } from './services.js';
import { routeOf } from './conformance.js';
import type { RuleContext } from './rule-test.js';

export interface ExpectedGraph {
  code: number;
  http?: number;
  subcode?: number;
}

export interface ExpectedStatus {
  status: string;
  http: number;
}

/** Prism or the stubs (read without marking the test partly judged, as t.isMock would). */
function stateless(t: RuleContext): boolean {
  return t.session.kind !== 'stateful';
}

async function settle(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

export interface ErrorExpectationOptions {
  /**
   * What backs the exact code/status: 'required' (the service document or the public service: a difference
   * fails) or 'convention' (only this project's convention: any 4xx in the service's error shape passes, and a
   * different code is a warning under the rule, a failure with --strict). Default: read from the spec: when the
   * expectation is the rule's own `violation`, its evidence (violationEvidence, else evidence) in the catalogue;
   * otherwise the evidence of the matching x-errors entry of the operation called; convention-only -> 'convention'.
   */
  exact?: 'required' | 'convention';
}

/** Which parts of an exact error expectation only a convention backs: the code (or status name), the HTTP status. */
interface ConventionParts {
  code: boolean;
  http: boolean;
}

/** An evidence list (each entry backing the code, the HTTP status, or both) -> the parts backed by conventions only. */
function partsOf(evidence: ReadonlyArray<{ kind: string; covers?: string }> | undefined): ConventionParts {
  const only = (part: 'code' | 'http') => {
    const backing = (evidence ?? []).filter((e) => e.covers === undefined || e.covers === part);
    return backing.length > 0 && backing.every((e) => e.kind === 'convention');
  };
  return { code: only('code'), http: only('http') };
}

/**
 * The evidence of the x-errors entry (code or status, and HTTP status when given) of the operation the failing
 * call went to; undefined when the call's operation or its entry is not found.
 */
function errorEntryEvidence(
  t: RuleContext,
  code: number | string,
  http?: number,
): Array<{ kind: string; covers?: string }> | undefined {
  const last = t.recorder.last();
  const service = t.rule?.service as ServiceKey | undefined;
  if (!last || !service) return undefined;
  const route = routeOf(service, last.method, last.url);
  const op = route && generatedSpec(service).model.operations.find((o) => o.id === route.operationId);
  const entry = op?.errors.find((e) => e.code === code && (http === undefined || e.http === http));
  return entry?.evidence;
}

/**
 * What only a convention backs of this expectation: from the option, else the rule's own violation evidence
 * (violationEvidence, else evidence) when the expectation is the rule's violation, else the x-errors entry of the
 * operation called. An entry's `covers` names the part it backs (code or HTTP status), so a documented code with a
 * convention-only HTTP status requires the code and only warns on the status.
 */
function conventionParts(
  t: RuleContext,
  options: ErrorExpectationOptions,
  code: number | string,
  http?: number,
): ConventionParts {
  if (options.exact) return { code: options.exact === 'convention', http: options.exact === 'convention' };
  const rule = t.rule;
  const v = rule?.violation;
  if (rule && v && (v.code ?? v.status) === code && (http === undefined || v.http === http))
    return partsOf(rule.violationEvidence ?? rule.evidence);
  return partsOf(errorEntryEvidence(t, code, http));
}

/** The call must fail with a Graph-shaped error carrying `code` (and the HTTP status). */
export async function expectGraphError(
  t: RuleContext,
  call: () => Promise<unknown>,
  expected: ExpectedGraph,
  options: ErrorExpectationOptions = {},
): Promise<GraphApiError> {
  const error = await settle(call);
  if (stateless(t) && !(error instanceof GraphApiError)) {
    if (error instanceof ApiError)
      t.mockLimitation(
        `the mock answered HTTP ${error.httpStatus} in its own error shape, not Graph code ${expected.code}`,
      );
    if (error === undefined)
      t.mockLimitation(`the mock accepted a request the service rejects with code ${expected.code}`);
  }
  expect(
    error,
    `expected Graph error ${expected.code}, the call ${error ? `failed with ${String(error)}` : 'succeeded'}`,
  ).toBeInstanceOf(GraphApiError);
  const e = error as GraphApiError;
  expect(typeof e.traceId, 'the trace id (x-error-style traceField) is a string').toBe('string');
  expect(typeof e.type, 'type is a string').toBe('string');
  const exactCode = () => {
    expect(e.code, e.message).toBe(expected.code);
    if (expected.subcode !== undefined) expect(e.subcode, e.message).toBe(expected.subcode);
  };
  const exactHttp = () => {
    if (expected.http !== undefined) expect(e.httpStatus, e.message).toBe(expected.http);
  };
  const exact = () => {
    exactCode();
    exactHttp();
  };
  const parts = conventionParts(t, options, expected.code, expected.http);
  if (!parts.code && parts.http && expected.http !== undefined) {
    // The code is documented, its HTTP status only a convention: the code must match, the status be a 4xx.
    if (stateless(t) && e.code !== expected.code) {
      t.mockLimitation(
        `the mock answered code ${e.code} (its first ${e.httpStatus} example) where the service answers code ${expected.code}`,
      );
    }
    exactCode();
    expect(e.httpStatus >= 400 && e.httpStatus < 500, `a 4xx refusal, got HTTP ${e.httpStatus}: ${e.message}`).toBe(
      true,
    );
    await t.convention(
      `HTTP ${expected.http} for code ${expected.code}, by convention only; the target answered HTTP ${e.httpStatus}`,
      exactHttp,
    );
    return e;
  }
  if (parts.code) {
    // Only a convention names the exact code: a refusal in the Graph shape with a 4xx is what the rule requires.
    expect(e.httpStatus >= 400 && e.httpStatus < 500, `a 4xx refusal, got HTTP ${e.httpStatus}: ${e.message}`).toBe(
      true,
    );
    await t.convention(
      `exact error code ${expected.code}${expected.subcode !== undefined ? `/${expected.subcode}` : ''}${expected.http !== undefined ? ` (HTTP ${expected.http})` : ''}, by convention only; the target answered code ${e.code}${e.subcode !== undefined ? `/${e.subcode}` : ''} (HTTP ${e.httpStatus})`,
      exact,
    );
    return e;
  }
  if (stateless(t) && e.code !== expected.code) {
    // Prism answers any invalid request with the first example of the documented error status.
    t.mockLimitation(
      `the mock answered code ${e.code} (its first ${e.httpStatus} example) where the service answers code ${expected.code}`,
    );
  }
  exact();
  return e;
}

/** The call must fail with a Status-shaped error of `status` and `http`. */
export async function expectStatusError(
  t: RuleContext,
  call: () => Promise<unknown>,
  expected: ExpectedStatus,
  options: ErrorExpectationOptions = {},
): Promise<StatusApiError> {
  const error = await settle(call);
  const shaped = error instanceof StatusApiError && typeof error.status === 'string';
  if (stateless(t) && !shaped) {
    if (error instanceof ApiError)
      t.mockLimitation(`the mock answered HTTP ${error.httpStatus} in its own error shape, not ${expected.status}`);
    if (error === undefined)
      t.mockLimitation(`the mock accepted a request the service rejects with ${expected.status}`);
  }
  expect(
    error,
    `expected ${expected.status}, the call ${error ? `failed with ${String(error)}` : 'succeeded'}`,
  ).toBeInstanceOf(StatusApiError);
  const e = error as StatusApiError;
  expect(e.code, 'error.code equals the HTTP status').toBe(e.httpStatus);
  const exact = () => {
    expect(e.status, e.message).toBe(expected.status);
    expect(e.httpStatus, e.message).toBe(expected.http);
  };
  // A Status error's name and HTTP status go together (the public mapping): a convention on either is one on both.
  const parts = conventionParts(t, options, expected.status, expected.http);
  if (parts.code || parts.http) {
    expect(e.httpStatus >= 400 && e.httpStatus < 500, `a 4xx refusal, got HTTP ${e.httpStatus}: ${e.message}`).toBe(
      true,
    );
    await t.convention(
      `exact error ${expected.http} ${expected.status}, by convention only; the target answered ${e.httpStatus} ${e.status ?? '(no status)'}`,
      exact,
    );
    return e;
  }
  if (stateless(t) && e.status !== expected.status) {
    t.mockLimitation(
      `the mock answered ${e.status} (its first ${e.httpStatus} example) where the service answers ${expected.status}`,
    );
  }
  exact();
  return e;
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
