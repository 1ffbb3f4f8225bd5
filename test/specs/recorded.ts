// Helpers of the recorded-answer tests: an answer of the public service, written as the exchange the
// harness records, and a generated server (answering the spec's examples) to send forbidden requests to.
import http from 'node:http';
import { createAnalyticsServer } from '../../generated/analytics/server.js';
import { createGenerativeServer } from '../../generated/generative/server.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import type { Exchange } from '../../contracts/harness/recorder.js';

/** One recorded exchange: the request line and the answer, as the harness's recorder keeps it. */
export function recorded(method: string, url: string, status: number, body: unknown, requestBody?: unknown): Exchange {
  return {
    method,
    url,
    status,
    requestContentType: requestBody === undefined ? undefined : 'application/json',
    requestBody: requestBody === undefined ? undefined : JSON.stringify(requestBody),
    responseContentType: body === undefined ? undefined : 'application/json; charset=UTF-8',
    responseBody: body === undefined ? '' : JSON.stringify(body),
  };
}

const FACTORIES = { analytics: createAnalyticsServer, generative: createGenerativeServer } as const;

/** The generated server of a service with the example handlers, on a loopback port. */
export async function generatedServer(service: keyof typeof FACTORIES): Promise<RunningServer> {
  const listener = (FACTORIES[service] as (h: unknown, o: unknown) => http.RequestListener)(exampleHandlers(service), {
    maxBodyBytes: 64 * 1024,
  });
  return listenLocal(listener);
}

export interface Answer {
  status: number;
  body: any;
}

/** Sends one request and reads the answer (JSON when it parses). */
export async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

/** A Status-shaped refusal as the generated servers write it. */
export function isStatusError(answer: Answer, http: number): boolean {
  const error = answer.body?.error;
  return (
    answer.status === http &&
    error?.code === http &&
    typeof error.message === 'string' &&
    typeof error.status === 'string'
  );
}
