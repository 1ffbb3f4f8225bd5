// An XML request body: the schema's value written as XML by the shape the generated server reads it with
// (../xml/write.ts), or text and bytes the caller wrote, sent as given. Only a client whose document has XML bodies
// with a schema imports this module, so only its package carries the XML library.
import type { XmlBodyShape } from '../xml/shapes.js';
import { xmlText } from '../xml/write.js';
import type { RequestBody } from './core.js';

/** An XML media type: `application/xml`, `text/xml`, or any `+xml` type. */
const isXmlType = (type: string) => type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');

/**
 * The body of a value (written as XML by the shape of its media type, `written` where the caller names none) or of
 * text and bytes (sent as `contentType`, else the operation's first documented type). A value sent as a media type
 * that is no XML, or that no XML could carry, rejects the call with a TypeError before anything is sent.
 */
export function xmlRequestBody(
  value: unknown,
  contentType: string | undefined,
  documented: string,
  written: string,
  shapes: Record<string, XmlBodyShape>,
): RequestBody {
  if (typeof value === 'string' || value instanceof Uint8Array || value instanceof Blob)
    return { kind: 'raw', value, contentType: contentType ?? documented };
  const type = contentType ?? written;
  let text: string | undefined;
  // Written when sent (once for every attempt), so a refusal rejects the call as a transport's error does.
  const write = () => {
    const bare = type.split(';')[0]!.trim().toLowerCase();
    if (!isXmlType(bare))
      throw new TypeError(`a body value is written as XML, not as ${type}: give its text or bytes for that media type`);
    const own = (key: string) => (Object.hasOwn(shapes, key) ? shapes[key] : undefined);
    text ??= xmlText(own(bare) ?? own(written.split(';')[0]!.trim().toLowerCase()) ?? Object.values(shapes)[0]!, value);
    return { value: text, contentType: type };
  };
  return { kind: 'written', write };
}
