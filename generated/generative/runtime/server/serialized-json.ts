// Copied from templates/runtime/server/serialized-json.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// A JSON answer serialised once, ahead of the request: a handler that answers the same cached value many times
// (a report read again and again) keeps its JSON text and returns it, and the router writes it as it is,
// instead of running JSON.stringify on every request. The type parameter is the body's type, checked where the
// text is made (serializeJson(value: T)), so a reply of SerializedJson<T> stays as typed as a reply of T.

const SERIALIZED = Symbol.for('spec-toolkit.serialized-json');

declare const bodyType: unique symbol;

export interface SerializedJson<T> {
  readonly [SERIALIZED]: true;
  /** The JSON text: JSON.stringify(value). */
  readonly text: string;
  /** The UTF-8 bytes of the text (made on first read). */
  readonly bytes: Buffer;
  /** Only a type: what the text holds. */
  readonly [bodyType]?: T;
}

/**
 * The router writes the text as it is: node encodes a string straight into the socket's write, where bytes made
 * ahead of it would be one more allocation and copy per answer.
 */
class Serialized {
  readonly [SERIALIZED] = true as const;
  private made: Buffer | undefined;
  constructor(readonly text: string) {}
  get bytes(): Buffer {
    this.made ??= Buffer.from(this.text, 'utf8');
    return this.made;
  }
}

/** The answer `value` as JSON text, made once; return it as a reply's `body` any number of times. */
export function serializeJson<T>(value: T): SerializedJson<T> {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('serializeJson: the value has no JSON form');
  return new Serialized(text) as SerializedJson<T>;
}

/**
 * JSON text the caller made itself (exactly what JSON.stringify of a T gives, e.g. joined from pieces serialised
 * ahead) as a reply body, written as it is.
 */
export function serializedJsonText<T>(text: string): SerializedJson<T> {
  return new Serialized(text) as SerializedJson<T>;
}

/** Whether a reply body is pre-serialised bytes (a marker shared by every copy of this module, not a class). */
export function isSerializedJson(value: unknown): value is SerializedJson<unknown> {
  return typeof value === 'object' && value !== null && (value as { [SERIALIZED]?: unknown })[SERIALIZED] === true;
}

/** A reply body: the value itself, or its JSON text made ahead by serializeJson. */
export type JsonBody<T> = T | SerializedJson<T>;
