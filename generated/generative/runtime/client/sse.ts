// Copied from templates/runtime/client/sse.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Reads a text/event-stream answer as typed JSON events. The byte stream is decoded incrementally and fed
// to eventsource-parser, which handles events split across network chunks, CRLF / CR line endings,
// multi-line `data:` fields and comments; a final event without a trailing blank line is dispatched at EOF.
import { ApiAbortError } from './errors.js';
import { createParser, type EventSourceMessage } from './vendor/eventsource-parser.js';

/** A `data:` payload that is not valid JSON. */
export class SseParseError extends Error {
  override name = 'SseParseError';
  constructor(
    readonly data: string,
    cause: unknown,
  ) {
    super(`server-sent event is not JSON: ${data.slice(0, 120)}`, { cause });
  }
}

/** Every event of the stream, in order, as the raw messages the parser produced. */
export async function* readSseMessages(response: Response, signal?: AbortSignal): AsyncGenerator<EventSourceMessage> {
  if (!response.body) return;
  const queue: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => queue.push(event) });
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw new ApiAbortError('stream', signal.reason);
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (queue.length > 0) yield queue.shift()!;
    }
    // End of stream ends the last event too, even without its blank line (and settles a trailing CR).
    parser.feed(decoder.decode() + '\n\n');
    while (queue.length > 0) yield queue.shift()!;
  } finally {
    reader.releaseLock();
    await response.body.cancel().catch(() => undefined);
  }
}

/** Every `data:` event parsed as JSON of type T (a `[DONE]` sentinel, if a server sends one, ends it). */
export async function* readSseJson<T>(response: Response, signal?: AbortSignal): AsyncGenerator<T> {
  for await (const message of readSseMessages(response, signal)) {
    if (message.data === '[DONE]') return;
    if (message.data.trim() === '') continue;
    try {
      yield JSON.parse(message.data) as T;
    } catch (error) {
      throw new SseParseError(message.data, error);
    }
  }
}
