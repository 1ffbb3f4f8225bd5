// Every recorded answer of a rule test judged by the engine's judge (contracts/engine/judge.ts), on the service's
// spec: a documented status, a documented content type, a JSON body valid against the response's schema, an event
// stream of `data:` events valid against the declared event schema (`x-sse-data`), documented headers valid. Each
// finding carries the check id `spec-first test` reports it under; this file only finds the operation an exchange
// went to and hands the answer over. This makes every rule test also a per-operation conformance check.
import { adCreativeRoutes } from '../../generated/ad-creative/server.js';
import { analyticsRoutes } from '../../generated/analytics/server.js';
import { generativeRoutes } from '../../generated/generative/server.js';
import { generatedSpec, type OperationModel, RouteTable, type ServiceModel } from '../../generator/model/index.js';
import { ANSWER_CHECKS, type CheckId } from '../engine/checks.js';
import { type Judgement, judgeAnswer } from '../engine/judge.js';
import { prismDeviation } from '../engine/prism-deviations.js';
import { DocumentPointers, DocumentSchemas } from '../engine/schemas.js';
import type { EngineAnswer } from '../engine/transport.js';
import type { ServiceKey } from './services.js';
import type { Exchange } from './recorder.js';

type Route = (typeof adCreativeRoutes)[number];

export const ROUTES: Record<ServiceKey, Route[]> = {
  'ad-creative': adCreativeRoutes,
  analytics: analyticsRoutes,
  generative: generativeRoutes,
};

export interface Violation {
  exchange: Exchange;
  check: CheckId;
  /** `<check>: <operationId>: what is wrong`. */
  message: string;
}

export interface JudgeOptions {
  /** The checks judged (--check, --exclude-check); all the answer checks when absent. */
  checks?: readonly CheckId[];
  /** The target is Prism: its known deviations from the document are not findings (as `spec-first test --mock`). */
  mock?: boolean;
}

interface Judged {
  model: ServiceModel;
  schemas: DocumentSchemas;
  pointers: DocumentPointers;
  operations: Map<string, OperationModel>;
}

const judged = new Map<ServiceKey, Judged>();

/** The engine's view of a service's spec: the model of the bundled spec the generator wrote, its schemas compiled once. */
function judgedOf(service: ServiceKey): Judged {
  let entry = judged.get(service);
  if (!entry) {
    const { model } = generatedSpec(service);
    entry = {
      model,
      schemas: new DocumentSchemas(model.document),
      pointers: new DocumentPointers(model.document),
      operations: new Map(model.operations.map((op) => [op.id, op])),
    };
    judged.set(service, entry);
  }
  return entry;
}

const tables = new Map<ServiceKey, RouteTable<Route>>();

/** The route an exchange went to: same method, and the URL path ends with the route's path (after a base path). */
export function routeOf(service: ServiceKey, method: string, url: string): Route | undefined {
  let table = tables.get(service);
  if (!table) {
    table = new RouteTable(ROUTES[service], { anyPrefix: true });
    tables.set(service, table);
  }
  return table.match(method, new URL(url).pathname)?.route;
}

/** The answer as the engine's transport would have read it. */
function answerOf(exchange: Exchange): EngineAnswer {
  return {
    status: exchange.status,
    headers: exchange.responseHeaders ?? {},
    contentType: exchange.responseContentType,
    body: exchange.responseBody,
    truncated: false,
  };
}

/** The engine's failures on one answer (none when it conforms, or when the path is not the spec's). */
export function judgeExchange(
  service: ServiceKey,
  exchange: Exchange,
  options: JudgeOptions = {},
): Array<{ check: CheckId; message: string }> {
  // No answer came: the harness reports the test as an error, not a conformance finding.
  if (exchange.status === 0) return [];
  const route = routeOf(service, exchange.method, exchange.url);
  if (!route) return []; // a request to a path the spec does not have: the test itself judges the answer
  const { model, schemas, pointers, operations } = judgedOf(service);
  const op = operations.get(route.operationId);
  if (!op) return [];
  const checks = options.checks ?? ANSWER_CHECKS;
  const answer = answerOf(exchange);
  return judgeAnswer(model, schemas, pointers, op, answer)
    .filter((j): j is Judgement & { failure: string } => j.failure !== undefined && checks.includes(j.check))
    .filter((j) => !(options.mock && prismDeviation(op, answer, j)))
    .map((j) => ({ check: j.check, message: `${j.check}: ${op.id}: ${j.failure}` }));
}

/** Every way an answer breaks the spec, one line each naming its check (empty when it conforms). */
export function checkExchange(service: ServiceKey, exchange: Exchange, options: JudgeOptions = {}): string[] {
  return judgeExchange(service, exchange, options).map((f) => f.message);
}

/** A failure's text: the first finding on its first line (the line every report shows), the others after it. */
export function findingsText(findings: ReadonlyArray<{ message: string }>): string {
  return findings.map((f, i) => (i === 0 ? `the answer breaks the spec: ${f.message}` : `  ${f.message}`)).join('\n');
}

/** How long a still-open event stream may take to end after its test did. */
const STREAM_GRACE_MS = 5_000;

export async function checkExchanges(
  service: ServiceKey,
  exchanges: Exchange[],
  options: JudgeOptions = {},
): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const exchange of exchanges) {
    if (exchange.streamDone) {
      const ended = await Promise.race([
        exchange.streamDone.then(() => true),
        new Promise<boolean>((r) => setTimeout(r, STREAM_GRACE_MS, false).unref()),
      ]);
      // A stream the test left open (or cut off on purpose) is judged by the test, not here.
      if (!ended || exchange.responseBody.startsWith('<event stream')) continue;
    }
    for (const finding of judgeExchange(service, exchange, options)) out.push({ exchange, ...finding });
  }
  return out;
}
