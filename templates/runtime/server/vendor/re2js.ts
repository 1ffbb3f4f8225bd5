// Shim: in generated/ this file is replaced by re2js's own single-file build, with re2js.d.ts beside it.
export { RE2JS } from 're2js';
