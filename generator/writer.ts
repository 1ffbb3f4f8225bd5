// Writes generated files, or compares them with what is on disk (--check): generated/ for the spec list, or the
// --out folder of one package.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './model/root.js';
import type { Outputs } from './pipeline.js';
import { replaceFile } from './safe-write.js';

export const GENERATED = path.join(ROOT, 'generated');

export interface Drift {
  changed: string[];
  missing: string[];
  extra: string[];
}

function existingFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? existingFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Differences between the outputs and generated/ (limited to the given sub-folders, if any). */
export function compare(outputs: Outputs, scopes?: string[]): Drift {
  return compareFolder(GENERATED, outputs, scopes);
}

/** Differences between the outputs and the files under `base` (limited to the given sub-folders, if any). */
export function compareFolder(base: string, outputs: Outputs, scopes?: string[]): Drift {
  const drift: Drift = { changed: [], missing: [], extra: [] };
  for (const [rel, content] of outputs) {
    const file = path.join(base, rel);
    if (!fs.existsSync(file)) drift.missing.push(rel);
    else if (fs.readFileSync(file, 'utf8') !== content) drift.changed.push(rel);
  }
  const dirs = scopes ? scopes.map((s) => path.join(base, s)) : [base];
  for (const dir of dirs) {
    for (const file of existingFiles(dir)) {
      const rel = path.relative(base, file).split(path.sep).join('/');
      if (!outputs.has(rel)) drift.extra.push(rel);
    }
  }
  for (const list of Object.values(drift)) list.sort();
  return drift;
}

/** Writes what differs and removes files no emitter produces any more; returns what it touched. */
export function write(outputs: Outputs, scopes?: string[]): Drift {
  const drift = compare(outputs, scopes);
  fs.mkdirSync(GENERATED, { recursive: true });
  for (const rel of [...drift.changed, ...drift.missing]) replaceFile(GENERATED, rel, outputs.get(rel)!);
  for (const rel of drift.extra) fs.rmSync(path.join(GENERATED, rel));
  return drift;
}

export function isClean(drift: Drift): boolean {
  return drift.changed.length + drift.missing.length + drift.extra.length === 0;
}
