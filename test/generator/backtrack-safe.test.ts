// The patterns the generated server leaves to JavaScript's engine (runtime/server/backtrack-safe.ts) are those it
// answers in linear time; every other one stays on RE2, so a crafted value cannot stall the server either way.
import { describe, expect, it } from 'vitest';
import { backtrackSafe } from '../../templates/runtime/server/backtrack-safe.js';
import { linearRegExp } from '../../templates/runtime/server/linear-regexp.js';

describe('patterns left to JavaScript', () => {
  it('are the anchored sequences whose variable items share nothing with what follows them', () => {
    for (const safe of [
      '^[0-9]+$',
      '^v[0-9]+\\.[0-9]+$',
      '^[0-9a-fA-F]{64}$',
      '^[a-zA-Z]+==[a-zA-Z0-9_+-]+$',
      '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
      '^[-0-9a-zA-Z,]+$',
      '^[^\\\\/!.?*(),;:-]',
      '^\\d+x?[^\\dx]$',
      '^[a-z]*[^a-z]$',
      '^a{2,5}b*c$',
      '^[a-c]+-$',
      '^[\\d]+[^\\d]$',
      '^.*$',
      '^\\s+$',
      '^\\S+\\s\\S+$',
      '^[^\\^~_\\u00A8\\u2070-\\u209F]*$',
      '^\\x41+\\u{1F600}?\\t$',
    ])
      expect([safe, backtrackSafe(safe)]).toEqual([safe, true]);
  });

  it('leave out what could be taken two ways, and what they do not read', () => {
    for (const unsafe of [
      // Unanchored: tried again from every position.
      '[0-9]+x',
      // A variable item, then something that may take the same character.
      '^[a-z]*[a-z]*$',
      '^[0-9]+[0-9a-f]$',
      '^a+b?a$',
      '^\\w+_$',
      '^[^,]*x?,?a$',
      // A `-` last in a class is one of its characters.
      '^[a-c-]+-$',
      '^.*a$',
      '^\\S+\\w$',
      '^[^\\u00A8]*\\u00A9?[\\xA9]$',
      // Groups, alternation, assertions, property escapes, lazy quantifiers, astral characters.
      '^(a+)+$',
      '^(?:ab)*$',
      '^a|b$',
      '^\\ba$',
      '^\\p{L}+$',
      '^a+?b$',
      '^😀+$',
      '^[]$',
    ])
      expect([unsafe, backtrackSafe(unsafe)]).toEqual([unsafe, false]);
  });

  it('leave a pattern that is not to RE2, which answers a long attack string', () => {
    // Four variable items over the same characters: polynomial on a backtracking engine (n^4), linear on RE2.
    const attack = linearRegExp('^[a-z]*[a-z]*[a-z]*[a-z]*$', 'u');
    expect(attack.test(`${'a'.repeat(20_000)}!`)).toBe(false);
    expect(attack.test('a'.repeat(20_000))).toBe(true);
  });
});
