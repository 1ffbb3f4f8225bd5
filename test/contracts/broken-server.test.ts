// Proof that the contract suite can fail: run it against the deliberately broken ad creative server
// (test/support/broken-ad-creative-server.ts) and check that each planted defect is reported as a
// failure under its rule id, while rules the server does honour still pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownFixturesConfig, runSuite, startServerProcess, type ServerProcess, type Verdict } from '../support/contract-run.js';

describe('contract suite against a broken server', () => {
  let verdicts: Verdict[] = [];
  let exitCode = 0;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    server = await startServerProcess('test/support/broken-ad-creative-server.ts');
    ({ verdicts, exitCode } = await runSuite(['--target', server.baseUrl, '--service', 'ad-creative', ...ownFixturesConfig()], 'broken server'));
  }, 240_000);

  afterAll(() => server?.stop());

  const verdictOf = (id: string) => verdicts.find((v) => v.ruleId === id);

  it('exits non-zero', () => {
    expect(exitCode).not.toBe(0);
  });

  it.each([
    ['ADC-READ-3', 'wrong error code for an unknown creative', /does not exist/],
    ['ADC-CONFORM-1', 'a response without its required field', /getAdCreativePreviews/],
    ['ADC-TEXT-2', 'an invalid title accepted', /title starting with/],
    ['ADC-CREATE-3', 'a duplicated creative', /identical creative/],
  ])('reports %s (%s) as failed', (id, _what, failingTest) => {
    const v = verdictOf(id);
    expect(v?.verdict).toBe('fail');
    expect(v!.tests.some((t) => t.verdict === 'fail' && failingTest.test(t.name))).toBe(true);
  });

  it.each(['ADC-UPDATE-1', 'ADC-NAME-1', 'ADC-AUTH-1', 'ADC-CREATE-1', 'ADC-UPDATE-2'])('still passes %s, which the server honours', (id) => {
    expect(verdictOf(id)?.verdict).toBe('pass');
  });
});
