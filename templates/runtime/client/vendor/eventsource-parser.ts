// Shim: in generated/ this file is replaced by eventsource-parser's own single-file build.
export { createParser, type EventSourceMessage, type EventSourceParser } from 'eventsource-parser';
