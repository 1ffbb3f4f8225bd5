// A fetch that records every exchange a test makes, so a failure can show the request and the answer
// that broke the rule, and so every answer can be checked against the spec. It is also the suite's transport
// guard against a hostile target: answers are read within a byte limit, every request and stream stops with
// the recorder's signal (its test's end, timeout or the run's deadline), redirects are followed only within
// the target's origins, and credentials never leave for another origin (credential-guard.ts).
import { AnswerTooLarge, copyEventStream, DEFAULT_MAX_ANSWER_BYTES, readWithin } from './answer-body.js';
import { bodyCarriesSecret, originOf, withoutCredentials } from './credential-guard.js';
import { curlOf } from './replay-curl.js';
import { isStaleConnection } from './stale-connection.js';
export interface Exchange {
  method: string;
  url: string;
  requestContentType?: string;
  requestBody?: string;
  /** The request's headers as sent (the curl that replays a failure). */
  requestHeaders?: Record<string, string>;
  /** A text body in full (up to 64 KiB), for the curl; a binary or streamed body has none. */
  requestBodyText?: string;
  status: number;
  responseContentType?: string;
  /** The answer's headers (lower-case names): the documented ones are judged too. */
  responseHeaders?: Record<string, string>;
  /** The answer's text; for an event stream, the whole stream as received (read from a copy, once it ends). */
  responseBody: string;
  /** An event stream still being read: resolves when it ends (the conformance check waits for it). */
  streamDone?: Promise<void>;
  /** The exchange whose answer the test was judging when its assertion failed (see Recorder.markFailure). */
  failed?: boolean;
}

const SECRET_PARAMS = /([?&](?:access_token|key)=)[^&]*/g;
const MAX = 1500;
/** How much of an event stream is kept for the per-event checks. */
const MAX_STREAM = 1 << 20;
/** Redirects followed within the target's own origin. */
const MAX_REDIRECTS = 5;
/** Answers whose status forbids a body (a Response cannot be made with one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function redact(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body.replace(/(access_token=)[^&]*/g, '$1***').slice(0, MAX);
  if (body instanceof URLSearchParams) return bodyText(body.toString());
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return `<${(body as Uint8Array).byteLength} bytes>`;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return `<blob ${body.size} bytes, ${body.type}>`;
  return '<stream>';
}

const causeOf = (error: unknown) =>
  ((error as Error)?.cause as Error | undefined)?.message ?? (error as Error)?.message ?? String(error);

/** A text body as sent (credential parameters blanked), up to 64 KiB; undefined for bytes and streams. */
function fullBodyText(body: unknown): string | undefined {
  const text = typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : undefined;
  return text === undefined || text.length > 64 << 10 ? undefined : text.replace(/(access_token=)[^&]*/g, '$1***');
}

/** A body fetch can send again (to follow a redirect); a stream is read once. */
function resendable(body: unknown): boolean {
  return body === undefined || body === null || !(body instanceof ReadableStream || isAsyncIterable(body));
}
const isAsyncIterable = (v: unknown) => typeof (v as AsyncIterable<unknown>)?.[Symbol.asyncIterator] === 'function';

/** fetch, sent once more when it went on a connection the target had closed while idle (stale-connection.ts). */
async function fetchResendingStale(url: string, init: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted || !resendable(init.body) || !isStaleConnection(causeOf(error))) throw error;
    return globalThis.fetch(url, init);
  }
}

export interface RecorderOptions {
  /** Aborts every request and stream of the recorder: its test ended, timed out or the run's deadline passed. */
  signal?: AbortSignal;
  /** Largest answer read (bytes); a larger one is cut off and the test's outcome is an error. */
  maxAnswerBytes?: number;
  /** The origins credentials may go to (the target's base and upload URLs); any other gets none. */
  origins?: ReadonlySet<string>;
  /** The configured secret values (credential-guard.ts takes them out of requests to other origins). */
  secrets?: readonly string[];
}

export class Recorder {
  readonly exchanges: Exchange[] = [];
  /** Requests the target did not answer, or answered 5xx: each makes the test's outcome an error. */
  readonly targetErrors: string[] = [];
  private readonly maxAnswerBytes: number;

  constructor(private readonly options: RecorderOptions = {}) {
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  }

  /** Whether credentials may go to this URL's origin. */
  private trusted(url: string): boolean {
    const origins = this.options.origins;
    if (!origins) return true;
    const origin = originOf(url);
    return origin !== undefined && origins.has(origin);
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const label = `${request.method} ${redact(request.url)}`;
    const signals = [init?.signal, this.options.signal].filter((s): s is AbortSignal => !!s);
    const send: RequestInit & { duplex?: 'half' } = {
      ...init,
      // Redirects are followed here, within the target's origin only (the caller's own 'manual' or 'error' stands).
      redirect: init?.redirect === 'manual' || init?.redirect === 'error' ? init.redirect : 'manual',
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    };
    let url = request.url;
    let headers = new Headers(init?.headers ?? request.headers);
    const unanswered = (cause: string) => {
      this.exchanges.push({
        method: request.method,
        url: redact(request.url),
        requestContentType: request.headers.get('content-type') ?? undefined,
        requestBody: bodyText(init?.body),
        status: 0,
        responseBody: `<no answer: ${cause}>`,
      });
    };
    let response: Response;
    for (let hop = 0; ; hop++) {
      if (!this.trusted(url)) {
        const origin = originOf(url) ?? url;
        if (bodyCarriesSecret(send.body, this.options.secrets ?? [])) {
          const why = `the target sent the suite to ${origin}, not a configured origin, with a credential in the body: not sent`;
          unanswered(why);
          this.targetErrors.push(`${label}: ${why}`);
          throw new TypeError(why);
        }
        const cleaned = withoutCredentials(url, headers, this.options.secrets ?? []);
        if (cleaned.removed.length > 0)
          this.targetErrors.push(
            `${label}: the target sent the suite to ${origin}, not a configured origin: sent without credentials (${cleaned.removed.join(', ')})`,
          );
        url = cleaned.url;
        headers = cleaned.headers;
      }
      try {
        response = await fetchResendingStale(url, { ...send, headers });
      } catch (error) {
        // The caller's own abort is not the target's fault (and has no answer to judge); a refused or dropped
        // connection is: kept as an exchange without an answer, and a target error.
        if (init?.signal?.aborted || this.options.signal?.aborted || (error as Error)?.name === 'AbortError')
          throw error;
        const cause = causeOf(error);
        unanswered(cause);
        this.targetErrors.push(`${label}: no answer (${cause})`);
        throw error;
      }
      const location = response.headers.get('location');
      if (send.redirect !== 'manual' || init?.redirect === 'manual') break;
      if (![301, 302, 303, 307, 308].includes(response.status) || !location) break;
      const next = new URL(location, url).toString();
      if (!this.trusted(next)) {
        this.targetErrors.push(
          `${label}: HTTP ${response.status} redirect to ${originOf(next) ?? 'another origin'}, not a configured origin: not followed (credentials go only to the target)`,
        );
        break;
      }
      const toGet = response.status === 303 || ([301, 302].includes(response.status) && send.method === 'POST');
      if (hop >= MAX_REDIRECTS || (!toGet && !resendable(send.body))) break;
      await response.body?.cancel().catch(() => undefined);
      if (toGet && send.method !== 'HEAD') {
        send.method = 'GET';
        send.body = undefined;
        headers.delete('content-type');
      }
      url = next;
    }
    if (response.status >= 500) this.targetErrors.push(`${label}: HTTP ${response.status}`);
    const contentType = response.headers.get('content-type') ?? undefined;
    const exchange: Exchange = {
      method: request.method,
      url: redact(request.url),
      requestContentType: request.headers.get('content-type') ?? undefined,
      requestBody: bodyText(init?.body),
      requestHeaders: Object.fromEntries(headers),
      requestBodyText: fullBodyText(init?.body),
      status: response.status,
      responseContentType: contentType,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody: '',
    };
    this.exchanges.push(exchange);
    const tooLarge = (error: AnswerTooLarge) => this.targetErrors.push(`${label}: ${error.message}`);
    const answer = (body: BodyInit | null) =>
      new Response(NULL_BODY.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    if (contentType?.startsWith('text/event-stream') && response.body) {
      // The caller reads the stream as it arrives; the recorder keeps a bounded copy of its first events.
      exchange.responseBody = '<event stream, still open>';
      const { stream, copy } = copyEventStream(response.body, MAX_STREAM, this.maxAnswerBytes, tooLarge);
      exchange.streamDone = copy.then(({ text, cutOff }) => {
        exchange.responseBody = cutOff && !text ? '<event stream, cut off>' : text;
      });
      return answer(stream);
    }
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readWithin(response, this.maxAnswerBytes);
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        exchange.responseBody = `<${error.message}>`;
        tooLarge(error);
      } else {
        exchange.responseBody = '<unreadable>';
        if (!send.signal?.aborted) this.targetErrors.push(`${label}: the answer broke off (${causeOf(error)})`);
      }
      throw error;
    }
    exchange.responseBody = new TextDecoder().decode(bytes);
    return answer(bytes);
  };

  last(): Exchange | undefined {
    return this.exchanges.at(-1);
  }

  /**
   * Marks the exchange a failed assertion was judging: the last one answered before the test threw (cleanup
   * requests come after and are never the culprit).
   */
  markFailure(): void {
    const culprit = this.exchanges.at(-1);
    if (culprit && !this.exchanges.some((e) => e.failed)) culprit.failed = true;
  }

  /** The marked exchange first, then the others from the latest back (at most `n`). */
  forFailure(n = 3): Exchange[] {
    const marked = this.exchanges.filter((e) => e.failed);
    const rest = this.exchanges.filter((e) => !e.failed).reverse();
    return [...marked, ...rest].slice(0, n);
  }
}

export function formatExchange(e: Exchange): string {
  const req = `${e.method} ${e.url}${e.requestBody ? `\n  ${e.requestContentType ?? ''} ${e.requestBody.slice(0, 600)}` : ''}`;
  return `request: ${req}\nreplay: ${curlOf(e)}\nanswer: HTTP ${e.status} ${e.responseContentType ?? ''} ${e.responseBody.slice(0, MAX)}`;
}

/** A failure's exchanges: the one the failed assertion judged in full, then the others one line each. */
export function formatFailure(recorder: Recorder): string {
  const [first, ...others] = recorder.forFailure(6);
  if (!first) return '';
  const lines = [formatExchange(first)];
  if (others.length > 0) {
    lines.push('other exchanges of the test (latest first):');
    for (const e of others) lines.push(`  ${e.method} ${e.url} -> HTTP ${e.status}`);
  }
  return lines.join('\n');
}
