// What `npm run generate` prints when a package's spec changed: the diff of the bundled spec it replaces
// (generated/<key>/openapi.json as it was) against the one it writes, in a few lines.
import fs from 'node:fs';
import { diffSides } from './diff.js';
import { sideOf } from './load.js';
import { operationText, result } from './result.js';

const SHOWN = 12;

/** Lines describing the change, or none when the spec did not change in any way the diff reports. */
export function specChangeSummary(key: string, file: string, before: string, after: string): string[] {
  let findings: ReturnType<typeof diffSides>;
  try {
    findings = diffSides(sideOf(`${key} (before)`, file, JSON.parse(before)), sideOf(key, file, JSON.parse(after)));
  } catch (error) {
    return [`spec ${key} changed; its diff failed: ${(error as Error).message}`];
  }
  if (findings.length === 0) return [];
  const { summary, changes } = result({ source: file, openapi: '' }, { source: file, openapi: '' }, findings, 'error');
  const lines = [
    `spec ${key} changed: ${summary.error} error(s), ${summary.warning} warning(s), ${summary.info} info; ${summary.codeBreaking} change(s) break code written against the old package`,
    ...changes
      .slice(0, SHOWN)
      .map(
        (f) =>
          `  ${f.level.padEnd(7)} ${f.id}  ${operationText(f)}: ${f.message}${f.code.verdict === 'breaks' ? ' [code breaks]' : ''}`,
      ),
  ];
  if (changes.length > SHOWN)
    lines.push(`  ... and ${changes.length - SHOWN} more (npm run diff -- <old spec> <new spec>)`);
  return lines;
}

/** The summaries of every package whose openapi.json is about to be replaced by a different one. */
export function specChanges(files: Map<string, string>, existing: (name: string) => string): string[] {
  const lines: string[] = [];
  for (const [name, after] of files) {
    if (name !== 'openapi.json' && !name.endsWith('/openapi.json')) continue;
    const file = existing(name);
    let before: string;
    try {
      before = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (before !== after) lines.push(...specChangeSummary(name.split('/')[0] ?? name, file, before, after));
  }
  return lines;
}
