// The mutation gate's report: every mutant caught or not, the rules each one failed, and per rule whether at
// least one of its mutants was caught under its own id (a rule without one is unguarded).
import type { Mutant } from './mutant.js';
import type { FailedRule } from './worker.js';

export type MutantStatus =
  /** The suite reported FAIL under the mutant's own rule. */
  | 'caught'
  /** It did not (whatever other rules it broke). */
  | 'survived'
  /** The rule already fails on the clean implementation: the mutant proves nothing. */
  | 'invalid'
  /** The run itself broke (the implementation did not start, a test file did not load). */
  | 'error';

export interface MutantResult {
  id: string;
  rule: string;
  service: string;
  description: string;
  status: MutantStatus;
  /** The verdict of its own rule in its run. */
  verdict?: string;
  /** Rule ids reported FAIL (a survivor's: over its whole service). */
  failedRules: string[];
  firstFailure?: FailedRule;
  ms: number;
  error?: string;
}

export interface RuleGuard {
  ruleId: string;
  service: string;
  mutants: string[];
  caught: string[];
  status: 'guarded' | 'unguarded' | 'no mutant';
}

export interface MutationReport {
  summary: {
    mutants: number;
    caught: number;
    survived: number;
    invalid: number;
    errors: number;
    rules: number;
    guarded: number;
    unguarded: number;
    noMutant: number;
    seconds: number;
  };
  baselineFailures: Array<{ service: string } & FailedRule>;
  mutants: MutantResult[];
  rules: RuleGuard[];
}

export function ruleGuards(
  rules: ReadonlyArray<{ id: string; service: string }>,
  results: MutantResult[],
): RuleGuard[] {
  return rules.map((r) => {
    const mine = results.filter((m) => m.rule === r.id);
    const caught = mine.filter((m) => m.status === 'caught').map((m) => m.id);
    return {
      ruleId: r.id,
      service: r.service,
      mutants: mine.map((m) => m.id),
      caught,
      status: mine.length === 0 ? 'no mutant' : caught.length > 0 ? 'guarded' : 'unguarded',
    };
  });
}

export function summaryLine(report: MutationReport): string {
  const s = report.summary;
  return `${s.mutants} mutants: ${s.caught} caught, ${s.survived} survived, ${s.invalid} invalid, ${s.errors} errors; ${s.rules} rules: ${s.guarded} guarded, ${s.unguarded} unguarded, ${s.noMutant} without a mutant (${s.seconds} s)`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownMutationReport(report: MutationReport): string {
  const lines = ['# Mutation gate', '', summaryLine(report), ''];
  lines.push(
    'A mutant is a planted defect in a conforming implementation. It is caught only when the suite reports FAIL under its own rule; a FAIL under another rule does not count for its rule.',
    '',
  );
  if (report.baselineFailures.length > 0) {
    lines.push(
      '## Rules failing on the clean implementation',
      '',
      '| service | rule | test | why |',
      '|---|---|---|---|',
    );
    for (const f of report.baselineFailures)
      lines.push(`| ${f.service} | ${f.ruleId} | ${cell(f.test)} | ${cell(f.detail)} |`);
    lines.push('');
  }
  const problems = report.rules.filter((r) => r.status !== 'guarded');
  if (problems.length > 0) {
    lines.push('## Rules not guarded', '', '| rule | status | mutants |', '|---|---|---|');
    for (const r of problems) lines.push(`| ${r.ruleId} | ${r.status} | ${r.mutants.join(', ') || '-'} |`);
    lines.push('');
  }
  lines.push('## Mutants', '', '| rule | mutant | result | rules failed | what it plants |', '|---|---|---|---|---|');
  for (const m of report.mutants) {
    const result = m.status === 'caught' ? 'caught' : `**${m.status}**${m.verdict ? ` (rule ${m.verdict})` : ''}`;
    lines.push(
      `| ${m.rule} | ${m.id} | ${result} | ${m.failedRules.join(', ') || '-'} | ${cell(m.description)}${m.error ? ` (${cell(m.error.split('\n')[0]!)})` : ''} |`,
    );
  }
  lines.push('', '## Rules', '', '| rule | mutants | caught | status |', '|---|---:|---:|---|');
  for (const r of report.rules)
    lines.push(
      `| ${r.ruleId} | ${r.mutants.length} | ${r.caught.length} | ${r.status === 'guarded' ? 'guarded' : `**${r.status}**`} |`,
    );
  return `${lines.join('\n')}\n`;
}

/**
 * A mutant is caught when its rule does not pass: a FAIL, or an error (the mutated service answered 5xx or
 * nothing where the rule asked for an answer).
 */
export function isCaught(verdict: string | undefined): boolean {
  return verdict === 'fail' || verdict === 'error';
}

export function statusOf(
  mutant: Mutant,
  verdict: string | undefined,
  error: string | undefined,
  baselineFailed: ReadonlySet<string>,
): MutantStatus {
  if (error) return 'error';
  if (baselineFailed.has(mutant.rule)) return 'invalid';
  return isCaught(verdict) ? 'caught' : 'survived';
}
