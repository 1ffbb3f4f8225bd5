// Shim: in generated/ this file is replaced by ajv's JSON Schema 2020-12 validator and ajv-formats, bundled to one
// ESM file, with ajv.d.ts beside it (the parts the runtime uses).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export { Ajv2020 };
export const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
