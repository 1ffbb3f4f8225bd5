// Media types the model and the emitters tell apart by name.

/** Newline-delimited JSON: NDJSON and JSON Lines, by the names documents give them. */
export const isLinesType = (type: string): boolean =>
  /^application\/(x-)?(ndjson|jsonl|jsonlines|json-lines)$/i.test(type.split(';')[0]!.trim());

/** Media read and written as text (XML, CSV, YAML, any `text/*` but an event stream and `text/json`). */
export const isTextType = (type: string): boolean => {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return (/^text\//.test(t) && t !== 'text/event-stream' && t !== 'text/json') || /[/+](xml|csv|yaml|x-yaml)$/.test(t);
};

/**
 * JSON: application/json, the `+json` types (a problem detail, a vendor type) and `text/json`, which ASP.NET's
 * formatters read and write as JSON (rumble's `createScan` takes only it; Prism 5.14 reads it as text).
 */
export const isJsonType = (type: string): boolean => {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return t === 'application/json' || t === 'text/json' || t.endsWith('+json');
};

/**
 * A media range (`application/*+json`, `text/*`): a content key may name one, but a sender writes a concrete type, so
 * a body of the same kind under a concrete type is sent where the document offers both (ASP.NET documents list
 * `application/*+json` before `application/json`).
 */
export const isMediaRange = (type: string): boolean => type.split(';')[0]!.includes('*');
