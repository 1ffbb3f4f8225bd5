// Values for the `pattern`s json-schema-faker's own reader of regular expressions gets wrong (a `\w` or `\d` inside
// a character class, as AWS writes its ARNs: `^arn:aws[-\w]{0,10}?:detective:...`): each string schema with a
// pattern given a value fast-check draws from the expression itself, within the schema's length bounds, as its
// `const`. The schema's other keywords stay, so the validator still judges the value.
import fc from 'fast-check';

export function withPatternValues<T>(node: T, seed: number): T {
  const drawn = new Map<string, string | undefined>();
  const valueFor = (pattern: string, min: number, max: number): string | undefined => {
    const key = `${min} ${max} ${pattern}`;
    if (drawn.has(key)) return drawn.get(key);
    let value: string | undefined;
    try {
      const expression = new RegExp(pattern, 'u');
      value = fc
        .sample(fc.stringMatching(new RegExp(withLength(pattern, min, max), 'u')), { seed, numRuns: 40 })
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
