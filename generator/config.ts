// The specs the generator turns into packages: a list in a config file (generator/specs.config.json by
// default; `--config <file>` names another), each entry a package key (its folder under the output) and
// the spec it comes from. Nothing else in the generator names a service.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './model/root.js';

export interface SpecEntry {
  /** Package key: the folder of the generated package, and the base of its identifiers. */
  key: string;
  /** The spec's root file, absolute. */
  spec: string;
}

export const DEFAULT_CONFIG = path.join(ROOT, 'generator', 'specs.config.json');

/** The spec list of a config file; relative spec paths are relative to the file's folder's project root. */
export function loadSpecList(file: string = DEFAULT_CONFIG): SpecEntry[] {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the spec list ${file}: ${(error as Error).message}`);
  }
  const specs = (raw as { specs?: unknown }).specs;
  if (!Array.isArray(specs) || specs.length === 0)
    throw new Error(`${file}: "specs" must be a non-empty list of { key, spec }`);
  const base = file === DEFAULT_CONFIG ? ROOT : path.dirname(file);
  const seen = new Set<string>();
  return specs.map((entry: { key?: unknown; spec?: unknown }, i) => {
    if (typeof entry?.key !== 'string' || !/^[a-z][a-z0-9-]*$/.test(entry.key))
      throw new Error(`${file}: specs[${i}].key must be a lower-case name (a-z, 0-9, -)`);
    if (typeof entry.spec !== 'string')
      throw new Error(`${file}: specs[${i}].spec must be the path of an OpenAPI file`);
    if (seen.has(entry.key)) throw new Error(`${file}: the key ${entry.key} appears twice`);
    seen.add(entry.key);
    return { key: entry.key, spec: path.resolve(base, entry.spec) };
  });
}
