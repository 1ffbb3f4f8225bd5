// The published config schema (contracts/config.schema.json) is a valid JSON Schema 2020-12 document: the suite
// compiles it without checking it against the meta-schema at each run (contracts/targets/config-file.ts).
import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect, it } from 'vitest';
import { CONFIG_SCHEMA_FILE } from '../../contracts/targets/config-file.js';

// biome-ignore lint/suspicious/noExplicitAny: ajv-formats' CommonJS default export
const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

it('is valid against the JSON Schema 2020-12 meta-schema', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schema = JSON.parse(fs.readFileSync(CONFIG_SCHEMA_FILE, 'utf8'));
  expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true);
  // A schema that breaks the meta-schema is refused by the same check (the test can fail).
  expect(ajv.validateSchema({ ...schema, type: 'not-a-type' })).toBe(false);
});
