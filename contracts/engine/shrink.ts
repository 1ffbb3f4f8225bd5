// Shrinking a request that fails a check: fast-check's own shrinkers (its public Arbitrary.shrink, from the value
// alone) propose smaller inputs (an optional parameter or property left out, a shorter string or array, a number
// nearer zero); a candidate is kept where the document still allows it and the check still fails on it. The
// engine's values are drawn by json-schema-faker, not by fast-check, so fast-check's runner does not drive this:
// each candidate costs a request, and the loop is bounded by a number of tries.
import fc from 'fast-check';
import { type JsonSchema, resolveRef, type ServiceModel } from '../../generator/model/index.js';

/** An arbitrary shaped like the schema, built around a value so that fast-check can shrink that value. */
export function arbitraryFor(model: ServiceModel, schema: unknown, value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  const fixed = fc.constant(value);
  if (depth > 8 || value === null || value === undefined) return fixed;
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  let arbitrary: fc.Arbitrary<unknown> = fixed;
  if (Array.isArray(s.enum) && s.enum.length > 0) arbitrary = fc.constantFrom(...(s.enum as unknown[]));
  else if (typeof value === 'string' && (types.length === 0 || types.includes('string')))
    arbitrary = fc.string({
      minLength: s.minLength ?? 0,
      maxLength: Math.max(s.maxLength ?? value.length, value.length),
    });
  else if (typeof value === 'number' && Number.isSafeInteger(value))
    arbitrary = fc.integer({ min: Math.min(value, -(2 ** 31)), max: Math.max(value, 2 ** 31) });
  else if (typeof value === 'number') arbitrary = fc.double({ noNaN: true, noDefaultInfinity: true });
  else if (Array.isArray(value)) {
    // Items left out (fast-check's subarray), or each item shrunk in its place (a tuple of the items' shapes).
    const fewer = fc.subarray(value, { minLength: Math.min(s.minItems ?? 0, value.length) });
    const items = value.map((item) => arbitraryFor(model, s.items, item, depth + 1));
    arbitrary = items.every((a, i) => a.canShrinkWithoutContext(value[i]))
      ? fc.oneof(fewer, fc.tuple(...items))
      : fewer;
  } else if (typeof value === 'object') {
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    const record = value as Record<string, unknown>;
    const required = ((s.required ?? []) as string[]).filter((k) => Object.hasOwn(record, k));
    arbitrary = fc.record(
      Object.fromEntries(
        Object.keys(record).map((k) => [k, arbitraryFor(model, properties[k] ?? {}, record[k], depth + 1)]),
      ),
      { requiredKeys: required },
    );
  }
  return arbitrary.canShrinkWithoutContext(value) ? arbitrary : fixed;
}

/**
 * The smallest value found that `accepts` (the document still allows it) and `stillFails` (a request sent with it
 * still fails the check): each round takes the first smaller candidate that does both, until none does or the
 * tries are spent.
 */
export async function shrink<T>(
  arbitrary: fc.Arbitrary<T>,
  value: T,
  accepts: (candidate: T) => boolean,
  stillFails: (candidate: T) => Promise<boolean>,
  maxTries: number,
): Promise<{ value: T; steps: number; tries: number }> {
  let current = value;
  let steps = 0;
  let tries = 0;
  let examined = 0;
  round: while (tries < maxTries && examined < 20_000) {
    for (const candidate of arbitrary.shrink(current, undefined)) {
      if (tries >= maxTries || ++examined >= 20_000) break round;
      const next = candidate.value;
      if (!accepts(next)) continue;
      tries++;
      if (await stillFails(next)) {
        current = next;
        steps++;
        continue round;
      }
    }
    break;
  }
  return { value: current, steps, tries };
}
