// The escapers of generator/emitters/escape.ts, evaluated: what each writes reads back as the value it was given, in
// its context, whatever the value holds (quotes, backticks, `${`, comment ends, line terminators, NUL).
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  commentText,
  lineCommentText,
  propertyKey,
  singleQuotedLiteral,
  stringLiteral,
  templateText,
  valueLiteral,
} from '../../generator/emitters/escape.js';

const evaluate = (code: string): unknown => vm.runInNewContext(`(${code})`);

const HOSTILE = [
  '',
  'plain',
  `"'\`\${x}\\`,
  '*/ x /*',
  'a\nb\rc\u2028d\u2029e',
  '\u0000\u00010\u0000',
  '__proto__',
  'é漢字🙂',
];

describe('the escapers', () => {
  it('string literals read back as the value, on one line', () => {
    for (const value of HOSTILE) {
      for (const literal of [stringLiteral(value), singleQuotedLiteral(value)]) {
        expect(evaluate(literal)).toBe(value);
        expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
      }
      expect(evaluate(`\`${templateText(value)}\``)).toBe(value);
    }
  });

  it('comment text cannot end its comment or carry control characters', () => {
    for (const value of HOSTILE) {
      expect(evaluate(`/* ${commentText(value)} */ 1`)).toBe(1);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL written raw is what is looked for.
      expect(commentText(value)).not.toMatch(/[\u0000\r\u2028\u2029]/);
      expect(evaluate(`// ${lineCommentText(value)}\n1`)).toBe(1);
    }
  });

  it('a property key names the property it was given', () => {
    for (const value of HOSTILE.filter((v) => v !== '__proto__'))
      expect(Object.keys(evaluate(`{ ${propertyKey(value)}: 1 }`) as object)).toEqual([value]);
  });

  it('a value literal is the JSON text of plain data, compact or indented', () => {
    const data = {
      a: [1, 'two', null, true, { b: [] }, {}],
      nested: { deep: { list: [[], [1, [2]]] } },
      skipped: undefined,
      text: 'x"y',
    };
    for (const space of [0, 2]) expect(valueLiteral(data, space)).toBe(JSON.stringify(data, null, space));
    expect(valueLiteral([undefined, Number.POSITIVE_INFINITY])).toBe(JSON.stringify([undefined, Infinity]));
    expect(valueLiteral(undefined)).toBe('undefined');
  });

  it('a value literal keeps every key an own property (__proto__ too) and every string as it was', () => {
    const value = JSON.parse('{"__proto__": {"polluted": "\u2028"}, "list": ["__proto__"]}');
    for (const space of [0, 2]) {
      const literal = valueLiteral(value, space);
      expect(literal).not.toMatch(/[\u2028\u2029]/);
      const [read, plain] = evaluate(`[${literal}, {}]`) as Array<Record<string, unknown>>;
      expect(Object.getPrototypeOf(read)).toBe(Object.getPrototypeOf(plain));
      expect(Object.keys(read)).toEqual(['__proto__', 'list']);
      expect(JSON.stringify(read)).toBe(JSON.stringify(value));
    }
  });
});
