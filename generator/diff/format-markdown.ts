// The report for a pull request: a section per operation, then the generated code affected.
import type { Finding } from './finding.js';
import { type DiffResult, operationText } from './result.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function formatMarkdown(result: DiffResult): string {
  const { summary } = result;
  const out = [
    `## API changes: ${cell(result.base.source)} -> ${cell(result.revision.source)}`,
    '',
    `${summary.error} error(s), ${summary.warning} warning(s), ${summary.info} info${summary.ignored ? `, ${summary.ignored} ignored` : ''}.`,
  ];
  const groups = new Map<string, Finding[]>();
  for (const f of result.changes) {
    const key = operationText(f);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const [operation, findings] of groups) {
    out.push('', `### ${cell(operation)}`, '', '| level | check | where | change | code |', '|---|---|---|---|---|');
    for (const f of findings)
      out.push(
        `| ${f.ignored ? `ignored (${cell(f.ignored.reason)})` : f.level} | \`${f.id}\` | ${cell(f.location)} | ${cell(f.message)} | ${f.code.verdict} |`,
      );
  }
  const code = result.changes.filter((f) => f.code.verdict === 'breaks' && !f.ignored);
  if (code.length > 0) {
    out.push('', '### Generated code affected', '');
    for (const f of code)
      out.push(
        `- ${f.code.symbols.map((s) => `\`${s.name}\``).join(', ') || 'the package'}: ${cell(f.message)} (${cell(f.code.reason)})`,
      );
  }
  const check = result.codeCheck;
  if (check) {
    out.push('', `### Type errors in your code (${check.errors})`, '');
    for (const f of result.changes)
      for (const e of f.code.typeErrors ?? [])
        out.push(
          `- \`${cell(e.file ?? '')}:${e.line ?? ''}\` TS${e.code}: ${cell(e.message)} (\`${f.id}\`: ${cell(f.message)})`,
        );
    for (const e of check.unexplained)
      out.push(`- \`${cell(e.file ?? '')}:${e.line ?? ''}\` TS${e.code}: ${cell(e.message)} (no change names it)`);
  }
  return `${out.join('\n')}\n`;
}
