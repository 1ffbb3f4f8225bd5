// The "graph" error shape family (x-error-style family graph): {"error": {"message", "type", "code",
// "error_subcode", <trace field>, ...}} with a numeric code, a subcode and a transient flag. The trace field's
// name is the spec's (x-error-style traceField).
import { ApiError, errorMember, plainError, type ErrorFactory } from './errors.js';

/** The Graph-style error body: {"error": {"message", "type", "code", "error_subcode", <trace field>}}. */
export interface GraphErrorBody {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  [field: string]: unknown;
}

export class GraphApiError<B = { error: GraphErrorBody }> extends ApiError<B> {
  static override readonly kind: string = 'GraphApiError';
  override name = 'GraphApiError';
  readonly code: number;
  readonly subcode?: number;
  readonly type?: string;
  /** The trace id of the answer, from the body field the spec's x-error-style names (traceField). */
  readonly traceId?: string;
  readonly isTransient?: boolean;
  readonly userTitle?: string;
  readonly userMessage?: string;
  constructor(
    httpStatus: number,
    operationId: string,
    error: GraphErrorBody,
    body: B,
    headers: Headers,
    requestIdHeaders?: readonly string[],
    traceField?: string,
  ) {
    const sub = error.error_subcode !== undefined ? `/${error.error_subcode}` : '';
    super(
      `${operationId} failed: HTTP ${httpStatus}, code ${error.code}${sub} (${error.type ?? 'error'}): ${error.message}`,
      httpStatus,
      operationId,
      body,
      headers,
      requestIdHeaders,
    );
    this.code = error.code;
    this.subcode = error.error_subcode;
    this.type = error.type;
    const trace = traceField !== undefined ? error[traceField] : undefined;
    this.traceId = typeof trace === 'string' ? trace : undefined;
    this.isTransient = error.is_transient;
    this.userTitle = error.error_user_title;
    this.userMessage = error.error_user_msg;
  }
}

/**
 * The typed error factory of a graph-style service whose trace id travels in `traceField` (another shape
 * still gives a readable ApiError).
 */
export function graphErrorOf(traceField: string): ErrorFactory {
  return (httpStatus, operationId, body, headers, requestIdHeaders) => {
    const e = errorMember(body);
    if (e && typeof e.code === 'number' && typeof e.message === 'string') {
      return new GraphApiError(
        httpStatus,
        operationId,
        e as unknown as GraphErrorBody,
        body as { error: GraphErrorBody },
        headers,
        requestIdHeaders,
        traceField,
      );
    }
    return plainError(httpStatus, operationId, body, headers, requestIdHeaders);
  };
}
