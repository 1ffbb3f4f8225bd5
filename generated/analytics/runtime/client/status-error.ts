// Copied from templates/runtime/client/status-error.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The "status" error shape family (x-error-style family status): {"error": {"code", "message", "status", "details"}}.
import { ApiError, errorMember, plainError, type ErrorFactory } from './errors.js';

/** The Status-shaped error body: {"error": {"code", "message", "status", "details"}}. */
export interface StatusErrorBody {
  code: number;
  message: string;
  status?: string;
  details?: Array<{ '@type': string; [key: string]: unknown }>;
  errors?: Array<{ message?: string; domain?: string; reason?: string; location?: string; locationType?: string }>;
  [field: string]: unknown;
}

export class StatusApiError<B = { error: StatusErrorBody }> extends ApiError<B> {
  static override readonly kind: string = 'StatusApiError';
  override name = 'StatusApiError';
  readonly code: number;
  readonly status?: string;
  readonly details: NonNullable<StatusErrorBody['details']>;
  readonly errors: NonNullable<StatusErrorBody['errors']>;
  constructor(
    httpStatus: number,
    operationId: string,
    error: StatusErrorBody,
    body: B,
    headers: Headers,
    requestIdHeaders?: readonly string[],
  ) {
    super(
      `${operationId} failed: HTTP ${httpStatus} ${error.status ?? ''}: ${error.message}`.replace('  ', ' '),
      httpStatus,
      operationId,
      body,
      headers,
      requestIdHeaders,
    );
    this.code = error.code;
    this.status = error.status;
    this.details = error.details ?? [];
    this.errors = error.errors ?? [];
  }
}

/** The typed error of an error answer in the status style (another shape still gives a readable ApiError). */
export const statusErrorOf: ErrorFactory = (httpStatus, operationId, body, headers, requestIdHeaders) => {
  const e = errorMember(body);
  if (e && typeof e.message === 'string') {
    return new StatusApiError(
      httpStatus,
      operationId,
      { code: httpStatus, ...e } as StatusErrorBody,
      body as { error: StatusErrorBody },
      headers,
      requestIdHeaders,
    );
  }
  return plainError(httpStatus, operationId, body, headers, requestIdHeaders);
};
