// Copied from templates/runtime/server/write-answer.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Answer writing: a handler's JSON (or pre-serialised JSON text), empty answer, event stream or JSON lines, and the service's
// error answers. A stream that fails after its first byte ends with an event in the service's error shape (in JSON
// lines, always under `error`: `{"error": {...}}` as its own last line).
import { once } from 'node:events';
import { type ServerResponse, STATUS_CODES } from 'node:http';
import { DEFAULT_MAX_DEPTH } from './body.js';
import { entityTagOf, noneMatchFails } from './conditional.js';
import { type ErrorStyle, internalError, isServiceError, type ServiceError } from './errors.js';
import type { HandlerInput, HandlerResult } from './handler.js';
import { chooseAnswerType } from './negotiation.js';
import type { RouteDef, ValidateFunction } from './route-def.js';
import { isSerializedJson } from './serialized-json.js';
import type { AnswerValidator } from './validation.js';

export interface AnswerContext {
  errorStyle: ErrorStyle;
  /** Checks answers against the spec (development); null when answers are not checked. */
  answers: AnswerValidator | null;
  /** A failure the caller cannot fix (a bad answer, a broken stream): logged and reported. */
  report(error: unknown, input: HandlerInput | undefined, message: string): void;
}

/** Writes a handler's result; an event stream answers a promise that resolves when the stream has ended. */
export function writeAnswer(
  res: ServerResponse,
  route: RouteDef,
  result: HandlerResult,
  input: HandlerInput,
  context: AnswerContext,
): Promise<void> | undefined {
  if (isServiceError(result)) return void writeError(res, negotiatedError(route, result, input.headers.accept));
  const status = result.status ?? 200;
  if ('sse' in result) {
    res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...result.headers });
    return writeEvents(res, result.sse, input, context, sseFrame);
  }
  if ('lines' in result) {
    res.writeHead(status, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache', ...result.headers });
    const s = String(status);
    const lines = route.validateLines;
    const validator = context.answers && lines ? (lines[s] ?? lines[`${s[0]}XX`] ?? lines.default) : undefined;
    return writeEvents(res, result.lines, input, context, lineFrame, validator && lineCheck(route, status, validator));
  }
  const body = result.body;
  let headers = result.headers;
  // The common answer: JSON with no headers of the handler's own, no entity tag to make, no media type to choose.
  if (
    headers === undefined &&
    !context.answers &&
    !route.etag &&
    route.answerTypes === undefined &&
    body !== undefined &&
    status !== 204
  ) {
    const payload = isSerializedJson(body) ? body.text : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
    return;
  }
  const serialized = isSerializedJson(body) ? body : undefined;
  // A route whose answers are documented in several media types: the one Accept prefers, unless the handler named one.
  if (route.answerTypes !== undefined && body !== undefined && status !== 204) {
    if (headers === undefined || headerNamed(headers, 'content-type') === undefined) {
      const type = chooseAnswerType(route, status, body, input.headers.accept);
      if (type !== undefined) headers = { ...headers, 'content-type': withCharset(type, body) };
    }
  }
  if (context.answers && body !== undefined && jsonAnswer(headers)) {
    const validator = answerValidator(route, status);
    if (validator && !context.answers.valid(validator, result.body, serialized)) {
      context.report(
        new Error(
          `${route.operationId}: answer ${status} does not match the spec: ${JSON.stringify(validator.errors)}`,
        ),
        input,
        'answer does not match the spec',
      );
      return void writeError(res, internalError(context.errorStyle));
    }
  }
  // An XML answer of a schema that describes more than a string: read as the client reads it, then checked.
  if (context.answers && typeof body === 'string' && route.validateXml && xmlAnswer(headers)) {
    const problem = xmlAnswerProblem(route, status, body);
    if (problem !== undefined) {
      context.report(
        new Error(`${route.operationId}: answer ${status} does not match the spec: ${problem}`),
        input,
        'answer does not match the spec',
      );
      return void writeError(res, internalError(context.errorStyle));
    }
  }
  if (body === undefined || status === 204) {
    res.writeHead(status, headers === undefined ? undefined : { ...headers });
    res.end();
    return;
  }
  // JSON text made ahead (serializeJson) goes out as it is; so does text or bytes of a media type the handler
  // names that is not JSON (XML, CSV, an image).
  const named = headers === undefined ? undefined : headerNamed(headers, 'content-type');
  const raw =
    named !== undefined &&
    !/[/+]json\b/i.test(String(named)) &&
    (typeof result.body === 'string' || result.body instanceof Uint8Array);
  const payload = serialized
    ? serialized.text
    : raw
      ? typeof result.body === 'string'
        ? result.body
        : Buffer.from(result.body as Uint8Array)
      : JSON.stringify(result.body);
  const sent = {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  };
  if (route.etag && status >= 200 && status < 300) {
    // The handler's tag when it gave one (under any spelling of the name), else the bytes' own.
    const given = Object.keys(sent).find((name) => name.toLowerCase() === 'etag');
    const tag = given === undefined ? entityTagOf(payload) : sent[given as keyof typeof sent]!;
    if (given === undefined) (sent as Record<string, string>).etag = tag;
    const method = input.request.method;
    if ((method === 'GET' || method === 'HEAD') && noneMatchFails(input.headers['if-none-match'], tag)) {
      // The client's copy is current: the headers a 200 would carry, without its content.
      const { 'content-type': _type, 'content-length': _length, ...kept } = sent;
      res.writeHead(304, kept);
      res.end();
      return;
    }
  }
  res.writeHead(status, sent);
  res.end(payload);
}

/** Each route's answer validator by status, found once (every answer of a checked service asks). */
const VALIDATORS = new WeakMap<RouteDef, Map<number, ValidateFunction | undefined>>();

/**
 * The validator of the response that documents the status: the exact one, then its range (2XX), then default; its
 * JSON schema's, when it has one (a status documented only as text or bytes has none).
 */
function answerValidator(route: RouteDef, status: number): ValidateFunction | undefined {
  let byStatus = VALIDATORS.get(route);
  if (!byStatus) VALIDATORS.set(route, (byStatus = new Map()));
  if (byStatus.has(status)) return byStatus.get(status);
  const s = String(status);
  const documented = route.responses;
  const key = documented
    ? [s, `${s[0]}XX`, 'default'].find((k) => documented.includes(k))
    : [s, `${s[0]}XX`, 'default'].find((k) => route.validateResponse[k] !== undefined);
  const validator = key === undefined ? undefined : route.validateResponse[key];
  byStatus.set(status, validator);
  return validator;
}

/** Whether the answer's named Content-Type is XML (`application/xml`, `text/xml`, any `+xml`). */
function xmlAnswer(headers: Record<string, string> | undefined): boolean {
  const named = headers === undefined ? undefined : headerNamed(headers, 'content-type');
  if (named === undefined) return false;
  const type = String(named).split(';')[0]!.trim().toLowerCase();
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
}

/** Why an XML answer is not its documented schema's (the status's own, else its range's, else default's), if it is not. */
function xmlAnswerProblem(route: RouteDef, status: number, text: string): string | undefined {
  const s = String(status);
  const documented = route.responses;
  const key = [s, `${s[0]}XX`, 'default'].find((k) =>
    documented ? documented.includes(k) : route.validateXml![k] !== undefined,
  );
  const entry = key === undefined ? undefined : route.validateXml![key];
  if (!entry) return undefined;
  let value: unknown;
  try {
    value = entry.read(text, DEFAULT_MAX_DEPTH);
  } catch (error) {
    return `the XML ${(error as Error).message}`;
  }
  return entry.validate(value) ? undefined : JSON.stringify(entry.validate.errors);
}

/** An event of an event stream, and a line of newline-delimited JSON, each around a value's JSON. */
const sseFrame = (json: string) => `data: ${json}\n\n`;
const lineFrame = (json: string) => `${json}\n`;

async function writeEvents(
  res: ServerResponse,
  events: AsyncIterable<unknown>,
  input: HandlerInput,
  context: AnswerContext,
  frame: (json: string) => string,
  check?: (value: unknown, index: number) => void,
): Promise<void> {
  const iterator = events[Symbol.asyncIterator]();
  let closed = false;
  res.on('close', () => {
    closed = true;
    void iterator.return?.();
  });
  try {
    for (let index = 0; ; index++) {
      const next = await iterator.next();
      if (next.done || closed) break;
      check?.(next.value, index);
      // Backpressure: a slow reader holds the producer back instead of filling memory.
      if (!res.write(frame(JSON.stringify(next.value))) && !closed) await drained(res);
    }
  } catch (error) {
    // The answer has begun: the failure becomes a last event in the service's error shape, so the
    // client can tell a broken stream from a complete one.
    const answer = isServiceError(error) ? error : internalError(context.errorStyle);
    if (!isServiceError(error)) context.report(error, input, 'stream handler failed');
    // In JSON lines, a problem-details body (a spec without x-error-style) goes under `error`, as the other
    // styles' bodies already are: one shape, `{"error": {...}}` alone, that a client tells from a value.
    const body = frame === lineFrame && context.errorStyle.family === 'problem' ? { error: answer.body } : answer.body;
    if (!closed) res.write(frame(JSON.stringify(body)));
  }
  res.end();
}

/**
 * Checks each value of a JSON lines answer against the schema of a line (validateResponses): one that breaks it ends
 * the stream as a handler failure does, reported with its line's number.
 */
function lineCheck(
  route: RouteDef,
  status: number,
  validator: ValidateFunction,
): (value: unknown, index: number) => void {
  return (value, index) => {
    if (!validator(value))
      throw new Error(
        `${route.operationId}: line ${index + 1} of answer ${status} does not match the spec: ${JSON.stringify(validator.errors)}`,
      );
  };
}

/** Resolves when the response can take more data, or has closed. */
async function drained(res: ServerResponse): Promise<void> {
  const closed = once(res, 'close');
  await Promise.race([once(res, 'drain'), closed]);
  closed.catch(() => undefined);
}

/** A header's value under any spelling of its (lower-case) name. */
function headerNamed(headers: Record<string, string>, name: string): string | undefined {
  for (const given in headers) if (given.toLowerCase() === name) return headers[given];
  return undefined;
}

/** A media type as written on an answer: application/json and text in UTF-8 say so, as the JSON default does. */
function withCharset(type: string, body: unknown): string {
  if (type.includes(';')) return type;
  if (type === 'application/json' || (typeof body === 'string' && /^text\/|[/+]xml$/i.test(type)))
    return `${type}; charset=UTF-8`;
  return type;
}

/** Whether an answer goes out as JSON: no content type named (the default), or a JSON one. */
function jsonAnswer(headers: Record<string, string> | undefined): boolean {
  if (!headers) return true;
  for (const name in headers) {
    if (name.toLowerCase() !== 'content-type') continue;
    const type = headers[name]!.split(';')[0]!.trim().toLowerCase();
    return type === 'application/json' || type === 'text/json' || type.endsWith('+json');
  }
  return true;
}

/**
 * A documented error of several media types (the handler named none) in the one Accept prefers among those of its
 * kind, as a success is: a value among the JSON types, text or bytes among the others.
 */
export function negotiatedError(route: RouteDef, error: ServiceError, accept: string | undefined): ServiceError {
  if (error.negotiable && route.answerTypes !== undefined && error.body !== undefined) {
    const type = chooseAnswerType(route, error.httpStatus, error.body, accept);
    if (type !== undefined) error.headers['content-type'] = withCharset(type, error.body);
  }
  return error;
}

/** The service's error answer (ends a response whose head is already out). */
export function writeError(res: ServerResponse, error: ServiceError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  // A head the handler's answer failed to write (a Location holding CRLF) left its reason phrase behind: `500 Found`.
  res.statusMessage = STATUS_CODES[error.httpStatus] ?? '';
  // A spec's own error response may be text or bytes (its documented media type): written as it is.
  const raw: unknown = error.body;
  if (raw === undefined) {
    res.writeHead(error.httpStatus, error.headers);
    res.end();
    return;
  }
  const text = typeof raw === 'string' || raw instanceof Uint8Array ? raw : JSON.stringify(raw);
  res.writeHead(error.httpStatus, {
    'content-type':
      typeof raw === 'string'
        ? 'text/plain; charset=UTF-8'
        : raw instanceof Uint8Array
          ? 'application/octet-stream'
          : 'application/json; charset=UTF-8',
    'content-length': String(Buffer.byteLength(text)),
    ...error.headers,
  });
  res.end(text);
}
