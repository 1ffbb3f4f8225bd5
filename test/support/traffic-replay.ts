// Replays an exchange of public-client traffic (written by this project, modelled on what the public services'
// clients send) against two judges: the generated server of the spec answering its examples (the spec's own
// validators decide: 2xx accepted, 4xx refused) and the reference. Each is sent with the judge's credentials.
import http from 'node:http';
import { createAdCreativeServer } from '../../generated/ad-creative/server.js';
import { createAnalyticsServer } from '../../generated/analytics/server.js';
import { createGenerativeServer } from '../../generated/generative/server.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import type { ServiceKey } from '../../contracts/harness/services.js';

export type Verdict = 'accept' | 'refuse';

export interface TrafficExchange {
  /** The class of public traffic it stands for (a cause of refusal in the fidelity review, or a control). */
  kind: string;
  name: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body (sent as JSON), or its text as a client sent it (lax JSON), or form fields. */
  json?: unknown;
  text?: string;
  form?: Record<string, string>;
  /** What the spec's validators must answer, and what the reference must. */
  spec: Verdict;
  reference: Verdict;
  /** Why a refusal is right: the document's sentence, or the control it is. */
  because?: string;
}

/** The reference seed's credentials per service (the stubs take any). */
const CREDENTIALS: Record<ServiceKey, { query?: Record<string, string>; headers?: Record<string, string> }> = {
  'ad-creative': { query: { access_token: 'test-token-admin' } },
  analytics: { headers: { authorization: 'Bearer test-token-all-scopes' } },
  generative: { query: { key: 'test-api-key' } },
};

export interface Answer {
  status: number;
  contentType?: string;
  text: string;
}

/** Sends one exchange to a base URL with the service's credentials, reading the whole answer. */
export async function replay(service: ServiceKey, baseUrl: string, exchange: TrafficExchange): Promise<Answer> {
  const credentials = CREDENTIALS[service];
  const query = new URLSearchParams({ ...exchange.query, ...credentials.query });
  const headers: Record<string, string> = { ...exchange.headers, ...credentials.headers };
  let body: string | undefined;
  if (exchange.json !== undefined) body = JSON.stringify(exchange.json);
  else if (exchange.text !== undefined) body = exchange.text;
  else if (exchange.form !== undefined) body = new URLSearchParams(exchange.form).toString();
  if (body !== undefined)
    headers['content-type'] ??= exchange.form ? 'application/x-www-form-urlencoded' : 'application/json';
  const response = await fetch(`${baseUrl}${exchange.path}?${query}`, { method: exchange.method, headers, body });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
    text: await response.text(),
  };
}

export function verdictOf(answer: Answer): Verdict | 'unexpected' {
  if (answer.status >= 200 && answer.status < 300) return 'accept';
  return answer.status >= 400 && answer.status < 500 ? 'refuse' : 'unexpected';
}

const FACTORIES = {
  'ad-creative': createAdCreativeServer,
  analytics: createAnalyticsServer,
  generative: createGenerativeServer,
} as const;

/** The generated server of a service answering the spec's examples: what the spec's validators let through. */
export function specServer(service: ServiceKey): Promise<RunningServer> {
  const create = FACTORIES[service] as (handlers: unknown, options: unknown) => http.RequestListener;
  return listenLocal(create(exampleHandlers(service), {}));
}
