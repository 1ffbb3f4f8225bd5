// A response header's text as its schema reads it. OpenAPI writes headers in the simple style: an array as its
// items joined by commas (`a,b`), an object as its members (`k,v,k2,v2`, or `k=v,k2=v2` exploded), a number or a
// boolean as its text. The judge read every header as one string, so a faithful `X-Tags: a,b` broke its array
// schema; it reads them as written now, each item or member as its own schema's type.
import { type JsonSchema, type OpenApiDocument, resolveRef } from '../../generator/model/index.js';

/** A scalar's text read as its schema's type (a number or boolean where the text is one). */
function scalar(schema: JsonSchema, text: string): unknown {
  const type = [schema.type].flat();
  if ((type.includes('integer') || type.includes('number')) && text.trim() !== '' && !Number.isNaN(Number(text)))
    return Number(text);
  if (type.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The header's value as its schema reads it (simple style; `explode` only changes how an object is written). */
export function headerValue(document: OpenApiDocument, raw: unknown, explode: boolean, text: string): unknown {
  const schema = resolveRef<JsonSchema>(document, raw ?? {});
  const type = [schema.type].flat();
  // HTTP lists allow whitespace around their commas (RFC 9110, 5.6.1).
  const pieces = () => (text.trim() === '' ? [] : text.split(',').map((piece) => piece.trim()));
  if (type.includes('array') && !type.includes('string')) {
    const items = resolveRef<JsonSchema>(document, schema.items ?? {});
    return pieces().map((piece) => scalar(items, piece));
  }
  if (type.includes('object') && !type.includes('string')) {
    const entries = explode
      ? pieces().map((piece) => [piece.slice(0, piece.indexOf('=')), piece.slice(piece.indexOf('=') + 1)])
      : pieces().flatMap((piece, i, all) => (i % 2 === 0 ? [[piece, all[i + 1] ?? '']] : []));
    if (explode && pieces().some((piece) => !piece.includes('='))) return text;
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      entries.map(([k, v]) => [k, scalar(resolveRef<JsonSchema>(document, properties[k!] ?? {}), v!)]),
    );
  }
  return scalar(schema, text);
}

/** A value written as a header in the simple style: what a faithful server sends, and headerValue reads back. */
export function headerText(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => (explode ? `${k}=${String(v)}` : `${k},${String(v)}`))
      .join(',');
  return String(value);
}
