// Copied from templates/runtime/server/callback-url.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The URL a callback goes to: the spec's expression (OpenAPI runtime expressions such as
// `{$request.query.callbackUrl}/data` or `{$request.body#/hooks/0/url}`) evaluated against the request that
// subscribed, and for `$response.*` and `$statusCode` the answer it was given.
import type { HandlerInput } from './handler.js';
import { followPointer } from './json-pointer.js';

/** The answer of the subscribing request, for expressions that read it. */
export interface CallbackAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * The callback's URL. The expression that opens it (the subscriber's URL) is inserted as it is; any later one
 * (a query value, a path segment) percent-encoded. An expression that names nothing gives an empty string.
 */
export function callbackUrl(
  expression: string,
  input: Pick<HandlerInput, 'url' | 'path' | 'query' | 'headers' | 'body' | 'request'>,
  answer: CallbackAnswer = {},
): string {
  return expression.replace(/\{(\$[^}]+)\}/g, (_, expr: string, at: number) => {
    const value = evaluate(expr, input, answer);
    const text =
      value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    return at === 0 ? text : encodeURIComponent(text);
  });
}

function evaluate(
  expr: string,
  input: Pick<HandlerInput, 'url' | 'path' | 'query' | 'headers' | 'body' | 'request'>,
  answer: CallbackAnswer,
): unknown {
  if (expr === '$url') return input.url.href;
  if (expr === '$method') return input.request.method;
  if (expr === '$statusCode') return answer.status;
  const m = expr.match(/^\$(request|response)\.(path|query|header|body)(?:\.([^#]+)|#(.*))?$/);
  if (!m) return undefined;
  const [, side, part, name, pointer] = m;
  if (part === 'body') {
    const body = side === 'request' ? input.body : answer.body;
    return pointer === undefined ? body : followPointer(body, pointer);
  }
  if (part === 'header') {
    const headers = side === 'request' ? input.headers : (answer.headers ?? {});
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name?.toLowerCase());
    return key === undefined ? undefined : headers[key];
  }
  if (side !== 'request' || name === undefined) return undefined;
  return (part === 'path' ? input.path : input.query)[name];
}
