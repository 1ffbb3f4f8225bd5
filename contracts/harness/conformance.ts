// Checks every recorded answer against the spec: the HTTP status must be one the operation documents, the
// content type one that response documents, a JSON body must match that response's schema (the generated
// server's compiled validators), and an event stream must be `data:` events only, each JSON valid against the
// declared event schema (`x-sse-data`), with no sentinel. This makes every rule test also a per-operation
// conformance check.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createParser } from 'eventsource-parser';
import { adCreativeRoutes } from '../../generated/ad-creative/server.js';
import { analyticsRoutes } from '../../generated/analytics/server.js';
import { generativeRoutes } from '../../generated/generative/server.js';
import { generatedSpec, type JsonSchema, type OpenApiDocument, RouteTable } from '../../generator/model/index.js';
import type { ServiceKey } from './services.js';
import type { Exchange } from './recorder.js';

type Route = (typeof adCreativeRoutes)[number];
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

export const ROUTES: Record<ServiceKey, Route[]> = {
  'ad-creative': adCreativeRoutes,
  analytics: analyticsRoutes,
  generative: generativeRoutes,
};

export interface Violation {
  exchange: Exchange;
  message: string;
}

/** What one documented response of an operation allows. */
interface DocumentedResponse {
  /** Media types of its content; empty when it documents no body. */
  mediaTypes: string[];
  /** The JSON Schema of each `data:` event, for an event stream (`x-sse-data`). */
  sseData?: JsonSchema;
}

type OperationResponses = Map<string, DocumentedResponse>;

const documented = new Map<ServiceKey, { doc: OpenApiDocument; operations: Map<string, OperationResponses> }>();

/** The documented responses of each operation, from the model of the bundled spec the generator wrote. */
function documentedOf(service: ServiceKey) {
  let entry = documented.get(service);
  if (!entry) {
    const { document: doc, model } = generatedSpec(service);
    const operations = new Map<string, OperationResponses>();
    for (const op of model.operations) {
      const responses: OperationResponses = new Map();
      for (const response of op.responses) {
        responses.set(response.status, { mediaTypes: response.contentTypes, sseData: response.sseData });
      }
      operations.set(op.id, responses);
    }
    entry = { doc, operations };
    documented.set(service, entry);
  }
  return entry;
}

const eventValidators = new Map<string, ValidateFunction>();

/** A validator of the declared event schema (ajv over the bundled spec, so its $refs resolve). */
function eventValidator(service: ServiceKey, schema: JsonSchema): ValidateFunction {
  const key = `${service} ${JSON.stringify(schema)}`;
  let validate = eventValidators.get(key);
  if (!validate) {
    const ajv = new Ajv2020({ strict: false, allErrors: false, logger: false });
    addFormats(ajv);
    ajv.addSchema(documentedOf(service).doc, 'spec');
    validate = ajv.compile(
      typeof schema?.$ref === 'string' && schema.$ref.startsWith('#') ? { $ref: `spec${schema.$ref}` } : schema,
    );
    eventValidators.set(key, validate);
  }
  return validate;
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

function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function mediaMatches(actual: string, documentedType: string): boolean {
  const d = documentedType.toLowerCase();
  if (d === '*/*' || d === actual) return true;
  return d.endsWith('/*') && actual.startsWith(d.slice(0, -1));
}

function schemaErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');
}

/** An event stream's problems: framing other than `data:` events, non-JSON data (a sentinel), schema breaks. */
export function checkEventStream(
  service: ServiceKey,
  operationId: string,
  text: string,
  schema: JsonSchema | undefined,
): string[] {
  const problems: string[] = [];
  const events: Array<{ event?: string; id?: string; data: string }> = [];
  const parser = createParser({
    onEvent: (e) => events.push(e),
    onRetry: () => problems.push('a `retry:` field (the stream is `data:` events only)'),
  });
  parser.feed(text);
  const complete = events.length;
  parser.feed('\n\n'); // ends a pending event: one that shows up now was never terminated by a blank line
  if (events.length > complete) problems.push('the stream ends inside an event (no blank line after the last `data:`)');
  const validate = schema ? eventValidator(service, schema) : undefined;
  events.forEach((e, i) => {
    const at = `event ${i + 1}`;
    if (e.event) problems.push(`${at} has an \`event: ${e.event}\` field (the stream is \`data:\` events only)`);
    if (e.id) problems.push(`${at} has an \`id:\` field (the stream is \`data:\` events only)`);
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      problems.push(
        `${at} is not JSON: ${JSON.stringify(e.data.slice(0, 60))} (no sentinel such as [DONE]: the stream just ends)`,
      );
      return;
    }
    if (validate && !validate(data))
      problems.push(`${at} does not match the declared event schema: ${schemaErrors(validate)}`);
  });
  return problems.map((p) => `${operationId}: ${p}`);
}

/** Every way an answer breaks the spec (empty when it conforms, or when the path is not the spec's). */
export function checkExchange(service: ServiceKey, exchange: Exchange): string[] {
  const route = routeOf(service, exchange.method, exchange.url);
  if (!route) return []; // a request to a path the spec does not have: the test itself judges the answer
  const responses = documentedOf(service).operations.get(route.operationId) ?? new Map<string, DocumentedResponse>();
  const statuses = [...responses.keys()];
  const status = String(exchange.status);
  const key = statuses.includes(status)
    ? status
    : statuses.includes(`${status[0]}XX`)
      ? `${status[0]}XX`
      : statuses.includes('default')
        ? 'default'
        : undefined;
  if (!key)
    return [`${route.operationId}: HTTP ${status} is not a documented response (documented: ${statuses.join(', ')})`];
  const response = responses.get(key)!;
  const media = mediaTypeOf(exchange.responseContentType);
  const hasBody = exchange.responseBody.length > 0;
  if (response.mediaTypes.length > 0 && hasBody) {
    if (!media)
      return [
        `${route.operationId}: HTTP ${status} answer has a body but no content type (documented: ${response.mediaTypes.join(', ')})`,
      ];
    if (!response.mediaTypes.some((d) => mediaMatches(media, d))) {
      return [
        `${route.operationId}: HTTP ${status} answer is ${media}; the spec documents ${response.mediaTypes.join(', ')}`,
      ];
    }
  }
  if (media === 'text/event-stream')
    return checkEventStream(service, route.operationId, exchange.responseBody, response.sseData);
  if (!media?.includes('json')) return [];
  const validator = (route.validateResponse as Record<string, Route['validateParams']>)[key];
  if (!validator) return [];
  let body: unknown;
  try {
    body = JSON.parse(exchange.responseBody);
  } catch {
    return [`${route.operationId}: HTTP ${status} answer is not valid JSON`];
  }
  if (validator(body)) return [];
  return [
    `${route.operationId}: HTTP ${status} body does not match the spec: ${schemaErrors(validator as unknown as ValidateFunction)}`,
  ];
}

/** How long a still-open event stream may take to end after its test did. */
const STREAM_GRACE_MS = 5_000;

export async function checkExchanges(service: ServiceKey, exchanges: Exchange[]): Promise<Violation[]> {
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
    for (const message of checkExchange(service, exchange)) out.push({ exchange, message });
  }
  return out;
}
