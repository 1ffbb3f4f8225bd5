// Shim: in generated/ this file is replaced by fast-xml-parser's parser, validator and builder bundled to one ESM
// file, with xml-parser.d.ts beside it.
export { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
