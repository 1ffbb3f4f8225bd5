// Copied from templates/runtime/server/backtrack-safe.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Which patterns JavaScript's own (backtracking) engine answers in time linear in the text, so that they need not
// go to RE2 (linear-regexp.ts), whose per-call cost is tens of times higher on the short values of parameters and
// answers. Recognised: `^`, then a sequence of single characters, classes, `.` and character escapes, each perhaps
// quantified, and groups of them (a list such as `^[a-z]+(,[a-z]+)*$`) whose first item always matches, then
// perhaps `$`, where every item of variable count, and every group of variable count, shares no character with
// what may follow it up to the next item that must match (for an item ending a group's repetition: the next
// repetition's first item where the group may repeat, and what follows the group). Then every character the greedy first pass takes for an
// item, given back, and every repetition given back, is refused at once by all that follows, so no item is tried
// again from a second position: the text is read a bounded number of times. Anything else (nested groups,
// alternation, assertions, backreferences, property escapes, lazy quantifiers, no leading `^`) is not recognised
// and stays with RE2.

/** A set of code points as sorted, disjoint, inclusive ranges. */
type CharSet = Array<[number, number]>;

interface Item {
  chars: CharSet;
  min: number;
  max: number;
}

/** A group of items repeated `min` to `max` times; its first item always matches (min > 0). */
interface Group {
  items: Item[];
  min: number;
  max: number;
}

type Element = Item | Group;

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

/** The item (a character, class, escape or `.`, perhaps quantified) at `i`, and where it ends; else undefined. */
function itemAt(pattern: string, i: number, end: number): { item: Item; end: number } | undefined {
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
  return { item: { chars, min: q.min, max: q.max }, end: q.end };
}

/**
 * The group at `(` (pattern[at], capturing or `(?:`), a sequence of items whose first always matches, perhaps
 * quantified, and where it ends; else undefined (nested groups, alternation, assertions, named groups).
 */
function groupAt(pattern: string, at: number, end: number): { group: Group; end: number } | undefined {
  let i = pattern.startsWith('(?:', at) ? at + 3 : pattern[at + 1] === '?' ? -1 : at + 1;
  if (i < 0) return undefined;
  const items: Item[] = [];
  while (i < end && pattern[i] !== ')') {
    const found = itemAt(pattern, i, end);
    if (!found) return undefined;
    items.push(found.item);
    i = found.end;
  }
  if (pattern[i] !== ')' || items.length === 0 || items[0]!.min === 0) return undefined;
  const q = quantifierAt(pattern, i + 1);
  if (!q || q.end > end) return undefined;
  return { group: { items, min: q.min, max: q.max }, end: q.end };
}

/** The pattern's elements, when it is `^`, a sequence of recognised items and groups, perhaps `$`; else undefined. */
function elementsOf(pattern: string): Element[] | undefined {
  if (pattern[0] !== '^') return undefined;
  const end = pattern.endsWith('$') && !pattern.endsWith('\\$') ? pattern.length - 1 : pattern.length;
  const elements: Element[] = [];
  let i = 1;
  while (i < end) {
    const found = pattern[i] === '(' ? groupAt(pattern, i, end) : itemAt(pattern, i, end);
    if (!found) return undefined;
    elements.push('group' in found ? found.group : found.item);
    i = found.end;
  }
  return elements;
}

/** The characters an element's match may begin with (a group's: its first item's, which always matches). */
const firstChars = (element: Element): CharSet => ('items' in element ? element.items[0]!.chars : element.chars);

/** What may begin right after `elements[from - 1]`: each element's first characters up to one that must match. */
function mayFollow(elements: readonly Element[], from: number): { sets: CharSet[]; ended: boolean } {
  const sets: CharSet[] = [];
  for (let j = from; j < elements.length; j++) {
    sets.push(firstChars(elements[j]!));
    if (elements[j]!.min > 0) return { sets, ended: false };
  }
  return { sets, ended: true };
}

/** Whether JavaScript's engine answers the pattern (unicode mode, no other flag) in time linear in the text. */
export function backtrackSafe(pattern: string): boolean {
  const elements = elementsOf(pattern);
  if (!elements) return false;
  const clashes = (chars: CharSet, sets: readonly CharSet[]) => sets.some((set) => overlap(chars, set));
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i]!;
    const after = mayFollow(elements, i + 1).sets;
    if (element.min !== element.max && clashes(firstChars(element), after)) return false;
    if (!('items' in element)) continue;
    // Inside a group, what may follow an item's last character past the group's end is the next repetition's
    // first item (where the group may repeat) or what follows the group.
    const { items } = element;
    const next = element.max > 1 ? [items[0]!.chars, ...after] : after;
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      if (item.min === item.max) continue;
      const within = mayFollow(items, k + 1);
      if (clashes(item.chars, within.sets)) return false;
      if (within.ended && clashes(item.chars, next)) return false;
    }
  }
  return true;
}
