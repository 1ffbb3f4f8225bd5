// The report as GitHub Actions workflow commands: an annotation per change on the revision's file and line.
import type { Level, TypeCheckError } from './finding.js';
import { type DiffResult, operationText } from './result.js';

const COMMAND: Record<Level, string> = { error: 'error', warning: 'warning', info: 'notice' };
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function typeErrorLine(e: TypeCheckError, cause: string): string {
  const where = e.file ? `file=${property(e.file)},${e.line ? `line=${e.line},col=${e.column},` : ''}` : '';
  return `::error ${where}title=${property(`TS${e.code} after the spec change`)}::${data(`${e.message} (${cause})`)}`;
}

export function formatGithub(result: DiffResult, revisionFile: string, baseFile: string): string {
  const lines = result.changes
    .filter((f) => !f.ignored)
    .map((f) => {
      const at = f.revision ?? f.base;
      const file = f.revision ? revisionFile : baseFile;
      const where = at?.line ? `file=${property(file)},line=${at.line},` : `file=${property(file)},`;
      return `::${COMMAND[f.level]} ${where}title=${property(f.id)}::${data(`${operationText(f)} ${f.location}: ${f.message} (code: ${f.code.verdict})`)}`;
    });
  // --check-code: each type error of the project annotated on its own file and line, with the change it comes from.
  for (const f of result.changes.filter((c) => !c.ignored))
    for (const e of f.code.typeErrors ?? []) lines.push(typeErrorLine(e, `${f.id}: ${f.message}`));
  for (const e of result.codeCheck?.unexplained ?? []) lines.push(typeErrorLine(e, 'no change of the spec names it'));
  return lines.length ? `${lines.join('\n')}\n` : '';
}
