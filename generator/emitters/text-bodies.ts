// Request bodies the generated server reads as text (`text/*`, CSV, YAML, a fieldless form) whose schema describes
// a string and says more of it than its type: the text is checked against that schema, as Prism checks it (conjur's
// API key, `text/plain` of 55 characters at least). Not XML: its string schema is the root element's text, which
// the round trip writes inside the element (`<Text>hi</Text>`), not the document's.
import { isFormText } from '../model/fieldless-forms.js';
import { isLinesType, isTextType } from '../model/media-types.js';
import { type OpenApiDocument, resolveRef } from '../model/ref.js';
import type { JsonSchema, RequestBodyModel } from '../model/types.js';
import { isXmlType } from './xml-shapes.js';

/** A raw body the server reads in memory as its text, not spooled as media. */
export function readsText(body: RequestBodyModel): boolean {
  return (
    body.kind === 'raw' &&
    !isLinesType(body.contentType) &&
    (isTextType(body.contentType) || isFormText(body.contentType))
  );
}

/** The keywords that constrain a string: a schema with none of them takes any text. */
const STRING_CONSTRAINTS = ['minLength', 'maxLength', 'pattern', 'enum', 'const', 'format'] as const;

/** Structure a text cannot meet, which the document means of the text's parsed form: left to the handler. */
const STRUCTURE = ['properties', 'items', 'allOf', 'oneOf', 'anyOf', 'not', 'additionalProperties', 'prefixItems'];

/** Whether the server checks a body's text against its schema: text whose schema constrains a string. */
export function checksText(document: OpenApiDocument, body: RequestBodyModel): boolean {
  if (!readsText(body) || isXmlType(body.contentType) || !body.schema) return false;
  let schema: JsonSchema;
  try {
    schema = resolveRef<JsonSchema>(document, body.schema);
  } catch {
    return false;
  }
  if (!schema || typeof schema !== 'object') return false;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (!types.every((t) => t === 'string' || t === 'null')) return false;
  if (STRUCTURE.some((k) => k in schema)) return false;
  return STRING_CONSTRAINTS.some((k) => schema[k] !== undefined);
}
