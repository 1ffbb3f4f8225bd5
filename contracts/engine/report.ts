// The run's report, in the four forms the rule suite writes (console table, Markdown, JUnit, JSON), every text
// passed through the redactor first: no configured secret reaches a report or the console, whatever the target
// echoed. Each failure carries the exchange it was judged on and a curl that replays it.
import fs from 'node:fs';
import path from 'node:path';
import builderModule from 'junit-report-builder';
import { CHECKS, type CheckId } from './checks.js';
import { type CheckOutcome, type EngineResult, type Note, TARGET_GONE, type Verdict } from './run.js';
import { type Exchange, requestUrl } from './transport.js';

// biome-ignore lint/suspicious/noExplicitAny: junit-report-builder's CommonJS default export
const junit = (builderModule as any).default ?? builderModule;

/** Replaces every configured secret (and its URL-encoded and base64 forms) by `<redacted>`. */
export function redactor(secrets: string[]): (text: string) => string {
  const forms = [
    ...new Set(
      secrets
        .filter((s) => s.length >= 4)
        .flatMap((s) => [s, encodeURIComponent(s), Buffer.from(s).toString('base64')]),
    ),
  ].sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((t, secret) => t.split(secret).join('<redacted>'), text);
}

const shell = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command that sends the exchange's request again. */
export function curlOf(baseUrl: string, exchange: Exchange): string {
  const r = exchange.request;
  const parts = ['curl', '-i', '-X', r.method, shell(requestUrl(baseUrl, r))];
  for (const [name, value] of Object.entries(r.headers)) parts.push('-H', shell(`${name}: ${value}`));
  if (r.contentType) parts.push('-H', shell(`content-type: ${r.contentType}`));
  if (r.body !== undefined) parts.push('--data-raw', shell(r.body));
  return parts.join(' ');
}

/** The exchange as text: the request line and body, the answer's status, type and (bounded) body. */
export function exchangeText(exchange: Exchange): string {
  const r = exchange.request;
  const lines = [`${r.method} ${exchange.url}`];
  if (r.body !== undefined) lines.push(`  body (${r.contentType}): ${r.body.slice(0, 1000)}`);
  if (exchange.answer) {
    const a = exchange.answer;
    lines.push(`-> ${a.status} ${a.contentType ?? '(no content type)'}${a.truncated ? ' (cut at the size cap)' : ''}`);
    if (a.body) lines.push(`  ${a.body.slice(0, 1000)}${a.body.length > 1000 ? ' ...' : ''}`);
  } else lines.push(`-> no answer: ${exchange.error}`);
  return lines.join('\n');
}

const ORDER: Verdict[] = ['FAIL', 'error', 'pass', 'n/a'];

/** The FAILs and errors shown one by one: the checks a vanished target left are counted, and said once in a note. */
const reported = (result: EngineResult) =>
  result.outcomes.filter((o) => (o.verdict === 'FAIL' || o.verdict === 'error') && o.message !== TARGET_GONE);

const NOTE_HEAD: Record<Note['kind'], string> = {
  mock: 'not judged, the mock deviates from the document',
  document: 'not judged, the document contradicts itself',
  target: 'the target',
};

/** The run's notes, one line each: what was not judged and why, with how many answers it covers. */
export function noteLines(result: EngineResult): string[] {
  return (result.notes ?? []).map(
    (n) => `${NOTE_HEAD[n.kind]}: ${n.text}${n.kind === 'target' ? '' : ` (${n.count} answer(s))`}`,
  );
}

/**
 * An n/a outcome's reason in short, to count alike ones together: its message up to the first `: ` or ` (`, numbers
 * written N unless `numbersAsN` is false (`the valid request was answered N, not a 2xx`).
 */
export function shortReason(message: string, numbersAsN = true): string {
  const first = message.search(/: | \(/);
  // A head too short to tell anything ("not judged: --max-requests reached") keeps its next clause.
  const next = first > 0 && first < 16 ? message.slice(first + 2).search(/: | \(/) : -1;
  const cut = next >= 0 ? first + 2 + next : first > 0 && first < 16 ? message.length : first;
  const text = cut > 0 ? message.slice(0, cut) : message;
  const head = numbersAsN ? text.replace(/\b\d+\b/g, 'N') : text;
  return head.length > 90 ? `${head.slice(0, 89)}…` : head;
}

/**
 * The reasons of a check's n/a rows in short, the commonest first, with how many rows each covers. Rows are counted
 * together by their numbers written N; where every row of a reason has the same numbers, they are shown
 * ("answered its own 500", not "answered its own N").
 */
export function naReasons(outcomes: CheckOutcome[]): Array<[string, number]> {
  const groups = new Map<string, { count: number; concrete: string | undefined }>();
  for (const o of outcomes) {
    if (o.verdict !== 'n/a') continue;
    const key = shortReason(o.message);
    const concrete = shortReason(o.message, false);
    const group = groups.get(key);
    if (!group) groups.set(key, { count: 1, concrete });
    else {
      group.count++;
      if (group.concrete !== concrete) group.concrete = undefined;
    }
  }
  return [...groups]
    .map(([key, { count, concrete }]): [string, number] => [concrete ?? key, count])
    .sort((a, b) => b[1] - a[1]);
}

/** Per check: the worst verdict over the operations, the count of each verdict, and why its n/a rows are so. */
export function summary(
  outcomes: CheckOutcome[],
): Array<{ check: CheckId; verdict: Verdict; counts: Record<Verdict, number>; naWhy: string }> {
  const checks = [...new Set(outcomes.map((o) => o.check))];
  return checks.map((check) => {
    const mine = outcomes.filter((o) => o.check === check);
    const counts = { pass: 0, FAIL: 0, error: 0, 'n/a': 0 } as Record<Verdict, number>;
    for (const o of mine) counts[o.verdict]++;
    const reasons = naReasons(mine);
    // One short reason per row: the commonest, and how many others there are.
    const naWhy = reasons.length
      ? `${reasons[0]![0]} (${reasons[0]![1]})${reasons.length > 1 ? `; ${reasons.length - 1} other reason(s)` : ''}`
      : '';
    return { check, verdict: ORDER.find((v) => counts[v] > 0) ?? 'n/a', counts, naWhy };
  });
}

/**
 * One sentence when the target is not this API at all: most answers are HTML (a web page, a login form, a wrong
 * base path) while the document documents none.
 */
export function notThisApi(result: EngineResult, documentedTypes: Set<string>): string | undefined {
  const answered = [...result.answeredTypes.values()].reduce((a, b) => a + b, 0);
  const html = result.answeredTypes.get('text/html') ?? 0;
  if (answered >= 3 && html / answered >= 0.8 && !documentedTypes.has('text/html'))
    return `the target does not answer as this document describes: ${html} of ${answered} answers were HTML pages, which the document never documents (a web front end, a login page or a wrong base URL?)`;
  return undefined;
}

export interface ReportInput {
  title: string;
  baseUrl: string;
  seed: number;
  result: EngineResult;
  redact: (text: string) => string;
  verdictSentence?: string;
}

export function consoleReport({ title, baseUrl, seed, result, redact, verdictSentence }: ReportInput): string {
  const lines = [
    `${title} at ${redact(baseUrl)}: ${result.requests} requests, seed ${seed}${result.stoppedBy ? ` (stopped: ${result.stoppedBy})` : ''}`,
  ];
  if (verdictSentence) return [...lines, redact(verdictSentence)].join('\n');
  lines.push('', `${'check'.padEnd(30)} ${'verdict'.padEnd(7)} pass  FAIL  error  n/a  n/a, mostly`);
  for (const row of summary(result.outcomes))
    lines.push(
      `${row.check.padEnd(30)} ${row.verdict.padEnd(7)} ${String(row.counts.pass).padStart(4)}  ${String(row.counts.FAIL).padStart(4)}  ${String(row.counts.error).padStart(5)}  ${String(row.counts['n/a']).padStart(3)}  ${row.naWhy}`.trimEnd(),
    );
  const notes = noteLines(result);
  if (notes.length) lines.push('', ...notes);
  for (const o of reported(result)) {
    lines.push('', `${o.verdict} ${o.check} ${o.operation}: ${o.message}`);
    if (o.exchange) lines.push(exchangeText(o.exchange), `replay: ${curlOf(baseUrl, o.exchange)}`);
  }
  return redact(lines.join('\n'));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownReport({ title, baseUrl, seed, result, redact, verdictSentence }: ReportInput): string {
  const lines = [
    `# ${cell(title)}: conformance`,
    '',
    `Target \`${baseUrl}\`, ${result.requests} requests, seed ${seed}.`,
    '',
  ];
  if (verdictSentence) lines.push(`**${cell(verdictSentence)}**`, '');
  lines.push(
    '| check | meaning | verdict | pass | FAIL | error | n/a | n/a, mostly |',
    '|---|---|---|---:|---:|---:|---:|---|',
  );
  for (const row of summary(result.outcomes))
    lines.push(
      `| \`${row.check}\` | ${CHECKS[row.check]} | ${row.verdict} | ${row.counts.pass} | ${row.counts.FAIL} | ${row.counts.error} | ${row.counts['n/a']} | ${cell(row.naWhy)} |`,
    );
  const notes = noteLines(result);
  if (notes.length) lines.push('', '## Not judged', '', ...notes.map((n) => `- ${cell(n)}`));
  const failures = reported(result);
  if (failures.length) lines.push('', '## Failures');
  for (const o of failures) {
    lines.push('', `### ${o.verdict} \`${o.check}\` ${cell(o.operation)}`, '', cell(o.message));
    // The target's bytes stay inside fences: a hostile answer cannot put markup into a job summary.
    if (o.exchange)
      lines.push(
        '',
        '```text',
        exchangeText(o.exchange).replace(/```/g, "'''"),
        '```',
        '',
        '```sh',
        curlOf(baseUrl, o.exchange),
        '```',
      );
  }
  return redact(lines.join('\n')) + '\n';
}

export function junitReport(file: string, { title, baseUrl, result, redact }: ReportInput): void {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(redact(`${title} at ${baseUrl}`));
  for (const o of result.outcomes) {
    const tc = suite.testCase().className(o.check).name(redact(o.operation));
    const detail = redact(
      [o.message, o.exchange && exchangeText(o.exchange), o.exchange && `replay: ${curlOf(baseUrl, o.exchange)}`]
        .filter(Boolean)
        .join('\n\n'),
    );
    // The failure's text goes in the element's body (a CI system shows it), its first line in the message.
    if (o.verdict === 'FAIL') tc.failure(redact(o.message).slice(0, 300), o.check).stacktrace(detail);
    else if (o.verdict === 'error') tc.error(redact(o.message).slice(0, 300), 'NoAnswer', detail);
    else if (o.verdict === 'n/a') tc.skipped().standardOutput(`n/a: ${redact(o.message)}`);
  }
  builder.writeTo(file);
}

export function jsonReport({ title, baseUrl, seed, result, redact, verdictSentence }: ReportInput): string {
  const body = {
    title,
    target: baseUrl,
    seed,
    requests: result.requests,
    stoppedBy: result.stoppedBy ?? null,
    verdictSentence: verdictSentence ?? null,
    checks: summary(result.outcomes).map((row) => ({ ...row, meaning: CHECKS[row.check] })),
    notes: result.notes ?? [],
    outcomes: result.outcomes.map((o) => ({
      check: o.check,
      operation: o.operation,
      verdict: o.verdict,
      message: o.message,
      exchange: o.exchange && exchangeText(o.exchange),
      curl: o.exchange && curlOf(baseUrl, o.exchange),
    })),
  };
  return redact(JSON.stringify(body, null, 2)) + '\n';
}

/** Writes test.md, test.junit.xml and test.json into `dir`. */
export function writeReports(dir: string, input: ReportInput): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const files = ['test.md', 'test.junit.xml', 'test.json'].map((f) => path.join(dir, f));
  fs.writeFileSync(files[0]!, markdownReport(input));
  junitReport(files[1]!, input);
  fs.writeFileSync(files[2]!, jsonReport(input));
  return files;
}
