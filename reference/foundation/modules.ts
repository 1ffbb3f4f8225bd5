// Where each service's implementation lives (reference/<service>/index.ts, exporting `service`) and how
// it is loaded. A service whose folder does not exist yet is reported by name, not as an import stack.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReferenceService, ServiceKey } from './service.js';

const REFERENCE_DIR = path.resolve(import.meta.dirname, '..');

/** reference/<key>/index.ts (dir: another folder holding service folders, for tests). */
export function serviceModulePath(key: ServiceKey, dir = REFERENCE_DIR): string {
  return path.join(dir, key, 'index.ts');
}

export function serviceModuleExists(key: ServiceKey, dir = REFERENCE_DIR): boolean {
  return fs.existsSync(serviceModulePath(key, dir));
}

/** A path inside the project as the project names it (reference/analytics/index.ts), any other as is. */
function displayPath(file: string): string {
  const relative = path.relative(path.dirname(REFERENCE_DIR), file);
  return relative.startsWith('..') ? file : relative;
}

export class MissingServiceError extends Error {
  override name = 'MissingServiceError';
  constructor(
    readonly missing: ServiceKey[],
    dir = REFERENCE_DIR,
  ) {
    super(
      `the reference implementation of ${missing.join(', ')} does not exist yet (${missing
        .map((k) => displayPath(serviceModulePath(k, dir)))
        .join(', ')} missing)`,
    );
  }
}

export async function loadService(key: ServiceKey, dir = REFERENCE_DIR): Promise<ReferenceService> {
  if (!serviceModuleExists(key, dir)) throw new MissingServiceError([key], dir);
  const file = serviceModulePath(key, dir);
  const mod = (await import(pathToFileURL(file).href)) as { service?: ReferenceService };
  if (!mod.service || mod.service.key !== key) {
    throw new Error(`${file} must export \`service: ReferenceService\` with key '${key}'`);
  }
  return mod.service;
}
