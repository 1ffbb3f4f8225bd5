// Copied from templates/runtime/server/refusals.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A refusal in the shape the operation documents, for a spec without x-error-style: where the operation documents
// the refusal's status (exact, its range, or `default`) in JSON or text, the router's problem details become that
// response's body, made from the template generate wrote (the refusal's text in its message members, the HTTP
// status in its status members), kept only where the response's validator accepts it.
import { documentedAnswer, isServiceError, type ServiceError } from './errors.js';
import type { RouteDef } from './route-def.js';

/** A documented error response's body, to be filled in with a refusal's text and status. */
export interface RefusalTemplate {
  /** Absent where the response documents no content: the refusal has no body. */
  contentType?: string;
  body: unknown;
  /** The headers the response requires, each a value its schema allows. */
  headers?: Record<string, string>;
  /** Where the refusal's text goes (`[]`: the body itself, for text). */
  message: string[][];
  /** Where the HTTP status goes. */
  status: string[][];
}

function put(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string, unknown>;
  copy[path[0]!] = put(copy[path[0]!], path.slice(1), value);
  return copy;
}

/** The status key of the route's responses that documents an HTTP status: exact, its range, else default. */
function documenting(route: RouteDef, http: number): string | undefined {
  const keys = route.responses ?? [...Object.keys(route.validateResponse), ...Object.keys(route.refusals ?? {})];
  const range = `${String(http)[0]}XX`;
  return keys.includes(String(http))
    ? String(http)
    : keys.includes(range)
      ? range
      : keys.includes('default')
        ? 'default'
        : undefined;
}

/** The router's own problem-details refusal in the route's documented shape, where it documents one; else as it is. */
export function documentedRefusal(route: RouteDef, error: ServiceError): ServiceError {
  if (!route.refusals || error.documented || !isServiceError(error)) return error;
  if (!/problem\+json/.test(error.headers['content-type'] ?? '')) return error;
  const key = documenting(route, error.httpStatus);
  const template = key === undefined ? undefined : route.refusals[key];
  if (!template) return error;
  // The fields that broke the schema go with the text, as problem details list them.
  const violations = (error.body as { errors?: Array<{ field: string; description: string }> }).errors ?? [];
  const text = [error.message, ...violations.map((v) => `${v.field} ${v.description}`)].join(': ');
  const { 'content-type': _, ...kept } = error.headers;
  const headers = { ...kept, ...template.headers };
  if (template.contentType === undefined) {
    const answer = documentedAnswer(route.operationId, key!, error.httpStatus, undefined, undefined, headers);
    answer.documented = undefined;
    return answer;
  }
  let body = template.body;
  for (const path of template.message) body = put(body, path, text);
  for (const path of template.status) body = put(body, path, error.httpStatus);
  const validate = route.validateResponse[key!];
  const json = !/^text\//i.test(template.contentType);
  if (json && validate && !validate(body)) return error;
  // A JSON string is written as JSON (the router writes a string body as it is).
  if (json && typeof body === 'string') body = JSON.stringify(body);
  const answer = documentedAnswer(route.operationId, key!, error.httpStatus, body, template.contentType, headers);
  // The router's answer all the same: not one the handler chose among the operation's documented errors.
  answer.documented = undefined;
  return answer;
}
