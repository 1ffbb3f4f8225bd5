// Declarations of the vendored formidable multipart parser beside this file (the parts the runtime uses): a
// Transform written with the body's bytes, emitting one event per piece of the message as it is read.
import type { Transform } from 'node:stream';

export interface MultipartEvent {
  name: 'partBegin' | 'headerField' | 'headerValue' | 'headerEnd' | 'headersEnd' | 'partData' | 'partEnd' | 'end';
  /** The bytes the event covers are buffer[start, end) (headerField, headerValue, partData). */
  buffer?: Buffer;
  start?: number;
  end?: number;
}

export default class MultipartParser extends Transform {
  initWithBoundary(boundary: string): void;
}
