// Sends one request to the target, bounded: a time limit for the whole exchange, a cap on the answer's bytes (the
// rest is cancelled, never buffered), and credentials only for the target's own origin (a redirect elsewhere is
// not followed: the redirect itself is the answer judged).
import { isStaleConnection } from '../harness/stale-connection.js';

export interface EngineRequest {
  method: string;
  /** The path with its values in place, and the query string. */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  contentType?: string;
  body?: string;
}

export interface EngineAnswer {
  status: number;
  headers: Record<string, string>;
  contentType?: string;
  /** The body as text (up to the cap). */
  body: string;
  /** True when the body was cut at the cap. */
  truncated: boolean;
}

export interface Exchange {
  request: EngineRequest;
  url: string;
  answer?: EngineAnswer;
  /** Why no answer came (a refused connection, the time limit). */
  error?: string;
}

export interface TransportLimits {
  timeoutMs: number;
  maxAnswerBytes: number;
}

export function requestUrl(baseUrl: string, request: EngineRequest): string {
  const url = new URL(baseUrl.replace(/\/$/, '') + request.path);
  for (const [k, v] of request.query) url.searchParams.append(k, v);
  return url.toString();
}

/** Reads at most `cap` bytes of a body, then cancels the rest. */
async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number): Promise<[string, boolean]> {
  if (!body) return ['', false];
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return [Buffer.concat(chunks).toString('utf8'), false];
      if (size + value.byteLength > cap) {
        chunks.push(value.subarray(0, cap - size));
        await reader.cancel();
        return [Buffer.concat(chunks).toString('utf8'), true];
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Sends the request; once more when the connection it went on was one the target had closed (stale-connection.ts). */
export async function send(baseUrl: string, request: EngineRequest, limits: TransportLimits): Promise<Exchange> {
  const first = await sendOnce(baseUrl, request, limits);
  return first.error && isStaleConnection(first.error) ? sendOnce(baseUrl, request, limits) : first;
}

async function sendOnce(baseUrl: string, request: EngineRequest, limits: TransportLimits): Promise<Exchange> {
  const url = requestUrl(baseUrl, request);
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType) headers['content-type'] = request.contentType;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      signal,
    });
    const [body, truncated] = await readCapped(response.body, limits.maxAnswerBytes);
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    const contentType = response.headers.get('content-type') ?? undefined;
    return { request, url, answer: { status: response.status, headers: answerHeaders, contentType, body, truncated } };
  } catch (error) {
    const e = error as Error;
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${limits.timeoutMs} ms`
        : ((e.cause as Error)?.message ?? e.message);
    return { request, url, error: reason };
  }
}
