// Copied from templates/runtime/server/backtrack-safe.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Which patterns JavaScript's own (backtracking) engine answers in time linear in the text, so that they need not
// go to RE2 (linear-regexp.ts), whose per-call cost is tens of times higher on the short values of parameters and
// answers. Recognised: `^`, then a sequence of single characters, classes, `.` and character escapes, each perhaps
// quantified, then perhaps `$`, where every item of variable count shares no character with what may follow it up
// to the next item that must match. Then every character the greedy first pass takes for an item, given back, is
// refused at once by all that follows, so no item is tried again from a second position: the text is read a
// bounded number of times. Anything else (groups, alternation, assertions, backreferences, property escapes, lazy
// quantifiers, no leading `^`) is not recognised and stays with RE2.

/** A set of code points as sorted, disjoint, inclusive ranges. */
type CharSet = Array<[number, number]>;

interface Item {
  chars: CharSet;
  min: number;
  max: number;
}

const DIGITS: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** JavaScript's `\s`: white space and line terminators. */
const SPACE: CharSet = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What `.` leaves out without the s flag: the line terminators. */
const LINE_TERMINATORS: CharSet = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
/** Characters a `\` makes literal in a unicode-mode pattern (and `-` inside a class). */
const SYNTAX = '^$\\.*+?()[]{}|/';
const CONTROL: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };

function normalised(ranges: CharSet): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let next = 0;
  for (const [lo, hi] of normalised(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

function overlap(a: CharSet, b: CharSet): boolean {
  return a.some(([lo, hi]) => b.some(([l, h]) => lo <= h && l <= hi));
}

/** A character of the pattern read as itself: not a surrogate (an astral character is left to RE2). */
const plain = (c: string | undefined): number | undefined => {
  if (c === undefined) return undefined;
  const code = c.charCodeAt(0);
  return code >= 0xd800 && code <= 0xdfff ? undefined : code;
};

/**
 * The escape at `at` (a `\`): a character (code) or a class of them (set), and where it ends; undefined for what
 * is not recognised (assertions, backreferences, property escapes, a surrogate).
 */
function escapeAt(pattern: string, at: number): { code?: number; set?: CharSet; end: number } | undefined {
  const e = pattern[at + 1];
  if (e === undefined) return undefined;
  const end = at + 2;
  if (e === 'd') return { set: DIGITS, end };
  if (e === 'D') return { set: complement(DIGITS), end };
  if (e === 'w') return { set: WORD, end };
  if (e === 'W') return { set: complement(WORD), end };
  if (e === 's') return { set: SPACE, end };
  if (e === 'S') return { set: complement(SPACE), end };
  if (SYNTAX.includes(e)) return { code: e.charCodeAt(0), end };
  if (CONTROL[e] !== undefined) return { code: CONTROL[e], end };
  const hex = /^(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\})/.exec(pattern.slice(at + 1, at + 10));
  if (!hex) return undefined;
  const code = Number.parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16);
  if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { code, end: at + 1 + hex[0].length };
}

/** The class starting at `[` (pattern[at]): its characters and where it ends, or undefined when not recognised. */
function classAt(pattern: string, at: number): { chars: CharSet; end: number } | undefined {
  let i = at + 1;
  const negated = pattern[i] === '^';
  if (negated) i++;
  const ranges: CharSet = [];
  // One member: a single character (code) or a class escape (set).
  const member = (): { code?: number; set?: CharSet } | undefined => {
    const c = pattern[i];
    if (c === undefined || c === ']') return undefined;
    if (c !== '\\') {
      i++;
      const code = plain(c);
      return code === undefined ? undefined : { code };
    }
    if (pattern[i + 1] === '-') {
      i += 2;
      return { code: 0x2d };
    }
    const escaped = escapeAt(pattern, i);
    if (!escaped) return undefined;
    i = escaped.end;
    return escaped;
  };
  if (pattern[i] === ']') return undefined;
  while (pattern[i] !== ']') {
    const first = member();
    if (!first) return undefined;
    if (first.code !== undefined && pattern[i] === '-' && pattern[i + 1] !== ']' && pattern[i + 1] !== undefined) {
      i++;
      const last = member();
      if (last?.code === undefined || last.code < first.code) return undefined;
      ranges.push([first.code, last.code]);
    } else if (first.set) ranges.push(...first.set);
    else ranges.push([first.code!, first.code!]);
  }
  return { chars: negated ? complement(ranges) : normalised(ranges), end: i + 1 };
}

/** The quantifier at `at` as counts and where it ends; `{1,1}` when there is none; undefined when not recognised. */
function quantifierAt(pattern: string, at: number): { min: number; max: number; end: number } | undefined {
  const c = pattern[at];
  let q: { min: number; max: number; end: number };
  if (c === '*') q = { min: 0, max: Infinity, end: at + 1 };
  else if (c === '+') q = { min: 1, max: Infinity, end: at + 1 };
  else if (c === '?') q = { min: 0, max: 1, end: at + 1 };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
    if (!m) return undefined;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    if (max < min) return undefined;
    q = { min, max, end: at + m[0].length };
  } else return { min: 1, max: 1, end: at };
  // A lazy quantifier tries the other way round: not recognised.
  return pattern[q.end] === '?' ? undefined : q;
}

/** The pattern's items, when it is `^`, a sequence of recognised items, perhaps `$`; else undefined. */
function itemsOf(pattern: string): Item[] | undefined {
  if (pattern[0] !== '^') return undefined;
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$') ? pattern.length - 1 : pattern.length;
  const items: Item[] = [];
  let i = 1;
  while (i < end) {
    const c = pattern[i]!;
    let chars: CharSet | undefined;
    if (c === '[') {
      const found = classAt(pattern, i);
      if (!found) return undefined;
      chars = found.chars;
      i = found.end;
    } else if (c === '\\') {
      const escaped = escapeAt(pattern, i);
      if (!escaped) return undefined;
      chars = escaped.set ?? [[escaped.code!, escaped.code!]];
      i = escaped.end;
    } else if (c === '.') {
      chars = complement(LINE_TERMINATORS);
      i++;
    } else {
      if ('^$*+?()[]{}|'.includes(c)) return undefined;
      const code = plain(c);
      if (code === undefined) return undefined;
      chars = [[code, code]];
      i++;
    }
    if (i > end) return undefined;
    const q = quantifierAt(pattern, i);
    if (!q || q.end > end) return undefined;
    items.push({ chars, min: q.min, max: q.max });
    i = q.end;
  }
  return items;
}

/** Whether JavaScript's engine answers the pattern (unicode mode, no other flag) in time linear in the text. */
export function backtrackSafe(pattern: string): boolean {
  const items = itemsOf(pattern);
  if (!items) return false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.min === item.max) continue;
    for (let j = i + 1; j < items.length; j++) {
      if (overlap(item.chars, items[j]!.chars)) return false;
      if (items[j]!.min > 0) break;
    }
  }
  return true;
}
