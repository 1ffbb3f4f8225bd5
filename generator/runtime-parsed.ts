// The runtime's texts shown to parse, listed in generated/runtime-parsed.json by `npm run generate` (and checked
// by `generate --check`), so a fresh install's first `generate` finds the toolkit's own runtime there instead of
// parsing it (329 KB of TypeScript). A text edited since (a local edit, a bad merge) or keyed by another compiler
// version is not listed, so it is parsed as any other (syntax-check.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './model/root.js';

/** The list's name under generated/. */
export const RUNTIME_PARSED = 'runtime-parsed.json';

/** A runtime text's record: the hash of the compiler's version and the text (as parse-records.ts names it). */
export const runtimeRecord = (content: string): string =>
  createHash('sha256').update(`${ts.version}\0${content}`).digest('hex').slice(0, 32);

let listed: Set<string> | undefined;

/** Whether the committed list holds `record`; a list missing or unreadable holds nothing. */
export function listedAsParsed(record: string): boolean {
  listed ??= readList();
  return listed.has(record);
}

function readList(): Set<string> {
  try {
    const list = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated', RUNTIME_PARSED), 'utf8'));
    return new Set(Array.isArray(list?.records) ? list.records.filter((r: unknown) => typeof r === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The list's text: the record of each of the runtime's TypeScript texts that `parses` (each parsed here). */
export function runtimeParsedList(
  files: Iterable<[string, string]>,
  parses: (name: string, content: string) => boolean,
): string {
  const records = [...files]
    .filter(([name, content]) => name.endsWith('.ts') && parses(name, content))
    .map(([, content]) => runtimeRecord(content))
    .sort();
  return `${JSON.stringify({ typescript: ts.version, records }, null, 2)}\n`;
}
