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

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await globalThis.fetch(input, init);
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
}

export function formatExchange(e: Exchange): string {
  const req = `${e.method} ${e.url}${e.requestBody ? `\n  ${e.requestContentType ?? ''} ${e.requestBody.slice(0, 600)}` : ''}`;
  return `request: ${req}\nanswer: HTTP ${e.status} ${e.responseContentType ?? ''} ${e.responseBody.slice(0, MAX)}`;
}
