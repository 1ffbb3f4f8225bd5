// Asserting documented errors. A target must answer in the service's own error shape with the documented
// code; a mock (Prism) that answers a broken request in its own problem+json shape, or lets it through,
// is reported as a mock limitation, never as a pass.
import { expect } from 'vitest';
import { ApiError, GraphApiError } from '../../generated/ad-creative/client.js';
// The classes of one package recognise the errors of every package's client (see their kind brand).
import { StatusApiError } from '../../generated/analytics/client.js';
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

/** The call must fail with a Graph-shaped error carrying `code` (and the HTTP status). */
export async function expectGraphError(t: RuleContext, call: () => Promise<unknown>, expected: ExpectedGraph): Promise<GraphApiError> {
  const error = await settle(call);
  if (stateless(t) && !(error instanceof GraphApiError)) {
    if (error instanceof ApiError) t.mockLimitation(`the mock answered HTTP ${error.httpStatus} in its own error shape, not Graph code ${expected.code}`);
    if (error === undefined) t.mockLimitation(`the mock accepted a request the service rejects with code ${expected.code}`);
  }
  expect(error, `expected Graph error ${expected.code}, the call ${error ? `failed with ${String(error)}` : 'succeeded'}`).toBeInstanceOf(GraphApiError);
  const e = error as GraphApiError;
  if (stateless(t) && e.code !== expected.code) {
    // Prism answers any invalid request with the first example of the documented error status.
    t.mockLimitation(`the mock answered code ${e.code} (its first ${e.httpStatus} example) where the service answers code ${expected.code}`);
  }
  expect(e.code, e.message).toBe(expected.code);
  if (expected.http !== undefined) expect(e.httpStatus, e.message).toBe(expected.http);
  if (expected.subcode !== undefined) expect(e.subcode, e.message).toBe(expected.subcode);
  expect(typeof e.fbtraceId, 'fbtrace_id is a string').toBe('string');
  expect(typeof e.type, 'type is a string').toBe('string');
  return e;
}

/** The call must fail with a Status-shaped error of `status` and `http`. */
export async function expectStatusError(t: RuleContext, call: () => Promise<unknown>, expected: ExpectedStatus): Promise<StatusApiError> {
  const error = await settle(call);
  const shaped = error instanceof StatusApiError && typeof error.status === 'string';
  if (stateless(t) && !shaped) {
    if (error instanceof ApiError) t.mockLimitation(`the mock answered HTTP ${error.httpStatus} in its own error shape, not ${expected.status}`);
    if (error === undefined) t.mockLimitation(`the mock accepted a request the service rejects with ${expected.status}`);
  }
  expect(error, `expected ${expected.status}, the call ${error ? `failed with ${String(error)}` : 'succeeded'}`).toBeInstanceOf(StatusApiError);
  const e = error as StatusApiError;
  if (stateless(t) && e.status !== expected.status) {
    t.mockLimitation(`the mock answered ${e.status} (its first ${e.httpStatus} example) where the service answers ${expected.status}`);
  }
  expect(e.status, e.message).toBe(expected.status);
  expect(e.httpStatus, e.message).toBe(expected.http);
  expect(e.code, 'error.code equals the HTTP status').toBe(expected.http);
  return e;
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
