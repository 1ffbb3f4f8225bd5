// Shim: in generated/ this file is replaced by fast-xml-parser's parser and validator bundled to one ESM file, with
// xml-parser.d.ts beside it.
export { XMLParser, XMLValidator } from 'fast-xml-parser';
