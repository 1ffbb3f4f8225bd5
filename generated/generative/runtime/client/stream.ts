// Copied from templates/runtime/client/stream.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A server-sent event stream (or newline-delimited JSON) of typed JSON values: the request is sent at once (its failure surfaces at
// `await stream.response()` or at the first event), the events come through `for await`, `abort()` stops it,
// and `toReadableStream()` hands the events on as newline-delimited JSON. An `event: error` (or a data
// payload, or a JSON line, that is `{"error": {...}}` alone: a failed stream's last) ends the stream with the
// service's typed error.
import { ApiAbortError, ApiAnswerTypeError, type ErrorFactory, plainError } from './errors.js';
import { readSseMessages, SseParseError } from './sse.js';

/** The lines of a newline-delimited JSON body, as they arrive (a last line without its newline included). */
async function* readLines(response: Response): AsyncGenerator<{ data: string; event?: undefined }> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let pending = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let end = pending.indexOf('\n');
      while (end >= 0) {
        yield { data: pending.slice(0, end) };
        pending = pending.slice(end + 1);
        end = pending.indexOf('\n');
      }
    }
    pending += decoder.decode();
    if (pending.trim() !== '') yield { data: pending };
  } finally {
    // A consumer that stops early ends the request.
    await reader.cancel().catch(() => undefined);
  }
}

export class ApiStream<T> implements AsyncIterable<T> {
  /** Aborting it stops the request and the stream. */
  readonly controller = new AbortController();
  readonly #response: Promise<Response>;
  #consumed = false;

  constructor(
    readonly operationId: string,
    /** How the service's errors look (its x-error-style) and where its request id travels. */
    private readonly profile: { error: ErrorFactory; requestIdHeaders?: readonly string[] },
    open: (signal: AbortSignal) => Promise<Response>,
    signal?: AbortSignal,
    /** How the values travel: server-sent events, or newline-delimited JSON (one value a line). */
    readonly framing: 'sse' | 'lines' = 'sse',
  ) {
    if (signal?.aborted) this.controller.abort(signal.reason);
    else signal?.addEventListener('abort', () => this.controller.abort(signal.reason), { once: true });
    this.#response = open(this.controller.signal);
    // A stream nobody reads must not end the process with an unhandled rejection.
    this.#response.catch(() => undefined);
  }

  /** The answer once its headers arrived (status, headers); rejects with the call's error. */
  response(): Promise<Response> {
    return this.#response;
  }

  abort(reason?: unknown): void {
    this.controller.abort(reason ?? new Error('stream aborted'));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.#consumed) throw new Error(`${this.operationId}: a stream can be iterated only once`);
    this.#consumed = true;
    const response = await this.#response;
    const type = response.headers.get('content-type') ?? '';
    // A JSON document is no event stream: read as one, it would end with no event at all, silently.
    if (this.framing === 'sse' && /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type)) {
      await response.body?.cancel();
      throw new ApiAnswerTypeError(this.operationId, type);
    }
    const messages = this.framing === 'lines' ? readLines(response) : readSseMessages(response);
    for await (const message of messages) {
      if (this.controller.signal.aborted) throw new ApiAbortError(this.operationId, this.controller.signal.reason);
      if (message.data === '[DONE]' && this.framing === 'sse') return;
      if (message.data.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(message.data);
      } catch (error) {
        throw new SseParseError(message.data, error);
      }
      const error = (value as { error?: { code?: unknown } } | null)?.error;
      if (
        message.event === 'error' ||
        (error && typeof error === 'object' && Object.keys(value as object).length === 1)
      ) {
        const inner = error as { code?: unknown; status?: unknown } | undefined;
        const status = [inner?.code, inner?.status].find((c) => typeof c === 'number' && c >= 400 && c <= 599);
        // A spec without x-error-style: the line's `error` is the answer's body (problem details), as an error
        // answer's whole body would be.
        const body = this.profile.error === plainError && inner ? inner : value;
        throw this.profile.error(
          (status as number | undefined) ?? 500,
          this.operationId,
          body,
          response.headers,
          this.profile.requestIdHeaders,
        );
      }
      yield value as T;
    }
  }

  /** The events as newline-delimited JSON bytes (for a web response or another process). */
  toReadableStream(): ReadableStream<Uint8Array> {
    const iterator = this[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      async pull(target) {
        try {
          const { done, value } = await iterator.next();
          if (done) target.close();
          else target.enqueue(encoder.encode(JSON.stringify(value) + '\n'));
        } catch (error) {
          target.error(error);
        }
      },
      cancel: async () => {
        this.abort();
        await iterator.return?.();
      },
    });
  }
}
