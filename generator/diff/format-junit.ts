// The report as JUnit XML: a test case per change, failed when it reaches --fail-on and is not ignored.
import { reaches } from './finding.js';
import { type DiffResult, operationText } from './result.js';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function formatJunit(result: DiffResult): string {
  const failing = result.changes.filter((f) => !f.ignored && reaches(f.level, result.failOn));
  const cases = result.changes.map((f) => {
    const name = xml(`${f.id} ${operationText(f)} ${f.location}`);
    const body = failing.includes(f)
      ? `<failure type="${f.level}" message="${xml(f.message)}">${xml(`${f.fingerprint} ${f.revision?.pointer ?? f.base?.pointer ?? ''}`)}</failure>`
      : f.ignored
        ? `<skipped message="${xml(f.ignored.reason)}"/>`
        : '';
    return `    <testcase classname="${xml(f.id)}" name="${name}">${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="spec-first diff" tests="${result.changes.length}" failures="${failing.length}">`,
    `  <testsuite name="${xml(`${result.base.source} -> ${result.revision.source}`)}" tests="${result.changes.length}" failures="${failing.length}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
