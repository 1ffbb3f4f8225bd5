// The suite judges what the spec documents and accepts what is harmless. The reference is served in its own
// process (test/support/served-reference.ts), behind a proxy per service that applies every harmless variation a faithful implementation may
// show (gzip and br answers, chunked transfer, reversed key order, re-indented JSON, a member added to every
// object the spec leaves open, mixed-case header names, extra headers): the whole suite, strict, stays without a
// FAIL. Defects planted through the same proxy (the variations still on) are caught under their own rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSuite, type Verdict } from '../support/contract-run.js';
import { type ProxiedReference, proxiedReference } from '../support/proxied-reference.js';
import type { Defect } from '../support/variation-proxy.js';

let proxied: ProxiedReference;

beforeAll(async () => {
  proxied = await proxiedReference('harmless-variations-');
}, 120_000);
afterAll(() => proxied?.stop(), 60_000);

const json = (body: Buffer) => JSON.parse(body.toString('utf8'));
const withJson = <A extends { body: Buffer }>(answer: A, edit: (value: any) => unknown): A => ({
  ...answer,
  body: Buffer.from(JSON.stringify(edit(json(answer.body)))),
});

describe('harmless variations', () => {
  let verdicts: Verdict[];
  let exitCode: number;

  beforeAll(async () => {
    ({ verdicts, exitCode } = await runSuite(await proxied.suiteArgs(), 'reference behind a variation proxy'));
  }, 900_000);

  it('never change a verdict: the whole suite, strict, has no FAIL and no error', () => {
    const bad = verdicts
      .filter((v) => v.verdict === 'fail' || v.verdict === 'error')
      .map((v) => `${v.ruleId}: ${v.tests.find((t) => t.verdict === v.verdict)?.detail?.split('\n')[0]}`);
    expect(bad).toEqual([]);
    expect(exitCode).toBe(0);
    expect(verdicts.filter((v) => v.verdict === 'pass').length).toBeGreaterThan(120);
  });

  it('were applied', () => {
    expect(proxied.rewritten()).toBeGreaterThan(300);
  });
});

describe('defects planted through the same proxy are caught under their own rule', () => {
  const cases: Array<[rule: string, service: string, description: string, defect: Defect]> = [
    [
      'ANA-ITEM-1',
      'analytics',
      'groupItems.list answers no items: the insert answered yes, nothing is listed',
      {
        answer: (req, a) =>
          req.method === 'GET' && req.url.startsWith('/v2/groupItems') && a.status === 200
            ? withJson(a, (v) => ({ ...v, items: [] }))
            : a,
      },
    ],
    [
      'ANA-QUERY-3',
      'analytics',
      'columnHeaders in reverse order',
      {
        answer: (req, a) =>
          req.url.startsWith('/v2/reports') && a.status === 200
            ? withJson(a, (v) => ({ ...v, columnHeaders: [...(v.columnHeaders ?? [])].reverse() }))
            : a,
      },
    ],
    [
      'ADC-UPDATE-2',
      'ad-creative',
      'an update answers success but stores no new name',
      {
        request: (req) =>
          req.method === 'POST' && /^\/v\d+\.0\/\d+(\?|$)/.test(req.url) && !req.url.includes('fields=')
            ? {
                ...req,
                body: Buffer.from(
                  new URLSearchParams(
                    [...new URLSearchParams(req.body.toString())].filter(([k]) => k !== 'name'),
                  ).toString(),
                ),
              }
            : req,
      },
    ],
    [
      'GEN-MAXTOK-1',
      'generative',
      'a candidate cut at maxOutputTokens says STOP',
      {
        answer: (req, a) =>
          req.url.includes(':generateContent') && a.status === 200
            ? withJson(a, (v) => ({
                ...v,
                candidates: (v.candidates ?? []).map((c: any) =>
                  c.finishReason === 'MAX_TOKENS' ? { ...c, finishReason: 'STOP' } : c,
                ),
              }))
            : a,
      },
    ],
  ];

  // A rule talks to its own service's proxy only, and each defect rewrites only its own rule's exchanges (the two
  // analytics defects: groupItems lists and reports, which neither rule's test reads for the other): one run, with
  // the defects of a service planted together on its proxy, judges every case under its own rule.
  const services = [...new Set(cases.map(([, service]) => service))];
  const planted = services.map((service) => ({
    service,
    defect: together(cases.filter(([, s]) => s === service).map(([, , , defect]) => defect)),
  }));

  it(cases.map(([rule]) => rule).join(', '), async () => {
    const { verdicts, exitCode } = await runSuite(
      [
        ...(await proxied.suiteArgs(...planted)),
        '--service',
        services.join(','),
        '--rule',
        cases.map(([rule]) => rule).join(','),
      ],
      'planted defects',
    );
    expect(exitCode).not.toBe(0);
    for (const [rule, , description] of cases) {
      const v = verdicts.find((x) => x.ruleId === rule)!;
      expect(
        v.verdict,
        `${rule} (${description}): ${JSON.stringify(v.tests.map((t) => [t.name, t.verdict, t.detail?.split('\n')[0]]))}`,
      ).toBe('fail');
      // The failure shows the exchange the failed assertion judged, not the test's cleanup (a DELETE after it).
      const failed = v.tests.find((t) => t.verdict === 'fail')!;
      expect(failed.exchange?.split('\n')[0], rule).toMatch(/^request: (GET|POST) /);
    }
  }, 300_000);
});

/** Defects planted on one proxy together: each request and answer through every one of them in turn. */
function together(defects: Defect[]): Defect {
  return {
    request: (req) => defects.reduce((r, d) => d.request?.(r) ?? r, req),
    answer: (req, a) => defects.reduce((answer, d) => d.answer?.(req, answer) ?? answer, a),
  };
}
