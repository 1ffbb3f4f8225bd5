// The report as GitHub Actions workflow commands: an annotation per change on the revision's file and line.
import type { Level } from './finding.js';
import { type DiffResult, operationText } from './result.js';

const COMMAND: Record<Level, string> = { error: 'error', warning: 'warning', info: 'notice' };
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(result: DiffResult, revisionFile: string, baseFile: string): string {
  const lines = result.changes
    .filter((f) => !f.ignored)
    .map((f) => {
      const at = f.revision ?? f.base;
      const file = f.revision ? revisionFile : baseFile;
      const where = at?.line ? `file=${property(file)},line=${at.line},` : `file=${property(file)},`;
      return `::${COMMAND[f.level]} ${where}title=${property(f.id)}::${data(`${operationText(f)} ${f.location}: ${f.message} (code: ${f.code.verdict})`)}`;
    });
  return lines.length ? `${lines.join('\n')}\n` : '';
}
