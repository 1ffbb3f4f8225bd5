// Reads an XML request body into the JSON value its schema describes (../xml/read.ts, the reader the client reads
// XML answers with), a text it cannot read refused as the body's parse error (400).
import { XmlReadError, xmlReader } from '../xml/read.js';
import type { XmlBodyShape } from '../xml/shapes.js';
import { BodyParseError } from './body-errors.js';

export type { XmlBodyShape, XmlMember, XmlShape } from '../xml/shapes.js';

/**
 * A reader of XML bodies of one schema: the body's text to the JSON value the schema describes. Throws
 * BodyParseError for text that is no XML document, declares a DOCTYPE, or whose root element is not the one the
 * document names.
 */
export function xmlBodyReader(shape: XmlBodyShape): (text: string, maxDepth: number) => unknown {
  const read = xmlReader(shape);
  return (text, maxDepth) => {
    try {
      return read(text, maxDepth);
    } catch (error) {
      if (error instanceof XmlReadError) throw new BodyParseError(error.message);
      throw error;
    }
  };
}
