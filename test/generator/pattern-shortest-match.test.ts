// The fewest characters a pattern's match has, the bound the round trip's reasons rest on (no-value-reasons.ts):
// never over a real match's length, whatever alternatives, repetitions, lookaheads or back-references it holds;
// none where ret cannot read the pattern.
import { describe, expect, it } from 'vitest';
import { matchesNothing, shortestMatch } from './no-value-reasons.js';

describe('shortestMatch', () => {
  it.each([
    ['[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}', 36],
    ['256|512|(0.25|0.5) vCPU', 3],
    ['^(?=.{3})a(?!b)c$', 2],
    ['(a*)b\\1', 1],
    ['x{2,}(yz)+', 4],
    ['[^a]?', 0],
    ['', 0],
  ])('%s: at least %i', (pattern, length) => {
    expect(shortestMatch(pattern)).toBe(length);
    if (length > 0) expect(new RegExp(pattern).test('.'.repeat(length - 1))).toBe(false);
  });

  it('gives no bound for a pattern it cannot read', () => {
    expect(shortestMatch('(unclosed')).toBeUndefined();
    // ret 0.5 reads no lookbehind.
    expect(shortestMatch('(?<=x)y')).toBeUndefined();
  });
});

describe('matchesNothing', () => {
  it.each([
    ['/^.*[a-z]+.*$/i', true],
    ['a^b', true],
    ['a$b|^c$d', true],
    ['^abc$', false],
    ['x|^.*$', false],
    ['(^a)b', false],
    ['a?^b', false],
    ['', false],
    ['(unclosed', false],
  ])('%s: %s', (pattern, nothing) => {
    expect(matchesNothing(pattern)).toBe(nothing);
    // Where it says so, no string of the usual alphabet matches.
    if (nothing)
      for (const text of ['', 'a', 'ab', '/a/i', 'a\nb', 'c d']) expect(new RegExp(pattern).test(text)).toBe(false);
  });
});
