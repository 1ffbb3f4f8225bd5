// Copied from templates/runtime/server/handler.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// What a handler receives and what it may answer.
import type { IncomingMessage } from 'node:http';
import type { Credentials } from './credentials.js';
import type { ServiceError } from './errors.js';

export interface HandlerInput {
  operationId: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /**
   * The declared cookie parameters the request's Cookie header carried (RFC 6265 pairs, values percent-decoded,
   * arrays and objects split as the form style writes them, coerced to their schema's types); others stay in
   * `headers.cookie`.
   */
  cookies: Record<string, unknown>;
  body: unknown;
  /**
   * An XML body whose media type documents a schema: the JSON value its elements and attributes stand for (OpenAPI's
   * XML Object), checked against that schema before the handler runs; `body` stays the text as sent. Undefined for
   * any other body. An operation's input types it by the body's schema.
   */
  bodyValue?: unknown;
  /**
   * The media type of the operation's request body the request matched, as the spec writes it (`*\/*` for a raw
   * media range); undefined when the request has no body. The header as sent is in `headers['content-type']`.
   */
  contentType?: string;
  credentials: Credentials;
  /** What the router's authenticate hook returned or resolved to (the caller it found); undefined without one. */
  caller: unknown;
  url: URL;
  request: IncomingMessage;
  /** Fires when the client goes away before the answer is complete: stop the work. */
  signal: AbortSignal;
  /**
   * On an operation that documents 412: throws that error unless the request's If-Match holds for the
   * resource's current entity tag (undefined: the resource does not exist). Call it before the write, inside
   * the same transaction, so the check and the write see one state. Without If-Match it does nothing.
   */
  checkIfMatch(current: string | undefined): void;
  /**
   * The media type of the operation's successful answer that the request's Accept prefers among those the spec
   * documents (JSON when Accept is absent or `*\/*`); undefined where no success documents a body. An answer given
   * without a Content-Type of its own is written in it: text or bytes for a non-JSON type, a value for JSON.
   */
  readonly answerType: string | undefined;
  /** The one of `types` the request's Accept prefers (q-values, wildcards, `+json`); undefined if it takes none. */
  accepts(types: readonly string[]): string | undefined;
}

/**
 * A handler's answer: a body (JSON, its bytes made ahead by serializeJson, or none), an event stream, a stream of
 * JSON lines, or a documented error (returned, not thrown).
 */
export type HandlerResult =
  | { status?: number; headers?: Record<string, string>; body?: unknown }
  | { status?: number; headers?: Record<string, string>; sse: AsyncIterable<unknown> }
  /** Newline-delimited JSON (NDJSON): one line per value, as the values come. */
  | { status?: number; headers?: Record<string, string>; lines: AsyncIterable<unknown> }
  | ServiceError;
