// Form values as the public service reads them: a JSON string literal is the string it holds (its docs' curl sends
// object_story_id="<page>_<post>" with the quotes), and a member set to null inside a JSON-valued field is the
// member left out (a recorded create with "instagram_actor_id": null and "app_link": null was answered 200 and
// read back without them). The spec accepts both forms; the service stores the plain one.
type Json = Record<string, any>;

const QUOTED = /^"(.*)"$/s;

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) if (inner !== null) out[key] = withoutNulls(inner);
  return out;
}

/** The request's fields in the form the service stores: quoted ids unquoted, null members of JSON values left out. */
export function graphFormValues(fields: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'object_story_id' && typeof value === 'string') out[key] = QUOTED.exec(value)?.[1] ?? value;
    else out[key] = typeof value === 'object' ? withoutNulls(value) : value;
  }
  return out;
}
