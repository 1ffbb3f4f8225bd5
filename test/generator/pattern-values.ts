// Values for the `pattern`s json-schema-faker's own reader of regular expressions gets wrong (a `\w` or `\d` inside
// a character class, as AWS writes its ARNs: `^arn:aws[-\w]{0,10}?:detective:...`): each string schema with a
// pattern given a value fast-check draws from the expression itself, within the schema's length bounds, as its
// `const`. The schema's other keywords stay, so the validator still judges the value.
import fc from 'fast-check';

/** Whether a pattern has a lookahead or lookbehind, which json-schema-faker's reader skips (its draws then miss). */
export const hasLookaround = (pattern: string): boolean => /\(\?<?[=!]/.test(pattern);

/** The schema with a drawn `const` for each string pattern (those `only` picks: every one by default). */
export function withPatternValues<T>(node: T, seed: number, only: (pattern: string) => boolean = () => true): T {
  const valueFor = (pattern: string, min: number, max: number): string | undefined => {
    const key = `${seed} ${min} ${max} ${pattern}`;
    if (drawn.has(key)) return drawn.get(key);
    let value: string | undefined;
    try {
      const expression = new RegExp(pattern, 'u');
      // fast-check draws no lookaround (AWS's `^(?!listener-)(?![-])[a-z0-9-]+$`): drawn without them, and only a
      // candidate the whole expression matches is kept (the generated server leaves such a pattern unchecked, so
      // its validator would pass a value Prism refuses).
      const drawnFrom = withLength(withoutLookarounds(pattern), min, max);
      value = fc
        .sample(fc.stringMatching(new RegExp(drawnFrom, 'u')), { seed, numRuns: drawnFrom === pattern ? 40 : 200 })
        .find((v) => [...v].length >= min && [...v].length <= max && expression.test(v));
    } catch {
      value = undefined; // an expression this engine does not read: left to json-schema-faker
    }
    drawn.set(key, value);
    return value;
  };
  const visit = (n: unknown): unknown => {
    if (Array.isArray(n)) return n.map(visit);
    if (!n || typeof n !== 'object') return n;
    const s = n as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) out[k] = VALUES.has(k) ? v : visit(v);
    if (
      typeof s.pattern === 'string' &&
      only(s.pattern) &&
      s.const === undefined &&
      s.enum === undefined &&
      (s.type === undefined || s.type === 'string')
    ) {
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      const max = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
      const value = valueFor(s.pattern, min, max);
      if (value !== undefined) out.const = value;
    }
    return out;
  };
  return visit(node) as T;
}

/** Each pattern's value by seed and lengths, drawn once a process (a document's draws visit its every schema). */
const drawn = new Map<string, string | undefined>();

/** Keywords whose value is data, not a schema. */
const VALUES = new Set(['enum', 'const', 'default', 'example', 'examples']);

/** One atom repeated to the end: a class (`[0-9]`), a class escape (`\d`) or any character. */
const REPEATED = /^\^(\[(?:[^\]\\]|\\.)+\]|\\[dwsDWS]|\.)[+*]\$$/;

/**
 * The pattern drawn from: one atom repeated (`^[0-9]+$`, AWS's digits of `minLength: 16`) repeated as many times as
 * the bounds allow, which a draw of the open repetition rarely meets; any other pattern as it is.
 */
export function withLength(pattern: string, min: number, max: number): string {
  const match = REPEATED.exec(pattern);
  if (!match || (min === 0 && !Number.isFinite(max))) return pattern;
  const low = Math.max(min, pattern.endsWith('+$') ? 1 : 0);
  const high = Number.isFinite(max) ? Math.max(low, max) : low + 8;
  return `^${match[1]}{${low},${high}}$`;
}

/**
 * The expression without its lookahead and lookbehind groups (`(?!...)`, `(?=...)`, `(?<!...)`, `(?<=...)`): it
 * matches every string the expression matches, and more.
 */
export function withoutLookarounds(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += pattern.slice(i, i + 2);
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') inClass = true;
    const look = /^\(\?<?[=!]/.exec(pattern.slice(i));
    if (!look) {
      out += c;
      continue;
    }
    // Skip to the group's closing parenthesis, past nested groups, classes and escapes.
    let depth = 0;
    let classed = false;
    for (; i < pattern.length; i++) {
      const d = pattern[i]!;
      if (d === '\\') i++;
      else if (classed) classed = d !== ']';
      else if (d === '[') classed = true;
      else if (d === '(') depth++;
      else if (d === ')' && --depth === 0) break;
    }
  }
  return out;
}
