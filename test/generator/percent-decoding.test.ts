// A percent-encoded component is read as decodeURIComponent reads it (strict-text.ts decodes escapes of ASCII bytes
// itself): the same text for every well-formed one, `+` a space only in forms, and the same refusal for escapes
// that are not UTF-8 or not escapes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeComponent, InvalidTextError } from '../../templates/runtime/server/strict-text.js';

const pieces = [
  'a',
  'Z',
  '%41',
  '%7e',
  '%7F',
  '%00',
  '%25',
  '%2B',
  '%2b',
  '%3D',
  '%80',
  '%C3%A9',
  '%C3',
  '%ED%A0%80',
  '%4',
  '%g1',
  '%',
  '+',
  ' ',
  'é',
  '😀',
  '\ud800',
  '=',
  ',',
];
const texts = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));

/** decodeURIComponent's answer, or that it refuses. */
function expected(text: string, plusIsSpace: boolean): string | { refused: true } {
  try {
    return decodeURIComponent(plusIsSpace ? text.replace(/\+/g, ' ') : text);
  } catch {
    return { refused: true };
  }
}

function decoded(text: string, plusIsSpace: boolean): string | { refused: true } {
  try {
    return decodeComponent(text, plusIsSpace);
  } catch (error) {
    if (error instanceof InvalidTextError) return { refused: true };
    throw error;
  }
}

describe('decodeComponent', () => {
  it('reads every component as decodeURIComponent does, in forms and out', () => {
    fc.assert(
      fc.property(texts, fc.boolean(), (text, plusIsSpace) => {
        expect(decoded(text, plusIsSpace)).toEqual(expected(text, plusIsSpace));
      }),
      { numRuns: 3000 },
    );
  });

  it('decodes ASCII escapes and keeps the rest', () => {
    expect(decodeComponent('channel%3D%3DMINE', true)).toBe('channel==MINE');
    expect(decodeComponent('a+b%2Bc', true)).toBe('a b+c');
    expect(decodeComponent('a+b', false)).toBe('a+b');
    expect(decodeComponent('%C3%A9%41', true)).toBe('éA');
    expect(() => decodeComponent('%4', true)).toThrow(InvalidTextError);
    expect(() => decodeComponent('%ED%A0%80', true)).toThrow(InvalidTextError);
  });
});
