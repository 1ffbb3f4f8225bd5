// The report for a terminal: one line a change, grouped by level, with its code verdict and where to look.
import type { Finding, TypeCheckError } from './finding.js';
import { type DiffResult, operationText } from './result.js';

const typeError = (e: TypeCheckError) =>
  `${e.file ?? ''}${e.line ? `:${e.line}:${e.column}` : ''} TS${e.code}: ${e.message}`;

const place = (f: Finding) =>
  [
    f.base && `base ${f.base.pointer || '(root)'}${f.base.line ? `:${f.base.line}` : ''}`,
    f.revision && `revision ${f.revision.pointer || '(root)'}${f.revision.line ? `:${f.revision.line}` : ''}`,
  ]
    .filter(Boolean)
    .join(', ');

export function formatText(result: DiffResult): string {
  const { summary } = result;
  const lines = [`${result.base.source} -> ${result.revision.source}`];
  if (result.changes.length === 0 && !result.codeCheck?.errors) return `${lines[0]}\nno changes\n`;
  for (const f of result.changes) {
    lines.push(
      `${f.ignored ? 'ignored' : f.level.padEnd(7)} ${f.id}  ${operationText(f)}  ${f.location}: ${f.message}`,
      `        code: ${f.code.verdict} (${f.code.reason})${f.code.symbols.length ? `: ${f.code.symbols.map((s) => s.name).join(', ')}` : ''}`,
      `        at ${place(f)}  [${f.fingerprint}]${f.ignored ? ` ignored: ${f.ignored.reason}` : ''}`,
      ...(f.code.typeErrors ?? []).map((e) => `        tsc: ${typeError(e)}`),
    );
  }
  const check = result.codeCheck;
  if (check) {
    lines.push(`${check.errors} type error(s) in ${check.tsconfig} against the revision's package`);
    for (const e of check.unexplained) lines.push(`  no change explains: ${typeError(e)}`);
  }
  lines.push(
    `${summary.error} error(s), ${summary.warning} warning(s), ${summary.info} info; ${summary.codeBreaking} break generated-code callers${summary.ignored ? `; ${summary.ignored} ignored` : ''}${summary.breaking ? `: fails at --fail-on ${result.failOn}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
