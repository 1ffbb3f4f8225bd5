// The seed file (reference/seed.default.yaml unless --seed): one top-level mapping per service. This module
// reads it with the `yaml` package and hands each service its own section; what a section holds is the
// service's business (each service validates its own section). Errors name the file and the bad key.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICE_KEYS, type ServiceKey } from './service.js';

export const DEFAULT_SEED_FILE = path.resolve(import.meta.dirname, '..', 'seed.default.yaml');

const SECTIONS: readonly ServiceKey[] = SERVICE_KEYS;

export type SeedSections = Record<ServiceKey, Record<string, unknown>>;

export class SeedError extends Error {
  override name = 'SeedError';
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits parsed seed YAML into one section per service; an absent or empty section is `{}`. */
export function splitSeed(document: unknown, file: string): SeedSections {
  if (document === null || document === undefined) document = {};
  if (!isMapping(document)) {
    throw new SeedError(
      `${file}: the seed file must be a mapping of service sections (${SECTIONS.join(', ')}), not ${describe(document)}`,
    );
  }
  const unknown = Object.keys(document).filter((key) => !(SECTIONS as readonly string[]).includes(key));
  if (unknown.length) {
    throw new SeedError(
      `${file}: unknown top-level key ${unknown.map((k) => `"${k}"`).join(', ')}; the sections are ${SECTIONS.join(', ')}`,
    );
  }
  const out = {} as SeedSections;
  for (const key of SECTIONS) {
    const section = document[key] ?? {};
    if (!isMapping(section))
      throw new SeedError(`${file}: section "${key}" must be a mapping, not ${describe(section)}`);
    out[key] = section;
  }
  return out;
}

/** Reads and splits a seed file; YAML syntax errors keep the parser's line and column. */
export function loadSeed(file: string = DEFAULT_SEED_FILE): SeedSections {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new SeedError(
      `${file}: cannot read the seed file (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  if (lastParsed?.text !== text) {
    let document: unknown;
    try {
      document = parse(text);
    } catch (error) {
      throw new SeedError(`${file}: not valid YAML: ${(error as Error).message}`);
    }
    lastParsed = { text, document };
  }
  // A copy: services may change what they are handed, and the next start must see the file as written.
  return splitSeed(structuredClone(lastParsed.document), file);
}

/**
 * The last seed text parsed and its document: a process that starts the reference many times on one seed (the
 * mutation gate, once per mutant) parses it once; the yaml package takes a few hundred ms for the default seed.
 */
let lastParsed: { text: string; document: unknown } | undefined;

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value} (${JSON.stringify(value)?.slice(0, 40)})`;
}
