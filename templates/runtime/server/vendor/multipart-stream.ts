// Shim: in generated/ this file is replaced by formidable's streaming multipart parser, bundled to one ESM file,
// with multipart-stream.d.ts beside it. formidable ships no declarations, so the shim states the same ones.
import type { Transform } from 'node:stream';
// @ts-expect-error: no declaration file (see above).
import Parser from 'formidable/src/parsers/Multipart.js';

export interface MultipartEvent {
  name: 'partBegin' | 'headerField' | 'headerValue' | 'headerEnd' | 'headersEnd' | 'partData' | 'partEnd' | 'end';
  buffer?: Buffer;
  start?: number;
  end?: number;
}

interface MultipartParser extends Transform {
  initWithBoundary(boundary: string): void;
}

const MultipartParser = Parser as new () => MultipartParser;
export default MultipartParser;
