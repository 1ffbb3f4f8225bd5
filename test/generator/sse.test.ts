// The SSE reader of the generated generative client (vendored eventsource-parser inside): events split
// across network chunks, CRLF and CR line endings, multi-line data, comments, a last event without its
// blank line, and a payload that is not JSON.
import { describe, expect, it } from 'vitest';
import { readSseJson, SseParseError } from '../../generated/generative/runtime/client/sse.js';

function responseOf(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
}

async function collect(chunks: string[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const event of readSseJson(responseOf(chunks))) out.push(event);
  return out;
}

describe('readSseJson', () => {
  it('reads events split at every byte boundary', async () => {
    const text = 'data: {"a":1}\n\ndata: {"a":2}\n\n';
    const chunks = [...text].map((c) => c);
    expect(await collect(chunks)).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('splits a multi-byte character across chunks without corrupting it', async () => {
    const bytes = new TextEncoder().encode('data: {"t":"é—ü"}\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(new Uint8Array([b]));
        controller.close();
      },
    });
    const out: unknown[] = [];
    for await (const e of readSseJson(new Response(stream))) out.push(e);
    expect(out).toEqual([{ t: 'é—ü' }]);
  });

  it('accepts CRLF and CR line endings', async () => {
    expect(await collect(['data: {"a":1}\r\n\r\ndata: {"a":2}\r\r'])).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('joins multi-line data fields with a newline', async () => {
    expect(await collect(['data: {"a":\ndata: 1}\n\n'])).toEqual([{ a: 1 }]);
  });

  it('ignores comments and fields other than data', async () => {
    expect(await collect([': keep-alive\n\nevent: message\nid: 7\ndata: {"a":1}\n\n: bye\n'])).toEqual([{ a: 1 }]);
  });

  it('flushes a final event that has no trailing blank line', async () => {
    expect(await collect(['data: {"a":1}\n\ndata: {"a":2}'])).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('throws a typed error on a payload that is not JSON', async () => {
    await expect(collect(['data: not json\n\n'])).rejects.toBeInstanceOf(SseParseError);
  });
});
