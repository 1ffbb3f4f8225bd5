// A spec's patterns run on RE2's engine (re2js), whose time grows linearly with the text: a pattern such as
// `^(a+)+$` cannot hold the server on a crafted value, as it does on JavaScript's backtracking engine. ajv takes
// it through its `code.regExp` option. RE2 takes captureless lookbehind but no lookahead and no backreference: the
// generator leaves a pattern using them unchecked, with a warning naming its place (docs/generator.md).
// JavaScript's meaning is kept where RE2's differs: `\s` and `\S` outside a class, and `\s` inside one, are
// JavaScript's Unicode white space, and `.` stops at every line terminator, not at `\n` alone.
import { RE2JS } from './vendor/re2js.js';

/** What ajv calls a pattern with: `test`, and a text that names the pattern (ajv shares compiled patterns by it). */
export interface LinearPattern {
  test(text: string): boolean;
  toString(): string;
}

/** JavaScript's `\s`: Unicode white space and line terminators, written for RE2. */
const SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** JavaScript's `.` without the s flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/** The pattern (JavaScript syntax, unicode mode) in RE2's syntax, meaning what JavaScript means by it. */
function re2Syntax(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${SPACE}]`;
      else out += c + next;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `^` right after `[` negates the class; copied with it so the next `]` ends nothing early.
      if (pattern[i + 1] === '^') out += pattern[++i];
    } else out += c === '.' ? DOT : c;
  }
  return RE2JS.translateRegExp(out);
}

function compile(pattern: string): RE2JS {
  // JSON Schema's patterns are ECMA-262's: one JavaScript refuses in unicode mode is refused (RE2 would take `\:`).
  new RegExp(pattern, 'u');
  return RE2JS.compile(re2Syntax(pattern), RE2JS.LOOKBEHINDS);
}

/** ajv's `code.regExp`: the pattern compiled by RE2; throws when RE2 cannot take it. */
export function linearRegExp(pattern: string, flags: string): LinearPattern {
  const compiled = compile(pattern);
  const shown = `/${pattern}/${flags}`;
  return { test: (text) => compiled.test(text), toString: () => shown };
}
// ajv names the function in code it writes only for standalone validators, which the runtime does not make.
linearRegExp.code = 'linearRegExp';

/** Why RE2 cannot take the pattern (lookahead, a backreference, ...), or undefined when it can. */
export function linearPatternError(pattern: string): string | undefined {
  try {
    compile(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
