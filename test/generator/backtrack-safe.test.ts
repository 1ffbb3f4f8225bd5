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
      // Groups whose first item always matches and shares nothing with what ends a repetition or follows it.
      '^[0-9a-zA-Z]+(,[0-9a-zA-Z]+)*$',
      '^(?:ab)*$',
      '^[a-z]+(?:[.-][a-z0-9]+)*@[a-z]+$',
      '^(x[0-9]*){2,4}$',
      '^a(,b+)?c$',
      // A group taken at most once: nothing but what follows it comes after its last item (ad creative's
      // effective_object_story_id, checked in every answer that carries it).
      '^(?:[0-9]+_[0-9]+)?$',
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
      // A group repeated whose repetitions could split one text two ways, or whose end could be taken by what follows.
      '^(a+)+$',
      '^(ab)*a$',
      '^(?:[0-9]+_[0-9]+){0,2}$',
      '^(a+)?a$',
      '^[a-z,]+(,[a-z]+)*$',
      '^([a-z]+,)*[a-z]+,$',
      '^[a-z]+(,[a-z]+)*,?[a-z]$',
      // A group whose first item may be absent, nested groups, alternation, assertions, property escapes, lazy
      // quantifiers, astral characters.
      '^[a-z]+(,?[a-z]+)*$',
      '^((a)b)*$',
      '^(?<name>a)+$',
      '^(?=a)a$',
      '^(a|b)+$',
      '^a|b$',
      '^\\ba$',
      '^\\p{L}+$',
      '^a+?b$',
      '^😀+$',
      '^[]$',
    ])
      expect([unsafe, backtrackSafe(unsafe)]).toEqual([unsafe, false]);
  });

  it('answer a long text of a recognised group in time linear in it, as RE2 does', () => {
    const list = '^[0-9a-zA-Z]+(,[0-9a-zA-Z]+)*$';
    expect(backtrackSafe(list)).toBe(true);
    const native = new RegExp(list, 'u');
    const linear = linearRegExp(list, 'u');
    for (const text of [
      `${'a,'.repeat(50_000)}a`,
      `${'a,'.repeat(50_000)}!`,
      `${'a'.repeat(100_000)},`,
      ',a',
      'a,,a',
    ]) {
      // No clock: a backtracking run on 100,000 characters (10^10 steps at n^2) would not end within the test's time.
      expect(native.test(text)).toBe(linear.test(text));
    }
  });

  it('leave a pattern that is not to RE2, which answers a long attack string', () => {
    // Four variable items over the same characters: polynomial on a backtracking engine (n^4), linear on RE2.
    const attack = linearRegExp('^[a-z]*[a-z]*[a-z]*[a-z]*$', 'u');
    expect(attack.test(`${'a'.repeat(20_000)}!`)).toBe(false);
    expect(attack.test('a'.repeat(20_000))).toBe(true);
  });
});
