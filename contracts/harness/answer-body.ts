// Reading a target's answers within a byte limit: a target under test may send an endless stream or a body of
// gigabytes, and the suite must neither hold it in memory nor keep reading it after its test ended. A whole
// answer is read up to the limit (its Content-Length first); an event stream goes to the caller through a
// counting pass-through, and the recorder keeps a bounded copy of its first bytes.

/** The default limit of one answer's size (--max-answer-bytes, "maxAnswerBytes" in the config). */
export const DEFAULT_MAX_ANSWER_BYTES = 8 << 20;

/** The answer was larger than the run's limit; the rest was not read and the connection was dropped. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
  constructor(readonly limit: number) {
    super(
      `the answer is larger than the suite's limit of ${formatBytes(limit)} (maxAnswerBytes); the rest was not read`,
    );
  }
}

export function formatBytes(n: number): string {
  if (n >= 1 << 20 && n % (1 << 20) === 0) return `${n / (1 << 20)} MiB`;
  if (n >= 1 << 10 && n % (1 << 10) === 0) return `${n / (1 << 10)} KiB`;
  return `${n} bytes`;
}

/** The whole body, or AnswerTooLarge as soon as more than `limit` bytes are announced or arrive. */
export async function readWithin(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const body = response.body;
  if (!body) return new Uint8Array();
  const announced = Number(response.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > limit) {
    await body.cancel().catch(() => undefined);
    throw new AnswerTooLarge(limit);
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The caller's side of a stream: passes bytes through as they are read, and errors past `limit` in total. */
export function withinLimit(
  source: ReadableStream<Uint8Array>,
  limit: number,
  onTooLarge: (error: AnswerTooLarge) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total > limit) {
          const error = new AnswerTooLarge(limit);
          onTooLarge(error);
          await reader.cancel(error).catch(() => undefined);
          return controller.error(error);
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

export interface StreamCopy {
  /** The text kept: the whole stream, or its complete events up to `keep` bytes. */
  text: string;
  /** The stream went on past `keep` bytes: the copy stopped reading there. */
  truncated: boolean;
  /** The stream broke off (dropped, aborted at its test's end) before it ended. */
  cutOff: boolean;
}

/**
 * Splits an event stream in two: the caller's branch (bounded by `limit`) and a copy read in the background
 * until it ends or reaches `keep` bytes. The copy stops reading there, so the caller's unread bytes never
 * exceed `keep` either (a tee buffers only what one branch read ahead of the other).
 */
export function copyEventStream(
  source: ReadableStream<Uint8Array>,
  keep: number,
  limit: number,
  onTooLarge: (error: AnswerTooLarge) => void,
): { stream: ReadableStream<Uint8Array>; copy: Promise<StreamCopy> } {
  const [forCaller, forCopy] = source.tee();
  const copy = (async (): Promise<StreamCopy> => {
    const reader = forCopy.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { text: text + decoder.decode(), truncated: false, cutOff: false };
        // The copy stops at `keep` bytes, inside a chunk if need be: a server's chunks can be of any size.
        const part = value.byteLength > keep - size ? value.subarray(0, keep - size) : value;
        size += part.byteLength;
        text += decoder.decode(part, { stream: true });
        if (size >= keep) {
          // Not awaited: a tee's branch settles its cancel only once the other branch is cancelled too.
          void reader.cancel().catch(() => undefined);
          return { text: completeEvents(text), truncated: true, cutOff: false };
        }
      }
    } catch {
      return { text: completeEvents(text), truncated: false, cutOff: true };
    }
  })();
  return { stream: withinLimit(forCaller, limit, onTooLarge), copy };
}

/** The text up to the end of its last complete event (a blank line), so that no event is judged half-read. */
function completeEvents(text: string): string {
  const ends = [...text.matchAll(/\r?\n\r?\n/g)];
  const last = ends.at(-1);
  return last ? text.slice(0, last.index + last[0].length) : '';
}
