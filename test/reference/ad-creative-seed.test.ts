// The `ad-creative:` seed section is checked at start: every mistake is named (entry and key), so a bad seed
// file never becomes a 500 later; the default seed is valid and holds what the default fixtures name.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DEFAULT_AD_CREATIVE_FIXTURES as F } from '../../contracts/targets/fixtures/ad-creative.js';
import { DEFAULT_SEED_FILE } from '../../reference/foundation/seed.js';
import { parseSeed, SeedError } from '../../reference/ad-creative/seed.js';

const base = {
  apps: [{ id: '1', name: 'App', access: 'live' }],
  users: [{ id: '2', name: 'User' }],
  adAccounts: [{ id: '3', name: 'Account' }],
  pages: [{ id: '4', name: 'Page' }],
  tokens: [{ token: 't', user: '2', app: '1', adAccounts: ['3'], pages: ['4'] }],
};

describe('the ad-creative seed section', () => {
  it('accepts the default seed, which holds every default fixture', () => {
    const seed = parseSeed(parse(fs.readFileSync(DEFAULT_SEED_FILE, 'utf8'))['ad-creative']);
    const token = (t: string) => seed.tokens.find((x) => x.token === t);
    expect(token(F.accessToken)?.adAccounts).toEqual(
      expect.arrayContaining([F.adAccountId, F.rateLimitAdAccountId, F.secondAdAccountId]),
    );
    expect(token(F.accessToken)?.pages).toContain(F.pageId);
    expect(seed.apps.find((a) => a.id === token(F.devAccessToken!)?.app)?.access).toBe('development');
    expect(token(F.noAccessToken!)?.adAccounts).toEqual([]);
    expect(token(F.invalidToken)).toBeUndefined();
    expect(Date.parse(token(F.expiredToken!)!.expiresAt!)).toBeLessThan(Date.now());
    expect(seed.adAccounts.find((a) => a.id === F.adAccountId)?.images).toContain(F.imageHash);
    expect(seed.adAccounts.find((a) => a.id === F.rateLimitAdAccountId)?.rateLimit?.calls).toBe(F.rateLimitBurst);
    expect(seed.posts.find((p) => p.id === F.oversizedImagePostId)!.imageBytes).toBeGreaterThan(8 * 1024 * 1024);
    const tagged = seed.posts.find((p) => p.id === F.taggedPostId)!;
    expect(tagged.sponsorPageIds).toContain(F.sponsorPageId);
    expect(tagged.sponsorIds).toContain(F.sponsorId);
    expect(seed.creatives.map((c) => c.id)).toContain('120330000008134415');
  });

  it('accepts an empty section and a minimal tenant', () => {
    expect(parseSeed(undefined).tokens).toEqual([]);
    expect(parseSeed(base).tokens[0]!.adAccounts).toEqual(['3']);
  });

  it.each([
    [{ ...base, apps: [{ id: '1', name: 'App', access: 'beta' }] }, /apps\[0\]\.access must be live or development/],
    [{ ...base, tokens: [{ token: 't', user: '9', app: '1' }] }, /tokens\[0\]: user 9 is not declared/],
    [
      { ...base, tokens: [{ token: 't', user: '2', app: '1', adAccounts: ['7'] }] },
      /tokens\[0\]: ad account 7 is not declared/,
    ],
    [{ ...base, posts: [{ id: '5_1' }] }, /posts\[0\]\.id 5_1: its page 5 is not in ad-creative\.pages/],
    [{ ...base, posts: [{ id: 'x' }] }, /posts\[0\]\.id "x" must match/],
    [{ ...base, pages: [{ id: '4', name: 'P', username: '1234' }] }, /pages\[0\]\.username "1234" must match/],
    [{ ...base, pages: [{ id: '4', name: 'P', username: 'a/b' }] }, /pages\[0\]\.username "a\/b" must match/],
    [
      { ...base, adAccounts: [{ id: '3', name: 'A', rateLimit: { calls: 0, windowSeconds: 1 } }] },
      /adAccounts\[0\]\.rateLimit needs calls/,
    ],
    [{ ...base, creatives: [{ id: '6', account: '8' }] }, /creatives\[0\]: ad account 8 is not declared/],
    [{ ...base, users: 'nobody' }, /ad-creative\.users must be a list/],
  ])('names the mistake %#', (section, message) => {
    expect(() => parseSeed(section)).toThrow(SeedError);
    expect(() => parseSeed(section)).toThrow(message);
  });
});
