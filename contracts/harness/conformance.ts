// Checks every recorded answer against the spec: the route must exist, the HTTP status must be one the
// operation documents, and a JSON body must match that response's schema (compiled validators of the
// generated server). This is what makes every rule test also a per-operation conformance check.
import fs from 'node:fs';
import path from 'node:path';
import { adCreativeRoutes } from '../../generated/ad-creative/server.js';
import { analyticsRoutes } from '../../generated/analytics/server.js';
import { generativeRoutes } from '../../generated/generative/server.js';
import { ROOT } from '../../generator/loader.js';
import type { ServiceKey } from '../../generator/services.js';
import type { Exchange } from './recorder.js';

type Route = (typeof adCreativeRoutes)[number];

export const ROUTES: Record<ServiceKey, Route[]> = {
  'ad-creative': adCreativeRoutes,
  analytics: analyticsRoutes,
  generative: generativeRoutes,
};

export interface Violation {
  exchange: Exchange;
  message: string;
}

const documented = new Map<ServiceKey, Map<string, string[]>>();

/** Documented response statuses of each operation, read from the bundled spec the generator wrote. */
function documentedStatuses(service: ServiceKey): Map<string, string[]> {
  let map = documented.get(service);
  if (!map) {
    const doc = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated', service, 'openapi.json'), 'utf8'));
    map = new Map();
    for (const item of Object.values<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        if (op && typeof op === 'object' && op.operationId) map.set(op.operationId, Object.keys(op.responses ?? {}));
      }
    }
    documented.set(service, map);
  }
  return map;
}

function pattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`${source}$`);
}

/** The route an exchange went to: same method, and the URL path ends with the route's path. */
export function routeOf(service: ServiceKey, method: string, url: string): Route | undefined {
  const pathname = new URL(url).pathname;
  const candidates = ROUTES[service].filter((r) => r.method === method.toUpperCase() && pattern(r.path).test(pathname));
  // The most literal route wins, as in the router.
  return candidates.sort((a, b) => b.path.replace(/\{[^}]+\}/g, '').length - a.path.replace(/\{[^}]+\}/g, '').length)[0];
}

export function checkExchange(service: ServiceKey, exchange: Exchange): string | undefined {
  const route = routeOf(service, exchange.method, exchange.url);
  if (!route) return undefined; // a request to a path the spec does not have: the test itself judges the answer
  const statuses = documentedStatuses(service).get(route.operationId) ?? [];
  const status = String(exchange.status);
  const key = statuses.includes(status) ? status : statuses.includes(`${status[0]}XX`) ? `${status[0]}XX` : statuses.includes('default') ? 'default' : undefined;
  if (!key) return `${route.operationId}: HTTP ${status} is not a documented response (documented: ${statuses.join(', ')})`;
  if (!exchange.responseContentType?.includes('json')) return undefined;
  const validator = (route.validateResponse as Record<string, Route['validateParams']>)[key];
  if (!validator) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(exchange.responseBody);
  } catch {
    return `${route.operationId}: HTTP ${status} answer is not valid JSON`;
  }
  if (validator(body)) return undefined;
  const errors = (validator.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  return `${route.operationId}: HTTP ${status} body does not match the spec: ${errors}`;
}

export async function checkExchanges(service: ServiceKey, exchanges: Exchange[]): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const exchange of exchanges) {
    const message = checkExchange(service, exchange);
    if (message) out.push({ exchange, message });
  }
  return out;
}
