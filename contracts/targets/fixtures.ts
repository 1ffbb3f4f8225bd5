// Credentials and fixture ids the suite uses against a target: defaults for our own targets, or read
// from a config file (--config, default contracts.config.json) and CONTRACT_* environment variables.
// Each service's fixture shape and defaults live in fixtures/<service>.ts.
import fs from 'node:fs';
import { DEFAULT_AD_CREATIVE_FIXTURES, type AdCreativeFixtures } from './fixtures/ad-creative.js';
import { DEFAULT_ANALYTICS_FIXTURES, type AnalyticsFixtures } from './fixtures/analytics.js';
import { DEFAULT_GENERATIVE_FIXTURES, type GenerativeFixtures } from './fixtures/generative.js';

export type { ExampleIds } from './fixtures/example-ids.js';
export type { AdCreativeFixtures, AnalyticsFixtures, GenerativeFixtures };

export interface Fixtures {
  'ad-creative': AdCreativeFixtures;
  analytics: AnalyticsFixtures;
  generative: GenerativeFixtures;
}

/** Fixtures our own targets (Prism, the reference implementation) accept. */
export const DEFAULT_FIXTURES: Fixtures = {
  'ad-creative': DEFAULT_AD_CREATIVE_FIXTURES,
  analytics: DEFAULT_ANALYTICS_FIXTURES,
  generative: DEFAULT_GENERATIVE_FIXTURES,
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

export interface TargetConfig {
  endpoints?: Record<string, { baseUrl?: string; uploadUrl?: string }>;
  fixtures?: DeepPartial<Fixtures>;
}

/** Environment variables that override the config file, e.g. CONTRACT_AD_CREATIVE_ACCESS_TOKEN. */
export function fixturesFromEnv(env: NodeJS.ProcessEnv = process.env): DeepPartial<Fixtures> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const service of Object.keys(DEFAULT_FIXTURES) as Array<keyof Fixtures>) {
    const prefix = `CONTRACT_${service.replace('-', '_').toUpperCase()}_`;
    for (const key of Object.keys(DEFAULT_FIXTURES[service])) {
      const name = prefix + key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
      const value = env[name];
      if (value === undefined) continue;
      const sample = (DEFAULT_FIXTURES[service] as unknown as Record<string, unknown>)[key];
      (out[service] ??= {})[key] = Array.isArray(sample) ? value.split(',') : typeof sample === 'number' ? Number(value) : value;
    }
  }
  return out as DeepPartial<Fixtures>;
}

export function readConfigFile(file: string | undefined): TargetConfig {
  if (!file || !fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as TargetConfig;
}

export function mergeFixtures(...layers: Array<DeepPartial<Fixtures> | undefined>): Fixtures {
  const out = structuredClone(DEFAULT_FIXTURES) as unknown as Record<string, Record<string, unknown>>;
  for (const layer of layers) {
    for (const [service, values] of Object.entries(layer ?? {})) Object.assign((out[service] ??= {}), values);
  }
  return out as unknown as Fixtures;
}
