// Credentials and fixture ids the suite uses against a target. Our own targets (reference, stubs, Prism) use
// DEFAULT_FIXTURES; a third-party target gets exactly what its config file (--config, default
// contracts.config.json) and CONTRACT_* environment variables give, nothing else: a missing required key stops
// the run before any request, a missing optional one makes its tests not applicable.
// Each service's fixture shape, required keys and defaults live in fixtures/<service>.ts.
import { ConfigError, readConfigFile } from './config-file.js';
import {
  DEFAULT_AD_CREATIVE_FIXTURES,
  REQUIRED_AD_CREATIVE_FIXTURES,
  type AdCreativeFixtures,
} from './fixtures/ad-creative.js';
import {
  DEFAULT_ANALYTICS_FIXTURES,
  REQUIRED_ANALYTICS_FIXTURES,
  type AnalyticsFixtures,
} from './fixtures/analytics.js';
import {
  DEFAULT_GENERATIVE_FIXTURES,
  REQUIRED_GENERATIVE_FIXTURES,
  type GenerativeFixtures,
} from './fixtures/generative.js';

export type { ExampleIds } from './fixtures/example-ids.js';
export type { AdCreativeFixtures, AnalyticsFixtures, GenerativeFixtures };

export interface Fixtures {
  'ad-creative': AdCreativeFixtures;
  analytics: AnalyticsFixtures;
  generative: GenerativeFixtures;
}

type FixtureService = keyof Fixtures;

/** Fixtures our own targets (Prism, the stubs, the reference implementation) accept. Never sent to a third party. */
export const DEFAULT_FIXTURES: Fixtures = {
  'ad-creative': DEFAULT_AD_CREATIVE_FIXTURES,
  analytics: DEFAULT_ANALYTICS_FIXTURES,
  generative: DEFAULT_GENERATIVE_FIXTURES,
};

/** The keys a third-party target must configure: each interface's keys without `?`. */
export const REQUIRED_FIXTURES: { readonly [S in FixtureService]: readonly (keyof Fixtures[S] & string)[] } = {
  'ad-creative': REQUIRED_AD_CREATIVE_FIXTURES,
  analytics: REQUIRED_ANALYTICS_FIXTURES,
  generative: REQUIRED_GENERATIVE_FIXTURES,
};

// Compile-time check that each REQUIRED_* list names exactly the interface's keys without `?`.
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsMatchInterfaces: [
  Same<RequiredKeys<AdCreativeFixtures>, (typeof REQUIRED_AD_CREATIVE_FIXTURES)[number]>,
  Same<RequiredKeys<AnalyticsFixtures>, (typeof REQUIRED_ANALYTICS_FIXTURES)[number]>,
  Same<RequiredKeys<GenerativeFixtures>, (typeof REQUIRED_GENERATIVE_FIXTURES)[number]>,
] = [true, true, true];
void listsMatchInterfaces;

type DeepPartial<T> = {
  [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K];
};

export interface TargetConfig {
  endpoints?: Record<string, { baseUrl?: string; uploadUrl?: string }>;
  fixtures?: DeepPartial<Fixtures>;
  /** Opt-in: rate-limit bursts and quota-spending tests run on this third-party target (same as --allow-bursts). */
  allowBursts?: boolean;
  /** The largest answer the suite reads, in bytes (same as --max-answer-bytes). */
  maxAnswerBytes?: number;
}

/** CONTRACT_<SERVICE>_<KEY>: the environment variable of a fixture key, e.g. CONTRACT_AD_CREATIVE_ACCESS_TOKEN. */
export function fixtureEnvName(service: string, key: string): string {
  return `CONTRACT_${service.replace(/-/g, '_').toUpperCase()}_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Every key the suite knows for a service: the defaults' keys, the required ones, and exampleIds (JSON). */
function knownKeys(service: FixtureService): string[] {
  return [...new Set([...Object.keys(DEFAULT_FIXTURES[service]), ...REQUIRED_FIXTURES[service], 'exampleIds'])];
}

/** A variable's text as the key's type: JSON when it looks like JSON, a list split on commas, a number. */
function parseEnvValue(value: string, sample: unknown): unknown {
  if (/^\s*[[{]/.test(value)) return JSON.parse(value);
  if (Array.isArray(sample))
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof sample === 'number') return Number(value);
  return value;
}

/** Fixtures given as CONTRACT_* environment variables (they override the config file). */
export function fixturesFromEnv(env: NodeJS.ProcessEnv = process.env): DeepPartial<Fixtures> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const service of Object.keys(DEFAULT_FIXTURES) as FixtureService[]) {
    for (const key of knownKeys(service)) {
      const value = env[fixtureEnvName(service, key)];
      if (value === undefined) continue;
      const name = fixtureEnvName(service, key);
      try {
        (out[service] ??= {})[key] = parseEnvValue(
          value,
          (DEFAULT_FIXTURES[service] as unknown as Record<string, unknown>)[key],
        );
      } catch (error) {
        throw new ConfigError(`${name}: not valid JSON (${(error as Error).message})`);
      }
    }
  }
  return out as DeepPartial<Fixtures>;
}

export { ConfigError, readConfigFile };

/** The layers merged key by key over an empty base: no default value ever enters. */
export function mergeFixtures(...layers: Array<DeepPartial<Fixtures> | undefined>): Fixtures {
  const out: Record<string, Record<string, unknown>> = { 'ad-creative': {}, analytics: {}, generative: {} };
  for (const layer of layers) {
    for (const [service, values] of Object.entries(layer ?? {})) Object.assign((out[service] ??= {}), values);
  }
  return out as unknown as Fixtures;
}

/** A third party's fixtures: its config file's, then its CONTRACT_* variables. */
export function thirdPartyFixtures(config: TargetConfig, env: NodeJS.ProcessEnv = process.env): Fixtures {
  return mergeFixtures(config.fixtures, fixturesFromEnv(env));
}

export interface MissingFixture {
  service: FixtureService;
  key: string;
  env: string;
}

export function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The required keys the selected services lack. */
export function missingRequiredFixtures(fixtures: Fixtures, services: readonly string[]): MissingFixture[] {
  const out: MissingFixture[] = [];
  for (const service of services as FixtureService[]) {
    const values = (fixtures[service] ?? {}) as unknown as Record<string, unknown>;
    for (const key of REQUIRED_FIXTURES[service] ?? []) {
      if (isUnset(values[key])) out.push({ service, key, env: fixtureEnvName(service, key) });
    }
  }
  return out;
}

/** Stops a third-party run before any request: which keys are missing and where to give them. */
export class MissingFixturesError extends Error {
  constructor(
    readonly missing: MissingFixture[],
    configFile?: string,
  ) {
    const width = Math.max(...missing.map((m) => `${m.service}.${m.key}`.length));
    super(
      [
        `The target needs ${missing.length} required fixture(s) that are not configured; no request was sent.`,
        ...missing.map((m) => `  ${`${m.service}.${m.key}`.padEnd(width)}  (environment variable ${m.env})`),
        `Give them in ${configFile ?? 'contracts.config.json'} ("fixtures": { "<service>": { "<key>": ... } }) or as the environment variables above.`,
        'This suite never sends its own test values to a third-party target.',
      ].join('\n'),
    );
    this.name = 'MissingFixturesError';
  }
}

export function assertRequiredFixtures(fixtures: Fixtures, services: readonly string[], configFile?: string): void {
  const missing = missingRequiredFixtures(fixtures, services);
  if (missing.length > 0) throw new MissingFixturesError(missing, configFile);
}
