// The conformance report as Markdown: one table per service, one line per rule.
import { verdictLabel, type RuleVerdict } from './outcome.js';

const LABEL: Record<string, string> = {
  pass: 'pass',
  fail: '**FAIL**',
  error: '**ERROR** (not judged: no answer or 5xx)',
  'not-applicable': 'not applicable',
  'mock-limitation': 'mock limitation',
  'no-test': '**no test**',
};

/** The curl line of a test's exchange (formatExchange's `replay:`), shown whole whatever the cut above. */
export function replayOf(exchange: string | undefined): string {
  const curl = exchange?.match(/^replay: (curl .*)$/m)?.[1];
  return curl ? `replay: \`${curl.replace(/`/g, "'")}\`` : '';
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, '<br>');

export function markdownReport(target: string, verdicts: RuleVerdict[], verdict?: string): string {
  const lines = [`# Conformance report: ${target}`, ''];
  if (verdict) lines.push(`> **${verdict}**`, '');
  lines.push(summaryLine(verdicts), '');
  for (const service of [...new Set(verdicts.map((v) => v.service))]) {
    lines.push(`## ${service}`, '', '| rule | text | result | detail |', '|---|---|---|---|');
    for (const v of verdicts.filter((x) => x.service === service)) {
      const detail = v.tests
        .filter((t) => t.verdict === v.verdict && (t.detail || t.exchange))
        .slice(0, 3)
        .map((t) =>
          [t.detail, t.exchange ? '`' + t.exchange.slice(0, 600) + '`' : '', replayOf(t.exchange)]
            .filter(Boolean)
            .join(' '),
        )
        .join('<br>');
      const warned = v.warnings.length ? ` (${v.warnings.length} warning${v.warnings.length > 1 ? 's' : ''})` : '';
      lines.push(`| ${v.ruleId} | ${cell(v.text)} | ${verdictLabel(v, LABEL)}${warned} | ${cell(detail)} |`);
    }
    lines.push('');
  }
  const warned = verdicts.filter((v) => v.warnings.length > 0);
  if (warned.length > 0) {
    lines.push(
      '## Warnings',
      '',
      "Convention-only expectations the target broke (this project's conventions, backed by neither the service document nor the public service): not failures unless the suite runs with `--strict`.",
      '',
    );
    for (const v of warned) {
      lines.push(`### ${v.ruleId}`, '', ...v.warnings.map((w) => `- ${w.replace(/\n/g, ' ')}`), '');
    }
  }
  return lines.join('\n');
}

export function summaryLine(verdicts: RuleVerdict[]): string {
  const count = (k: string) => verdicts.filter((v) => v.verdict === k).length;
  const warned = verdicts.filter((v) => v.warnings.length > 0).length;
  const tests = verdicts.reduce((n, v) => n + v.tests.length, 0);
  return `${verdicts.length} rules (${tests} tests): ${count('pass')} pass, ${count('fail')} FAIL, ${count('error')} ERROR, ${warned} with warnings, ${count('mock-limitation')} mock limitation, ${count('not-applicable')} not applicable, ${count('no-test')} without a test`;
}
