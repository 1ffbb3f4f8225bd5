// The generated server runs a spec's patterns on RE2's linear-time engine (runtime/server/linear-regexp.ts) with
// JavaScript's meaning: each pattern of the three services compiles there and answers as JavaScript's engine does
// on strings made of its own characters, white space and line terminators; `\s` and `.` keep JavaScript's
// meaning; what RE2 cannot take is named.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatedSpec, serviceKeys } from '../../generator/model/index.js';
import { linearPatternError, linearRegExp } from '../../templates/runtime/server/linear-regexp.js';

function patternsOf(node: unknown, into: Set<string>): Set<string> {
  if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') into.add(record.pattern);
    for (const value of Object.values(record)) patternsOf(value, into);
  }
  return into;
}

/** Strings from a pattern's own literal characters and the characters on which the engines' meanings differ. */
function textsFor(pattern: string): fc.Arbitrary<string> {
  const own = [...new Set(pattern.replace(/\\[a-zA-Z]/g, '').split(''))];
  const pieces = [...own, 'a', 'Z', '0', '_', ' ', '\u00a0', '\u3000', '\n', '\r', '\u2028', 'é', 'e\u0301', '😀'];
  return fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((parts) => parts.join(''));
}

describe('the linear engine', () => {
  const keys = serviceKeys();
  it.each(keys)("agrees with JavaScript's on every pattern of %s", (key) => {
    const patterns = [...patternsOf(generatedSpec(key).document, new Set())];
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) {
      expect(linearPatternError(pattern), pattern).toBeUndefined();
      const linear = linearRegExp(pattern, 'u');
      const native = new RegExp(pattern, 'u');
      fc.assert(
        fc.property(textsFor(pattern), (text) => linear.test(text) === native.test(text)),
        { numRuns: 300 },
      );
    }
  });

  it("keeps JavaScript's white space and line terminators", () => {
    const cases: Array<[string, string]> = [
      ['^\\s+$', '\u00a0\u2003\u3000\ufeff\v'],
      ['^\\S+$', 'a\u00a0'],
      ['^[\\s,]+$', ',\u2029 '],
      ['^[^\\s]+$', 'ab\u202f'],
      ['^a.b$', 'a\u2028b'],
      ['^a.b$', 'a\rb'],
      ['^a.b$', 'a\u00e9b'],
      ['^[.]$', 'x'],
    ];
    for (const [pattern, text] of cases)
      expect([pattern, linearRegExp(pattern, 'u').test(text)]).toEqual([pattern, new RegExp(pattern, 'u').test(text)]);
  });

  it("agrees with JavaScript's on lookbehinds, whether a text needs one to match or not", () => {
    const cases: Array<[string, string[]]> = [
      ['^(?:a|(?<=a)b)*$', ['aab', 'b', 'aa', 'c', 'abab', 'abb']],
      ['^(?:x|(?<!x),)+$', ['x,', ',', 'x,,', 'xx', ',x']],
      // Parentheses in a class and escaped ones inside a lookbehind: its group ends at its own `)`.
      ['^(?:[()]|(?<=[()])a|(?<=\\))b)+$', ['(a', ')b', 'a', '(b', '()ab']],
      ['^(?<first>a)(?<=[^(]a)b$', ['ab', 'b', 'aab']],
      ['^[^(?<=]+(?<![)])$', ['abc', 'ab)', '(?<=']],
    ];
    for (const [pattern, texts] of cases) {
      const linear = linearRegExp(pattern, 'u');
      const native = new RegExp(pattern, 'u');
      for (const text of texts) expect([pattern, text, linear.test(text)]).toEqual([pattern, text, native.test(text)]);
      fc.assert(
        fc.property(textsFor(pattern), (text) => linear.test(text) === native.test(text)),
        { numRuns: 500 },
      );
    }
  });

  it("agrees with JavaScript's on patterns anchored at the start only, or on one branch (run as a whole-text test)", () => {
    const cases: Array<[string, string[]]> = [
      ['^(?:ab|cd)+', ['abcd', 'abx', 'xab', 'cdab!', '']],
      ['^(?:a|b)c|d$', ['ac', 'bcx', 'xd', 'd', 'xc', 'dx']],
      ['^(?:a|b)$|c', ['a', 'ab', 'xc', 'b\n', 'c']],
      ['^[(|](?:a|\\|)b', ['(ab', '|b', '||b', 'ab', '(b']],
      ['^(?:x|y)*z$', ['xyz', 'z', 'xyzz', 'xy', 'x\nz']],
      ['^(?:a+)+$', ['aaa', 'aab', '']],
      ['^(?:a|b(?:$|c))', ['b', 'bc', 'bd', 'a!', 'c']],
    ];
    for (const [pattern, texts] of cases) {
      const linear = linearRegExp(pattern, 'u');
      const native = new RegExp(pattern, 'u');
      for (const text of texts) expect([pattern, text, linear.test(text)]).toEqual([pattern, text, native.test(text)]);
      fc.assert(
        fc.property(textsFor(pattern), (text) => linear.test(text) === native.test(text)),
        { numRuns: 500 },
      );
    }
  });

  it('names what it cannot take', () => {
    expect(linearPatternError('^(?=a)a$')).toContain('(?=');
    expect(linearPatternError('^(a)\\1$')).toContain('\\1');
    expect(linearPatternError('^(a+)+$')).toBeUndefined();
  });

  it('answers a nested quantifier on a long attack string', () => {
    const pattern = linearRegExp('^(a+)+$', 'u');
    expect(pattern.test(`${'a'.repeat(10_000)}!`)).toBe(false);
    expect(pattern.test('a'.repeat(10_000))).toBe(true);
    expect(String(pattern)).toBe('/^(a+)+$/u');
  });
});
