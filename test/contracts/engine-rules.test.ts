// The three services' *-CONFORM-1 and *-INVALID-1 run the engine's generic checks: an answer the engine's judge
// refuses fails ADC-CONFORM-1 with the check id beneath the rule id (console, Markdown, JUnit and JSON alike), and
// --check selects the rules built on a check and judges only it. The reference is served behind the variation
// proxy (every harmless variation on), as in harmless-variations.test.ts, whose whole-suite run shows these rules
// never FAIL a faithful implementation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSuite } from '../support/contract-run.js';
import { type ProxiedReference, proxiedReference } from '../support/proxied-reference.js';
import type { Defect } from '../support/variation-proxy.js';

let proxied: ProxiedReference;

beforeAll(async () => {
  proxied = await proxiedReference('engine-rules-', ['ad-creative']);
}, 120_000);
afterAll(() => proxied?.stop(), 60_000);

// The creative list answered without its required data: response_schema_conformance's to find. (The list's
// example names no resource of the spec's example, so it runs on a target at a URL without exampleIds.)
const listWithoutData: Defect = {
  answer: (req, a) =>
    req.method === 'GET' && /\/adcreatives(\?|$)/.test(req.url) && a.status === 200
      ? { ...a, body: Buffer.from('{"paging": {}}') }
      : a,
};

describe('ADC-CONFORM-1 and ADC-INVALID-1 on the engine', () => {
  // A faithful implementation passing both behind the same proxy is harmless-variations.test.ts's whole-suite run.
  it('a body the judge refuses fails CONFORM-1 under its check id, on that operation only', async () => {
    const broken = await runSuite(
      [
        ...(await proxied.suiteArgs({ service: 'ad-creative', defect: listWithoutData })),
        '--service',
        'ad-creative',
        '--rule',
        'ADC-CONFORM-1',
      ],
      'list without data',
    );
    expect(broken.exitCode).toBe(1);
    const conform = broken.verdicts.find((v) => v.ruleId === 'ADC-CONFORM-1')!;
    expect(conform.verdict).toBe('fail');
    // Every other operation judged here passes every check (the rest name resources this target's config does not
    // map: not applicable): the one failure is the planted defect's.
    const verdicts = conform.tests.map((t) => t.verdict);
    expect(verdicts.filter((v) => v !== 'pass' && v !== 'not-applicable')).toEqual(['fail']);
    expect(verdicts.filter((v) => v === 'pass').length, JSON.stringify(verdicts)).toBeGreaterThan(0);
    const failed = conform.tests.find((t) => t.verdict === 'fail')!;
    expect(failed.name).toMatch(/listAdCreatives/);
    expect(failed.checks).toEqual(['response_schema_conformance']);
    const line = /response_schema_conformance: listAdCreatives: the body at \(root\) must have required property/;
    expect(failed.detail).toMatch(line);
    expect(broken.markdown).toMatch(line);
    expect(broken.junit).toMatch(line);
  }, 600_000);

  it('--check selects the rules built on a check and judges that check only', async () => {
    const args = await proxied.suiteArgs({ service: 'ad-creative', defect: listWithoutData });
    // The two runs at once: INVALID-1's requests are refused, so they store nothing the other run could read.
    const [rejection, schema] = await Promise.all([
      runSuite(
        [...args, '--service', 'ad-creative', '--check', 'negative_data_rejection'],
        'negative_data_rejection only',
      ),
      runSuite(
        [...args, '--service', 'ad-creative', '--rule', 'ADC-CONFORM', '--check', 'response_schema'],
        'response_schema_conformance within ADC-CONFORM',
      ),
    ]);
    // The broken list is not this check's: INVALID-1 alone runs, and passes.
    expect(rejection.verdicts.map((v) => [v.ruleId, v.verdict])).toEqual([['ADC-INVALID-1', 'pass']]);
    expect(rejection.exitCode).toBe(0);
    expect(schema.verdicts.map((v) => [v.ruleId, v.verdict])).toEqual([['ADC-CONFORM-1', 'fail']]);
  }, 600_000);
});
