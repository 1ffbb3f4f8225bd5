// The per-operation conformance requests put the target's fixtures in place of the spec's example values:
// credentials, API version, ad account, model, and the example resource ids (fixtures' exampleIds).
import { describe, expect, it } from 'vitest';
import { fixtureRequest } from '../../contracts/harness/spec-docs.js';
import { generatedSpec } from '../../generator/model/index.js';
import {
  fixturesFromEnv,
  mergeFixtures,
  missingRequiredFixtures,
  thirdPartyFixtures,
} from '../../contracts/targets/fixtures.js';

const session = {
  name: 'third party',
  kind: 'stateful' as const,
  endpoints: {},
  strict: false,
  allowBursts: false,
  ownTarget: false,
  maxAnswerBytes: 1 << 20,
  fixtures: mergeFixtures({
    'ad-creative': {
      apiVersion: 'v21.0',
      adAccountId: '42',
      accessToken: 'tok-adc',
      exampleIds: { '120330000008134415': '999000111' },
    },
    analytics: { accessToken: 'tok-ana', exampleIds: { Abc123Group: 'my-group', Abc123Item1: 'my-item' } },
    generative: {
      apiKey: 'key-gen',
      model: 'their-model',
      exampleIds: { 'abc-123': 'their-file', 'cache-1': 'their-cache' },
    },
  }),
};
const request = (service: 'ad-creative' | 'analytics' | 'generative', operationId: string) =>
  fixtureRequest(session, service, generatedSpec(service).model.operations.find((o) => o.id === operationId)!);

describe('fixtureRequest', () => {
  it('puts the ad creative version, account, token and creative id in', () => {
    expect(request('ad-creative', 'getAdCreative').path).toBe('/v21.0/999000111');
    expect(request('ad-creative', 'getAdCreative').query.access_token).toBe('tok-adc');
    expect(request('ad-creative', 'listAdCreatives').path).toBe('/v21.0/act_42/adcreatives');
  });

  it('puts the analytics group and item ids in, in the query and in the body', () => {
    expect(request('analytics', 'deleteGroup').query.id).toBe('my-group');
    expect(request('analytics', 'deleteGroupItem').query.id).toBe('my-item');
    expect(JSON.parse(String(request('analytics', 'insertGroupItem').body)).groupId).toBe('my-group');
    expect(request('analytics', 'listGroups').headers.authorization).toBe('Bearer tok-ana');
  });

  it('puts the generative model, file and cached content ids in', () => {
    expect(request('generative', 'generateContent').path).toBe('/v1beta/models/their-model:generateContent');
    expect(request('generative', 'getFile').path).toBe('/v1beta/files/their-file');
    expect(request('generative', 'getCachedContent').path).toBe('/v1beta/cachedContents/their-cache');
    expect(
      request('generative', 'getFile').query.key ?? request('generative', 'getFile').headers['x-goog-api-key'],
    ).toBe('key-gen');
  });

  it('leaves the examples alone without exampleIds', () => {
    const plain = { ...session, fixtures: mergeFixtures() };
    expect(
      fixtureRequest(plain, 'generative', generatedSpec('generative').model.operations.find((o) => o.id === 'getFile')!)
        .path,
    ).toBe('/v1beta/files/abc-123');
  });
});

describe('fixtures from CONTRACT_* variables', () => {
  it('reads each key by its variable: text, a comma list, a number, JSON', () => {
    const f = fixturesFromEnv({
      CONTRACT_AD_CREATIVE_ACCESS_TOKEN: 'tok',
      CONTRACT_AD_CREATIVE_RATE_LIMIT_BURST: '7',
      CONTRACT_ANALYTICS_VIDEO_IDS: 'v1, v2',
      CONTRACT_GENERATIVE_EXAMPLE_IDS: '{"abc-123":"mine"}',
    });
    expect(f).toEqual({
      'ad-creative': { accessToken: 'tok', rateLimitBurst: 7 },
      analytics: { videoIds: ['v1', 'v2'] },
      generative: { exampleIds: { 'abc-123': 'mine' } },
    });
  });

  it('names every missing required key of the selected services, and no default fills one', () => {
    const missing = missingRequiredFixtures(thirdPartyFixtures({ fixtures: { generative: { apiKey: 'k' } } }, {}), [
      'generative',
    ]);
    expect(missing.map((m) => `${m.key} ${m.env}`)).toEqual([
      'invalidApiKey CONTRACT_GENERATIVE_INVALID_API_KEY',
      'model CONTRACT_GENERATIVE_MODEL',
    ]);
  });
});
