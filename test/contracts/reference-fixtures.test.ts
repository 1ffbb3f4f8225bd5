// The reference target's fixtures (contracts/targets/reference.ts) name what the reference's default seed
// holds: every token, key and id the suite uses as valid is a value of the seed, in its service's section,
// and the ones the suite uses as invalid are not. The reference itself knows nothing of these fixtures.
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { SPEC_EXAMPLE_IDS } from '../../contracts/targets/fixtures/example-ids.js';
import { REFERENCE_FIXTURES } from '../../contracts/targets/reference.js';
import { generatedSpec } from '../../generator/model/index.js';
import { DEFAULT_SEED_FILE } from '../../reference/foundation/seed.js';

const seed = parse(fs.readFileSync(DEFAULT_SEED_FILE, 'utf8')) as Record<string, unknown>;

/**
 * Every scalar of a seed section, as text (map keys included: some sections key their entries by id), and the
 * id of each resource name (`models/model-pro-1` holds `model-pro-1`).
 */
function scalarsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) scalarsOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      scalarsOf(v, out);
    }
  else if (value !== null && value !== undefined) {
    out.add(String(value));
    out.add(String(value).split('/').pop()!);
  }
  return out;
}

const HELD = {
  'ad-creative': [
    'accessToken',
    'devAccessToken',
    'noAccessToken',
    'expiredToken',
    'adAccountId',
    'secondAdAccountId',
    'rateLimitAdAccountId',
    'pageId',
    'oversizedImagePostId',
    'imageAtLimitPostId',
    'imageOverLimitPostId',
    'taggedPostId',
    'sponsorPageId',
    'sponsorId',
    'imageHash',
  ],
  analytics: [
    'accessToken',
    'readonlyToken',
    'accountManagementToken',
    'noScopeToken',
    'channelId',
    'contentOwner',
    'videoIds',
    'playlistId',
    'foreignVideoId',
  ],
  generative: ['apiKey', 'otherProjectApiKey', 'model', 'tunedModel'],
} as const;
const ABSENT = { 'ad-creative': ['invalidToken'], analytics: ['invalidToken'], generative: ['invalidApiKey'] } as const;

for (const service of Object.keys(HELD) as Array<keyof typeof HELD>) {
  it(`${service}: the fixtures' tokens, keys and ids are the default seed's, the invalid ones are not`, () => {
    const scalars = scalarsOf(seed[service]);
    const fixtures = REFERENCE_FIXTURES[service] as unknown as Record<string, unknown>;
    const missing = HELD[service].flatMap((key) => {
      const values = ([] as unknown[]).concat(fixtures[key]);
      return values.filter((v) => !scalars.has(String(v))).map((v) => `${key}=${v}`);
    });
    expect(missing).toEqual([]);
    for (const key of ABSENT[service]) expect(scalars.has(String(fixtures[key])), key).toBe(false);
  });
}

it('ad-creative: the posts of the image limit hold exactly 8 MB, one byte more, and more', () => {
  const posts = (seed['ad-creative'] as { posts: Array<{ id: string; imageBytes: number }> }).posts;
  const bytes = (id: string) => posts.find((p) => p.id === id)?.imageBytes;
  const f = REFERENCE_FIXTURES['ad-creative'];
  expect(bytes(f.imageAtLimitPostId!)).toBe(8 * 1024 * 1024);
  expect(bytes(f.imageOverLimitPostId!)).toBe(8 * 1024 * 1024 + 1);
  expect(bytes(f.oversizedImagePostId!)).toBeGreaterThan(8 * 1024 * 1024 + 1);
});

it("the spec's example resource ids are in each service's bundled spec and in the reference's seed", () => {
  for (const [service, ids] of Object.entries(SPEC_EXAMPLE_IDS)) {
    const bundle = JSON.stringify(generatedSpec(service));
    const scalars = scalarsOf(seed[service]);
    for (const id of ids) {
      expect(bundle.includes(id), `${service}: ${id} in the spec's examples`).toBe(true);
      expect(scalars.has(id), `${service}: ${id} in the seed`).toBe(true);
    }
  }
});
