// Copied from templates/runtime/server/linear-regexp.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A spec's patterns run on RE2's engine (re2js), whose time grows linearly with the text: a pattern such as
// `^(a+)+$` cannot hold the server on a crafted value, as it does on JavaScript's backtracking engine. ajv takes
// it through its `code.regExp` option. RE2 takes captureless lookbehind but no lookahead and no backreference: the
// generator leaves a pattern using them unchecked, with a warning naming its place (docs/generator.md).
// JavaScript's meaning is kept where RE2's differs: `\s` and `\S` outside a class, and `\s` inside one, are
// JavaScript's Unicode white space, and `.` stops at every line terminator, not at `\n` alone.
import { backtrackSafe } from './backtrack-safe.js';
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

/** Whether `|` appears outside every group and class of the pattern (then `^` binds to its first branch only). */
function alternatesAtTop(pattern: string): boolean {
  return firstOutsideClasses(pattern, 0, (c, depth) => c === '|' && depth === 0) >= 0;
}

/**
 * The index of the first character from `from` that `found` takes, read outside character classes with escapes
 * skipped, given the depth of groups after it; -1 when none is.
 */
function firstOutsideClasses(pattern: string, from: number, found: (c: string, depth: number) => boolean): number {
  let depth = 0;
  let inClass = false;
  for (let i = from; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === '^') i++;
    } else {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      if (found(c, depth)) return i;
    }
  }
  return -1;
}

/**
 * A test of the pattern on RE2. re2js runs a pattern that begins with `^` and is one-pass (no lookbehind, each
 * step decided by the next character) on its one-pass engine even where only a yes or no is asked, and that
 * engine took 3-5 µs on a 50-character `fields` value where re2js's DFA took 0.5. So `^R` (no `|` at its top
 * level, no lookbehind) is compiled as `R(?s:.)*` and tested on the whole text (`testExact`), which asks the
 * same (R matches from the text's start: a `$` within R is still the text's end) and runs on the DFA.
 */
function compiledTest(pattern: string, re: RE2JS = compile(pattern)): (text: string) => boolean {
  if (!pattern.startsWith('^') || /^\^[*+?{]/.test(pattern) || pattern.includes('(?<') || alternatesAtTop(pattern))
    return (text) => re.test(text);
  const prefix = RE2JS.compile(`${re2Syntax(pattern.slice(1))}(?s:.)*`, RE2JS.LOOKBEHINDS);
  return (text) => prefix.testExact(text);
}

/**
 * The pattern with every lookbehind replaced by an assertion that always holds (`holds`) or never does, or
 * undefined when it has none. A pattern has no negation but inside lookarounds, so the first accepts every text
 * the pattern accepts and the second only such texts.
 */
function withoutLookbehinds(pattern: string, holds: boolean): string | undefined {
  let out = '';
  let found = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[++i] ?? '');
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      // A `^` right after `[` negates the class; copied with it so the next `]` ends nothing early.
      if (pattern[i + 1] === '^') {
        out += '[^';
        i++;
        continue;
      }
    } else if (c === '(' && (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i))) {
      i = groupEnd(pattern, i);
      out += holds ? '(?:)' : '[^\\s\\S]';
      found = true;
      continue;
    }
    out += c;
  }
  return found ? out : undefined;
}

/** The index of the `)` closing the group opened at `open`. */
function groupEnd(pattern: string, open: number): number {
  const end = firstOutsideClasses(pattern, open, (c, depth) => c === ')' && depth === 0);
  if (end < 0) throw new SyntaxError(`unclosed group in /${pattern}/`);
  return end;
}

/**
 * RE2 answers a pattern with lookbehinds only by simulating its automaton, a character at a time over every
 * state (several hundred times slower than its DFA on a long pattern). Such a pattern is tried first without
 * them, on the DFA: accepted when the lookbehinds never hold, refused when they always hold; only a text between
 * the two (one that needs a lookbehind to be matched) goes to the simulation. Those two are compiled on first use.
 */
function bracketed(pattern: string, full: RE2JS): (text: string) => boolean {
  const never = withoutLookbehinds(pattern, false);
  if (never === undefined) return compiledTest(pattern, full);
  let narrower: ((text: string) => boolean) | undefined;
  let wider: ((text: string) => boolean) | undefined;
  return (text) => {
    narrower ??= compiledTest(never);
    if (narrower(text)) return true;
    wider ??= compiledTest(withoutLookbehinds(pattern, true)!);
    return wider(text) && full.test(text);
  };
}

/**
 * ajv's `code.regExp`: the pattern on JavaScript's engine where that is linear in the text (backtrack-safe.ts),
 * else compiled by RE2; throws when RE2 cannot take it.
 */
export function linearRegExp(pattern: string, flags: string): LinearPattern {
  const shown = `/${pattern}/${flags}`;
  if (flags === 'u' && backtrackSafe(pattern)) {
    const native = new RegExp(pattern, flags);
    return { test: (text) => native.test(text), toString: () => shown };
  }
  const test = bracketed(pattern, compile(pattern));
  return { test, toString: () => shown };
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
