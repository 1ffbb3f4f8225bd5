// Copied from templates/runtime/client/retry.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The retry policy of the generated clients (the one Stainless-generated SDKs use, with a safety rule for
// requests that are not idempotent): which failures are worth another attempt, and how long to wait first.
import { ApiAbortError, ApiConnectionError, ApiError, ApiTimeoutError, serverDelayMs } from './errors.js';

export { serverDelayMs } from './errors.js';

export interface RetryOptions {
  /** Attempts after the first one. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubles each attempt, less up to a quarter of jitter. Default 500 ms. */
  baseDelayMs?: number;
  /** Ceiling of one delay; also caps what the server asks for (Retry-After). Default 30 s. */
  maxDelayMs?: number;
}

export interface RetryContext {
  /** 0 for the first retry. */
  attempt: number;
  /**
   * Sending the request twice has the effect of sending it once: by method (GET, HEAD, OPTIONS, PUT, DELETE),
   * by the spec's `x-idempotent`, or because it carries an idempotency key.
   */
  idempotent: boolean;
  /** Codes of the service's error bodies that mean "throttled, the request was not processed" (from the spec). */
  throttleCodes?: readonly number[];
  random?: () => number;
  now?: number;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

export function idempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** Exponential backoff with jitter: base·2^attempt, capped, less a random quarter (no thundering herd). */
export function backoffDelay(attempt: number, retry: RetryOptions, random: () => number = Math.random): number {
  const base = retry.baseDelayMs ?? 500;
  const max = retry.maxDelayMs ?? 30_000;
  return Math.min(max, base * 2 ** attempt) * (1 - random() * 0.25);
}

/**
 * Milliseconds to wait before the next attempt, or undefined when the failure is not worth one:
 * - the caller's abort never is; `x-should-retry: false` never is, `x-should-retry: true` always is;
 * - throttling (429, or a throttle code of the service) always is: the request was not processed;
 * - 408, 409, 5xx, an error the service marks transient, a timeout or a broken connection are, when the request is
 *   idempotent (a create that timed out may have been made: it is not sent again);
 * - a connection that was never made (refused) always is.
 * The server's own delay is honoured, capped at maxDelayMs; otherwise the jittered backoff.
 */
export function retryDelay(error: unknown, retry: RetryOptions, context: RetryContext): number | undefined {
  if (context.attempt >= (retry.maxRetries ?? 3)) return undefined;
  const backoff = backoffDelay(context.attempt, retry, context.random);
  if (error instanceof ApiAbortError) return undefined;
  if (error instanceof ApiConnectionError) return context.idempotent || error.notSent ? backoff : undefined;
  if (error instanceof ApiTimeoutError) return context.idempotent ? backoff : undefined;
  if (!(error instanceof ApiError)) return undefined;
  const should = error.headers.get('x-should-retry');
  if (should === 'false') return undefined;
  // The error style's own fields: a service code (the spec's throttle codes name some) and a transient flag.
  const { code, isTransient } = error as ApiError & { code?: unknown; isTransient?: boolean };
  const throttled =
    error.httpStatus === 429 || (typeof code === 'number' && (context.throttleCodes ?? []).includes(code));
  const transient =
    error.httpStatus === 408 || error.httpStatus === 409 || error.httpStatus >= 500 || isTransient === true;
  if (should !== 'true' && !throttled && !(transient && context.idempotent)) return undefined;
  const asked = serverDelayMs(error.headers, context.now);
  return asked !== undefined ? Math.min(retry.maxDelayMs ?? 30_000, asked) : backoff;
}
