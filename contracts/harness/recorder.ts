// A fetch that records every exchange a test makes, so a failure can show the request and the answer
// that broke the rule, and so every answer can be checked against the spec.
export interface Exchange {
  method: string;
  url: string;
  requestContentType?: string;
  requestBody?: string;
  status: number;
  responseContentType?: string;
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

export class Recorder {
  readonly exchanges: Exchange[] = [];
  /** Requests the target did not answer, or answered 5xx: each makes the test's outcome an error. */
  readonly targetErrors: string[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    let response: Response;
    try {
      response = await globalThis.fetch(input, init);
    } catch (error) {
      // The caller's own abort is not the target's fault (and has no answer to judge); a refused or dropped
      // connection is: kept as an exchange without an answer, and a target error.
      if (init?.signal?.aborted || (error as Error)?.name === 'AbortError') throw error;
      const cause = ((error as Error)?.cause as Error | undefined)?.message ?? (error as Error)?.message;
      this.exchanges.push({
        method: request.method,
        url: redact(request.url),
        requestContentType: request.headers.get('content-type') ?? undefined,
        requestBody: bodyText(init?.body),
        status: 0,
        responseBody: `<no answer: ${cause}>`,
      });
      this.targetErrors.push(`${request.method} ${redact(request.url)}: no answer (${cause})`);
      throw error;
    }
    if (response.status >= 500)
      this.targetErrors.push(`${request.method} ${redact(request.url)}: HTTP ${response.status}`);
    const contentType = response.headers.get('content-type') ?? undefined;
    const streaming = contentType?.startsWith('text/event-stream');
    const exchange: Exchange = {
      method: request.method,
      url: redact(request.url),
      requestContentType: request.headers.get('content-type') ?? undefined,
      requestBody: bodyText(init?.body),
      status: response.status,
      responseContentType: contentType,
      responseBody: '',
    };
    if (streaming) {
      // The caller reads the stream as it arrives; the recorder reads a copy to the end, in the background.
      exchange.responseBody = '<event stream, still open>';
      exchange.streamDone = response
        .clone()
        .text()
        .then((text) => {
          exchange.responseBody = text.slice(0, MAX_STREAM);
        })
        .catch(() => {
          exchange.responseBody = '<event stream, cut off>';
        });
    } else {
      exchange.responseBody = await response
        .clone()
        .text()
        .catch(() => '<unreadable>');
    }
    this.exchanges.push(exchange);
    return response;
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
  return `request: ${req}\nanswer: HTTP ${e.status} ${e.responseContentType ?? ''} ${e.responseBody.slice(0, MAX)}`;
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
