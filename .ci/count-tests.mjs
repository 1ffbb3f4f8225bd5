// The closing line of .ci/run: "<passed> passed, <failed> failed", counting tests only (vitest's JSON report).
// A failed suite none of whose tests failed (an import error, a failed hook), a missing or unreadable report, an
// empty run, or a failed test step without a failed test each count as one failed test, so nothing hides.
// usage: node .ci/count-tests.mjs <vitest.json> <1 if the test step failed, else 0>
import fs from 'node:fs';

export function closingLine(reportText, testStepFailed) {
  let passed = 0;
  let failed = 0;
  try {
    const r = JSON.parse(reportText);
    passed = r.numPassedTests;
    failed = r.numFailedTests;
    for (const suite of r.testResults ?? [])
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed')) failed += 1;
    if (r.numTotalTests === 0) failed += 1;
  } catch {
    failed += 1;
  }
  if (testStepFailed && failed === 0) failed = 1;
  return `${passed} passed, ${failed} failed`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, stepFailed] = process.argv.slice(2);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {}
  console.log(closingLine(text, stepFailed === '1'));
}
