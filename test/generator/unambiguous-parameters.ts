// A parameter whose schema is a oneOf is text its reader may take as any alternative's type (PeerTube's video `id`:
// an integer, a UUID or a short UUID, which is any string). The generated server reads the oneOf as anyOf, so any of
// those readings passes; Prism counts every alternative some reading of the text matches, and refuses `42` (the
// integer and the string) and a UUID (the UUID and the string), as JSON Schema's oneOf says of a value that matches
// two. The round trip draws a value whose text one alternative alone takes, where the draw finds one (a short UUID);
// a document whose every value is ambiguous still gets the drawn one.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { resolveRef, type ServiceModel } from '../../generator/model/index.js';
import { mergedSchema } from './roundtrip-draw.js';

// ajv-formats is CommonJS: its function is the module's default export, or the module itself.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
addFormats(ajv);

/** Each alternative's check, by the alternatives' schema: compiled once a process (a seed draws a parameter again). */
const checks = new WeakMap<object, Array<(value: unknown) => boolean>>();

/** The values a parameter's text `text` reads as: the text itself, a number, a boolean, where it reads so. */
function readings(text: string): unknown[] {
  const out: unknown[] = [text];
  if (text.trim() !== '' && Number.isFinite(Number(text))) out.push(Number(text));
  if (text === 'true' || text === 'false') out.push(text === 'true');
  return out;
}

/**
 * Whether at most one alternative of the parameter schema's top-level oneOf takes a reading of `value`'s text; true
 * for a schema without one and for a value that is not a scalar. An alternative that does not merge (a recursive one)
 * or that ajv does not compile counts as not taking it, so the draw is not held back by it.
 */
export function unambiguousParameter(model: ServiceModel, schema: unknown, value: unknown): boolean {
  if (value === null || typeof value === 'object') return true;
  const s = resolveRef<{ oneOf?: unknown[] }>(model.document, schema ?? {});
  if (!s || !Array.isArray(s.oneOf) || s.oneOf.length < 2) return true;
  let alternatives = checks.get(s);
  if (!alternatives) {
    alternatives = s.oneOf.map((alternative) => {
      const merged = mergedSchema(model, alternative);
      if (merged === undefined) return () => false;
      try {
        const check = ajv.compile(merged as object);
        return (v: unknown) => check(v) === true;
      } catch {
        return () => false;
      }
    });
    checks.set(s, alternatives);
  }
  const read = readings(String(value));
  return alternatives.filter((takes) => read.some(takes)).length <= 1;
}
