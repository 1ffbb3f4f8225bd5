// Copied from templates/runtime/client/graph-error.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The "graph" error style (x-error-style: graph): {"error": {"message", "type", "code", "error_subcode",
// "fbtrace_id", ...}} with a numeric code, a subcode and a transient flag.
import { ApiError, errorMember, plainError, type ErrorFactory } from './errors.js';

/** The Graph-style error body: {"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}. */
export interface GraphErrorBody {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
  [field: string]: unknown;
}

export class GraphApiError<B = { error: GraphErrorBody }> extends ApiError<B> {
  static override readonly kind: string = 'GraphApiError';
  override name = 'GraphApiError';
  readonly code: number;
  readonly subcode?: number;
  readonly type?: string;
  readonly fbtraceId?: string;
  readonly isTransient?: boolean;
  readonly userTitle?: string;
  readonly userMessage?: string;
  constructor(httpStatus: number, operationId: string, error: GraphErrorBody, body: B, headers: Headers, requestIdHeaders?: readonly string[]) {
    const sub = error.error_subcode !== undefined ? `/${error.error_subcode}` : '';
    super(`${operationId} failed: HTTP ${httpStatus}, code ${error.code}${sub} (${error.type ?? 'error'}): ${error.message}`, httpStatus, operationId, body, headers, requestIdHeaders);
    this.code = error.code;
    this.subcode = error.error_subcode;
    this.type = error.type;
    this.fbtraceId = error.fbtrace_id;
    this.isTransient = error.is_transient;
    this.userTitle = error.error_user_title;
    this.userMessage = error.error_user_msg;
  }
}

/** The typed error of an error answer in the graph style (another shape still gives a readable ApiError). */
export const graphErrorOf: ErrorFactory = (httpStatus, operationId, body, headers, requestIdHeaders) => {
  const e = errorMember(body);
  if (e && typeof e.code === 'number' && typeof e.message === 'string') {
    return new GraphApiError(httpStatus, operationId, e as unknown as GraphErrorBody, body as { error: GraphErrorBody }, headers, requestIdHeaders);
  }
  return plainError(httpStatus, operationId, body, headers, requestIdHeaders);
};
