// An XML answer read into the value its schema describes, by the shapes the generated server reads XML bodies with
// (../xml/read.ts): where the operation documents XML for the answer's status with a schema that describes more than
// a string. The root element is taken under any name: the members are what the schema describes, and mocks write
// roots of their own (Prism 5.14 writes every XML answer under `<xml>`, stoplightio/prism#456). Only a client whose
// document has such answers imports this module, so only its package carries the XML library.
import { xmlReader } from '../xml/read.js';
import type { XmlBodyShape } from '../xml/shapes.js';

/** How deep an answer's elements may nest: the server's default bound on a body's. */
const MAX_DEPTH = 100;

/**
 * The answer reader of an operation: shapes by documented status (`200`, `2XX`, `default`) and media type. Gives
 * undefined where the answer's status and media type have none (the answer stays text); throws for a text that is
 * no XML document of the schema.
 */
export function xmlAnswerReader(
  shapes: Record<string, Record<string, XmlBodyShape>>,
): (status: number, contentType: string, text: string) => { value: unknown } | undefined {
  const own = <T>(table: Record<string, T>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);
  const readers = new Map<XmlBodyShape, (text: string, maxDepth: number) => unknown>();
  return (status, contentType, text) => {
    const code = String(status);
    const byType = own(shapes, code) ?? own(shapes, `${code[0]}XX`) ?? own(shapes, 'DEFAULT');
    const shape = byType && own(byType, contentType.split(';')[0]!.trim().toLowerCase());
    if (!shape) return undefined;
    let read = readers.get(shape);
    if (!read) readers.set(shape, (read = xmlReader(shape, { anyRoot: true })));
    return { value: read(text, MAX_DEPTH) };
  };
}
