// Shared by the analytics reference tests: the analytics reference alone (through the foundation's
// startReference), the default seed's analytics section, the facts its generator makes (the independent side
// of every comparison), and small sums over them.
import fs from 'node:fs';
import { parse } from 'yaml';
import { generateFacts, type FactRow } from '../../reference/analytics/facts.js';
import { parseSeed, type AnalyticsSeed } from '../../reference/analytics/seed.js';
import { DEFAULT_SEED_FILE } from '../../reference/foundation/seed.js';
import type { ServiceDecorators } from '../../reference/foundation/service.js';
import { startReference } from '../../reference/index.js';

export interface StandaloneAnalytics {
  baseUrl: string;
  close(): Promise<void>;
}

/** The analytics reference alone, fresh, with optional decorators of its parts (planted races). */
export async function startStandaloneAnalytics(
  options: { decorate?: ServiceDecorators } = {},
): Promise<StandaloneAnalytics> {
  const session = await startReference(['analytics'], {
    decorate: options.decorate ? { analytics: options.decorate } : undefined,
  });
  return { baseUrl: session.endpoints.analytics!.baseUrl, close: () => session.stop() };
}

export function defaultSeed(): AnalyticsSeed {
  return parseSeed((parse(fs.readFileSync(DEFAULT_SEED_FILE, 'utf8')) as { analytics: unknown }).analytics);
}

export function factsOf(predicate: (f: FactRow) => boolean): FactRow[] {
  return generateFacts(defaultSeed()).filter(predicate);
}

/** Sums of fact columns per key. */
export function sumBy(facts: FactRow[], key: (f: FactRow) => string, column: keyof FactRow): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of facts) out.set(key(f), (out.get(key(f)) ?? 0) + (f[column] as number));
  return out;
}

export const sum = (facts: FactRow[], column: keyof FactRow): number =>
  facts.reduce((n, f) => n + (f[column] as number), 0);

export async function get(
  baseUrl: string,
  path: string,
  token = 'test-token-all-scopes',
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

export async function send(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token = 'test-token-all-scopes',
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
