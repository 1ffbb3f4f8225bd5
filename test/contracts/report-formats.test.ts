// What a CI system shows of a contract run: JUnit with the failure text in the element's body and a reason on
// every skip, a curl that replays each failure's request, and one sentence when the target is not the service.
import { describe, expect, it } from 'vitest';
import { curlOf } from '../../contracts/harness/replay-curl.js';
import { formatExchange, type Exchange } from '../../contracts/harness/recorder.js';
import { junitReport } from '../../contracts/report/junit.js';
import { markdownReport } from '../../contracts/report/markdown.js';
import { notTheServiceVerdict } from '../../contracts/report/not-the-service.js';
import type { RuleVerdict, TestOutcome } from '../../contracts/report/outcome.js';

const test = (verdict: TestOutcome['verdict'], detail: string, exchange?: string): TestOutcome => ({
  ruleId: 'GEN-X-1',
  name: `GEN-X-1 case ${detail.slice(0, 10)}`,
  verdict,
  detail,
  exchange,
  durationMs: 12,
});
const rule = (ruleId: string, verdict: RuleVerdict['verdict'], tests: TestOutcome[]): RuleVerdict => ({
  ruleId,
  service: 'generative',
  text: `rule ${ruleId} & <text>`,
  verdict,
  tests,
  warnings: [],
});

describe('junitReport', () => {
  const xml = junitReport('http://t', [
    rule('GEN-A-1', 'fail', [
      test('fail', 'expected 400 to be 200\nmore', 'request: GET /x\nanswer: HTTP 200 a\u0000b'),
    ]),
    rule('GEN-B-1', 'not-applicable', [test('not-applicable', 'fixture generative.tunedModel not configured')]),
    rule('GEN-C-1', 'mock-limitation', [test('mock-limitation', 'Prism answers its own shape')]),
    rule('GEN-D-1', 'error', [test('error', 'the target could not be judged: HTTP 503')]),
    rule('GEN-E-1', 'pass', [test('pass', 'ok')]),
  ]);

  it('puts the one-line reason in the message and the whole text in the body', () => {
    expect(xml).toContain(
      '<failure message="expected 400 to be 200" type="ContractViolation">GEN-X-1 case expected 4\nexpected 400 to be 200\nmore\nrequest: GET /x\nanswer: HTTP 200 ab</failure>',
    );
    expect(xml).toMatch(
      /<error message="the target could not be judged: HTTP 503" type="TargetNotJudged">[^<]+<\/error>/,
    );
  });

  it('gives every skipped case its reason', () => {
    expect(xml).toContain('<skipped message="not-applicable: fixture generative.tunedModel not configured"/>');
    expect(xml).toContain('<skipped message="mock-limitation: Prism answers its own shape"/>');
    expect(xml.match(/<skipped/g)).toHaveLength(2);
  });

  it('escapes text and counts per suite', () => {
    expect(xml).toContain('name="GEN-A-1 rule GEN-A-1 &amp; &lt;text&gt;"');
    expect(xml).toContain('tests="5" failures="1" errors="1" skipped="2"');
    expect(xml).not.toContain('\u0000');
  });
});

describe('a curl for every failure', () => {
  const exchange: Exchange = {
    method: 'POST',
    url: "http://t/v1beta/models/m:generateContent?alt=it's",
    requestHeaders: { 'content-type': 'application/json', 'x-goog-api-key': '***' },
    requestBodyText: `{"text":"it's"}`,
    requestBody: `{"text":"it's"}`,
    status: 400,
    responseBody: '{}',
  };

  it('replays the method, URL, headers and body, quoted for a shell', () => {
    expect(curlOf(exchange)).toBe(
      `curl -i -X POST 'http://t/v1beta/models/m:generateContent?alt=it'\\''s' -H 'content-type: application/json' -H 'x-goog-api-key: ***' --data-raw '{"text":"it'\\''s"}'`,
    );
  });

  it('names a body it cannot replay', () => {
    expect(curlOf({ ...exchange, requestBodyText: undefined, requestBody: '<600 bytes>' })).toMatch(
      /--data-binary @body # the body sent was <600 bytes>$/,
    );
  });

  it('is in the failure text, and whole in the Markdown report', () => {
    const text = formatExchange({ ...exchange, responseBody: 'x'.repeat(1400) });
    expect(text).toMatch(/^replay: curl -i -X POST /m);
    const md = markdownReport('t', [rule('GEN-A-1', 'fail', [test('fail', 'broken', text)])]);
    expect(md).toContain("replay: `curl -i -X POST 'http://t/v1beta/models/m:generateContent?alt=it'\\''s'");
  });
});

describe('notTheServiceVerdict', () => {
  const many = (n: number, make: (i: number) => TestOutcome) => Array.from({ length: n }, (_, i) => make(i));

  it('says in one sentence that a target answering HTML is not the service', () => {
    const tests = many(8, () =>
      test('fail', 'the answer (HTTP 200) is not JSON', 'request: GET /\nanswer: HTTP 200 text/html <html>'),
    );
    const sentence = notTheServiceVerdict('http://t', [rule('GEN-A-1', 'fail', tests)]);
    expect(sentence).toMatch(/^The target http:\/\/t answers HTML web pages, not the generative API \(8 of 8 tests/);
  });

  it('says so for another API (answers the spec does not describe)', () => {
    const tests = many(6, (i) =>
      test('fail', `answers that break the spec:\n  op${i}: HTTP 404 is not a documented response`),
    );
    expect(notTheServiceVerdict('http://t', [rule('GEN-A-1', 'fail', tests)])).toMatch(
      /does not look like the generative API/,
    );
  });

  it('says nothing when a test passed, or when the failures are the rules’ own', () => {
    const html = many(8, () => test('fail', 'x', 'answer: HTTP 200 text/html'));
    expect(notTheServiceVerdict('t', [rule('GEN-A-1', 'fail', [...html, test('pass', 'ok')])])).toBeUndefined();
    const own = many(8, () => test('fail', 'expected STOP to be MAX_TOKENS'));
    expect(notTheServiceVerdict('t', [rule('GEN-A-1', 'fail', own)])).toBeUndefined();
  });
});
