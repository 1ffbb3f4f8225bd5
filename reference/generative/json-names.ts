// The proto3 JSON mapping the public service follows accepts each field under its lowerCamelCase name or its
// original snake_case name (the cookbook sends {"file": {"display_name": ...}}). Requests are rewritten to the
// camelCase names the spec declares before they are validated. Keys chosen by the caller stay as they are:
// function call args, function responses, and the property names of a Schema (its values are Schemas).
const OPAQUE = new Set(['args', 'response']);

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelCaseNames(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => camelCaseNames(v, parentKey));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (parentKey === 'properties') {
      out[key] = camelCaseNames(inner);
      continue;
    }
    const name = key.startsWith('@') ? key : camel(key);
    out[name] = OPAQUE.has(name) ? inner : camelCaseNames(inner, name);
  }
  return out;
}
