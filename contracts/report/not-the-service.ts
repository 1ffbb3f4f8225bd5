// One sentence instead of a page of failures when the answers say the target is not the service at all: every
// judged test failed or erred, and nearly every answer was HTML, or a status or body the spec does not describe
// (a web page, a login page of a proxy, another API at that address).
import type { RuleVerdict } from './outcome.js';

/** Failure texts that mean "this answer is nothing the spec describes", not "this rule is broken". */
const FOREIGN =
  /answer is text\/html|is not JSON|not valid JSON|is not a documented response|the spec documents|body does not match the spec/;
/** Share of the judged tests that must show a foreign answer. */
const SHARE = 0.8;
const MIN_TESTS = 5;

export function notTheServiceVerdict(target: string, verdicts: readonly RuleVerdict[]): string | undefined {
  const judged = verdicts.flatMap((v) => v.tests).filter((t) => ['pass', 'fail', 'error'].includes(t.verdict));
  if (judged.length < MIN_TESTS || judged.some((t) => t.verdict === 'pass')) return undefined;
  const html = judged.filter((t) => /^answer: HTTP \d+ text\/html/m.test(t.exchange ?? '')).length;
  const foreign = judged.filter((t) => FOREIGN.test(`${t.detail ?? ''}\n${t.exchange ?? ''}`)).length;
  const services = [...new Set(verdicts.filter((v) => v.tests.length > 0).map((v) => v.service))].join(', ');
  if (html >= judged.length * SHARE)
    return `The target ${target} answers HTML web pages, not the ${services} API (${html} of ${judged.length} tests got text/html): check --target and the config's endpoints; no rule was judged on its merits.`;
  if (foreign >= judged.length * SHARE)
    return `The target ${target} does not look like the ${services} API: ${foreign} of ${judged.length} tests got answers the spec does not describe (undocumented statuses, content types or bodies) and none passed; check --target and the config's endpoints before reading the failures below.`;
  return undefined;
}
