// Form values as the public service reads them: a JSON string literal is the string it holds (its docs' curl sends
// object_story_id="<page>_<post>" with the quotes), a member set to null inside a JSON-valued field is the member
// left out (a recorded create with "instagram_actor_id": null and "app_link": null was answered 200 and read back
// without them), and the creative features spec written as a Python dict literal (the business SDK's example) is
// the object it spells. The spec accepts these forms; the service stores the plain one.
import { laxJson } from '../foundation/lax-json.js';
import { invalid } from './create-rules.js';

type Json = Record<string, any>;

const QUOTED = /^"(.*)"$/s;

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) if (inner !== null) out[key] = withoutNulls(inner);
  return out;
}

/** The object a dict literal spells; a literal that reads as no object is refused as Graph refuses a bad param. */
function dictLiteral(text: string, param: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(laxJson(text));
  } catch {
    value = undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(`Param ${param} must be an object`);
  return value as Json;
}

/** degrees_of_freedom_spec with its features spec, and each feature in it, read from a dict literal. */
function featuresAsObjects(spec: Json): Json {
  const param = 'degrees_of_freedom_spec[creative_features_spec]';
  const given = spec.creative_features_spec;
  if (given === undefined) return spec;
  const features = typeof given === 'string' ? dictLiteral(given, param) : (given as Json);
  const read: Json = {};
  for (const [name, detail] of Object.entries(features)) {
    const feature = typeof detail === 'string' ? dictLiteral(detail, `${param}[${name}]`) : (detail as Json);
    // A literal was checked as a string only: its enrolment is checked here as the object form's is by the spec.
    if (feature.enroll_status !== undefined && typeof feature.enroll_status !== 'string')
      throw invalid(`Param ${param}[${name}][enroll_status] must be a string`);
    read[name] = feature;
  }
  return { ...spec, creative_features_spec: read };
}

/** The request's fields in the form the service stores: quoted ids unquoted, null members of JSON values left out. */
export function graphFormValues(fields: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'object_story_id' && typeof value === 'string') out[key] = QUOTED.exec(value)?.[1] ?? value;
    else out[key] = typeof value === 'object' ? withoutNulls(value) : value;
  }
  if (out.degrees_of_freedom_spec && typeof out.degrees_of_freedom_spec === 'object')
    out.degrees_of_freedom_spec = featuresAsObjects(out.degrees_of_freedom_spec);
  return out;
}
