// The config file of a contract run (--config, default contracts.config.json), read and checked against the
// published schema contracts/config.schema.json: a parse error names the file, line and column; a key the
// schema does not know is named with the closest valid key; a wrong type names the key's path.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { ROOT } from '../../generator/model/root.js';
import { closest } from '../cli/closest.js';
import type { TargetConfig } from './fixtures.js';
import { unescapeToken } from '../../generator/model/json-pointer.js';

export const CONFIG_SCHEMA_FILE = path.join(ROOT, 'contracts', 'config.schema.json');

/** A config file the suite cannot use: the message is one line (file, where, what). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

let validate: ReturnType<Ajv2020['compile']> | undefined;
function validator() {
  if (!validate) {
    // Loaded when a config file is read: a run without one (the default) never loads ajv in the CLI's process.
    const require = createRequire(import.meta.url);
    const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
    // The schema is this package's own, checked against JSON Schema's meta-schema by a test
    // (test/contracts/config-schema.test.ts): not checked again by each run (~65 ms of CPU each time).
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
    addFormats(ajv);
    validate = ajv.compile(JSON.parse(fs.readFileSync(CONFIG_SCHEMA_FILE, 'utf8')));
  }
  return validate;
}

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

function parse(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = message.match(/at position (\d+)/);
    const where = at ? lineAndColumn(text, Number(at[1])) : lineAndColumn(text, text.trimEnd().length);
    throw new ConfigError(`${file}: ${where}: not valid JSON (${message.replace(/ in JSON at position \d+.*$/, '')})`);
  }
}

/** The schema node at an instance path (for the keys an object allows). */
function schemaAt(schema: any, pointer: string): any {
  let node = schema;
  for (const part of pointer.split('/').filter(Boolean)) node = node?.properties?.[unescapeToken(part)];
  return node;
}

function describeError(e: ErrorObject, schema: unknown): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '(top level)';
  if (e.keyword === 'additionalProperties') {
    const key = (e.params as { additionalProperty: string }).additionalProperty;
    const valid = Object.keys(schemaAt(schema, e.instancePath)?.properties ?? {});
    const near = closest(key, valid, 1)[0];
    const full = e.instancePath ? `${where}.${key}` : key;
    return `unknown key "${full}"${near ? ` (did you mean "${near}"?)` : ''}`;
  }
  return `${where} ${e.message}`;
}

/** The parsed, checked config; {} when the file does not exist (the caller says whether it must). */
export function readConfigFile(file: string | undefined): TargetConfig {
  if (!file || !fs.existsSync(file)) return {};
  const text = fs.readFileSync(file, 'utf8');
  const config = parse(file, text);
  const check = validator();
  if (!check(config)) {
    const errors = (check.errors ?? []).map((e) => describeError(e, check.schema));
    throw new ConfigError(`${file}: ${[...new Set(errors)].join('; ')} (schema: contracts/config.schema.json)`);
  }
  return config as TargetConfig;
}
