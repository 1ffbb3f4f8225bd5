// Credentials and fixture ids the suite uses against a target: defaults for our own targets, or read
// from a config file (--config, default contracts.config.json) and CONTRACT_* environment variables.
import fs from 'node:fs';

/**
 * Ids the spec's example requests use (creative 120330000008134415, group Abc123Group, file abc-123, ...)
 * mapped to resources the target holds, for the per-operation conformance rules. Config file only.
 * The conformance run deletes them at its end: map them to disposable resources.
 */
export type ExampleIds = Record<string, string>;

export interface AdCreativeFixtures {
  exampleIds?: ExampleIds;
  apiVersion: string;
  accessToken: string;
  adAccountId: string;
  pageId: string;
  /** A token the target must reject with code 190. */
  invalidToken: string;
  /** A token of an app with development access level (code 270). */
  devAccessToken?: string;
  /** A valid token without access to adAccountId (code 200). */
  noAccessToken?: string;
  /** A page post whose image is over 8 MB (ADC-IMAGE-2). */
  oversizedImagePostId?: string;
  /** How many calls in a burst the target needs to answer 80004 (ADC-RATE-1). */
  rateLimitBurst?: number;
}

export interface AnalyticsFixtures {
  exampleIds?: ExampleIds;
  /** OAuth token with every scope of the service. */
  accessToken: string;
  /** Token with only analytics.readonly. */
  readonlyToken?: string;
  /** Token with only account-management. */
  accountManagementToken?: string;
  /** A valid token without any of the service's scopes (ANA-SCOPE-1's refusal). */
  noScopeToken?: string;
  invalidToken: string;
  channelId: string;
  contentOwner?: string;
  /** Videos the caller owns, for group items (at least 2). */
  videoIds: string[];
  /** 501 videos the caller owns, to fill a group past its limit (ANA-GROUP-1); without them the rule is not applicable. */
  bulkVideoIds?: string[];
  playlistId: string;
  /** A video the caller neither uploaded nor claimed (ANA-GROUP-3). */
  foreignVideoId?: string;
}

export interface GenerativeFixtures {
  exampleIds?: ExampleIds;
  apiKey: string;
  invalidApiKey: string;
  model: string;
  /** A prompt the target's safety filter rates at least LOW for HARM_CATEGORY_HARASSMENT. */
  unsafePrompt?: string;
  rateLimitBurst?: number;
}

export interface Fixtures {
  'ad-creative': AdCreativeFixtures;
  analytics: AnalyticsFixtures;
  generative: GenerativeFixtures;
}

/** Fixtures our own targets (Prism, the reference implementation) accept. */
export const DEFAULT_FIXTURES: Fixtures = {
  'ad-creative': {
    apiVersion: 'v20.0',
    accessToken: 'test-token-admin',
    adAccountId: '1234567890',
    pageId: '111222333444',
    invalidToken: 'invalid-token',
    devAccessToken: 'test-token-dev-app',
    noAccessToken: 'test-token-no-access',
    oversizedImagePostId: '111222333444_999000',
    rateLimitBurst: 60,
  },
  analytics: {
    accessToken: 'test-token-all-scopes',
    readonlyToken: 'test-token-analytics-readonly',
    accountManagementToken: 'test-token-account-management',
    noScopeToken: 'test-token-no-analytics-scope',
    invalidToken: 'invalid-token',
    channelId: 'UCchannel0000000000000001',
    contentOwner: 'owner-1',
    videoIds: ['video-00000001', 'video-00000002', 'video-00000003'],
    bulkVideoIds: Array.from({ length: 501 }, (_, i) => `video-bulk-${i}`),
    playlistId: 'PLplaylist00000001',
    foreignVideoId: 'video-not-mine-01',
  },
  generative: {
    apiKey: 'test-api-key',
    invalidApiKey: 'invalid-api-key',
    model: 'model-pro-1',
    unsafePrompt: 'UNSAFE harassment test prompt',
    rateLimitBurst: 120,
  },
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
