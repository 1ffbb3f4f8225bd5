// The conformance report as JUnit XML: a suite per service, a test case per rule. A failure or an error carries
// its one-line reason as `message` and the whole text (the tests, why, the exchange and its curl) in the
// element's body, which CI systems show; every skipped case carries its reason (n/a, mock limitation).
import fs from 'node:fs';
import type { RuleVerdict } from './outcome.js';

/** Characters XML 1.0 cannot hold at all (a hostile answer may contain any byte): dropped (u: lone surrogates only). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

function text(s: string): string {
  return s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(s: string): string {
  return text(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

const firstLine = (s: string, n = 300) => (s.split('\n').find((l) => l.trim() !== '') ?? '').slice(0, n);

function element(name: string, attrs: Record<string, string>, body?: string): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${attr(v)}"`)
    .join('');
  return body === undefined ? `<${name}${a}/>` : `<${name}${a}>${text(body)}</${name}>`;
}

/** The test case of one rule verdict. */
export function junitCase(service: string, v: RuleVerdict): string {
  const seconds = (v.tests.reduce((s, t) => s + t.durationMs, 0) / 1000).toFixed(3);
  const judged = v.tests.filter((t) => t.verdict === v.verdict);
  const details = judged.map((t) => [t.name, t.detail, t.exchange].filter(Boolean).join('\n')).join('\n\n');
  const reason = firstLine(judged.find((t) => t.detail)?.detail ?? v.verdict);
  const inner: string[] = [];
  if (v.verdict === 'fail')
    inner.push(element('failure', { message: reason, type: 'ContractViolation' }, details.slice(0, 16_000)));
  else if (v.verdict === 'error')
    inner.push(element('error', { message: reason, type: 'TargetNotJudged' }, details.slice(0, 16_000)));
  else if (v.verdict === 'no-test')
    inner.push(element('failure', { message: 'no contract test names this rule id', type: 'MissingContractTest' }, ''));
  else if (v.verdict !== 'pass') inner.push(element('skipped', { message: `${v.verdict}: ${reason}` }));
  // Convention-only expectations the target broke: not failures unless --strict, shown beside the case.
  if (v.warnings.length > 0 && v.verdict !== 'not-applicable' && v.verdict !== 'mock-limitation')
    inner.push(element('system-out', {}, `warnings:\n${v.warnings.join('\n').slice(0, 4000)}`));
  const attrs = { classname: service, name: `${v.ruleId} ${v.text}`, time: seconds };
  return inner.length === 0
    ? `    ${element('testcase', attrs)}`
    : `    <testcase${Object.entries(attrs)
        .map(([k, x]) => ` ${k}="${attr(x)}"`)
        .join('')}>\n      ${inner.join('\n      ')}\n    </testcase>`;
}

export function junitReport(target: string, verdicts: RuleVerdict[]): string {
  const count = (vs: RuleVerdict[], ...k: string[]) => String(vs.filter((v) => k.includes(v.verdict)).length);
  const suites = [...new Set(verdicts.map((v) => v.service))].map((service) => {
    const vs = verdicts.filter((x) => x.service === service);
    const time = (vs.flatMap((v) => v.tests).reduce((s, t) => s + t.durationMs, 0) / 1000).toFixed(3);
    const attrs = {
      name: `${target}: ${service}`,
      tests: String(vs.length),
      failures: count(vs, 'fail', 'no-test'),
      errors: count(vs, 'error'),
      skipped: count(vs, 'not-applicable', 'mock-limitation'),
      time,
    };
    const open = Object.entries(attrs)
      .map(([k, x]) => ` ${k}="${attr(x)}"`)
      .join('');
    return `  <testsuite${open}>\n${vs.map((v) => junitCase(service, v)).join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n${suites.join('\n')}\n</testsuites>\n`;
}

export function writeJunitReport(file: string, target: string, verdicts: RuleVerdict[]): void {
  fs.writeFileSync(file, junitReport(target, verdicts));
}
