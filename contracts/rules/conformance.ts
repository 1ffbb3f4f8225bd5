// Per-operation conformance (*-CONFORM-1) and schema-derived negative tests (*-INVALID-1), for every
// operation of a service (each service's conform.rules.ts and invalid.rules.ts call them), judged by the engine's
// generic checks (contracts/engine/): a valid request's answer by the answer checks and positive_data_acceptance,
// a request with one broken constraint by negative_data_rejection, each finding under its check id beneath the
// rule id. What stays the service's: the example request succeeds, and a broken one gets the documented error.
import { expect } from 'vitest';
import { generatedSpec, type OperationSource, operationsOf } from '../../generator/model/index.js';
import { ANSWER_CHECKS } from '../engine/checks.js';
import { judgeRefusal } from '../engine/judge.js';
import { judgeExchange } from '../harness/conformance.js';
import { CONFORM_RULE as CONFORM, INVALID_RULE as INVALID } from '../harness/engine-rules.js';
import type { ServiceKey } from '../harness/services.js';
import { DEFAULT_FIXTURES } from '../targets/fixtures.js';
import { ruleTests, type RuleContext } from '../harness/rule-test.js';
import { invalidCases, sendEngineRequest } from '../harness/engine-requests.js';
import { exampleIdsNamed, fixtureRequest, send } from '../harness/spec-docs.js';

/**
 * The operations in the order their example requests can run on a stateful target: the examples share
 * ids, so deletes go last, and an item's delete (deleteGroupItem) before its container's (deleteGroup).
 */
function conformanceOrder(service: ServiceKey): OperationSource[] {
  const ops = operationsOf(generatedSpec(service).model);
  const deletes = ops.filter((o) => o.method === 'DELETE').sort((a, b) => b.id.localeCompare(a.id));
  return [...ops.filter((o) => o.method !== 'DELETE'), ...deletes];
}

/** The CONFORM rule of a service: each operation answers its example request with a documented success. */
export function conformRules(service: ServiceKey): void {
  ruleTests(
    CONFORM[service],
    conformanceOrder(service).map((op): [string, (t: RuleContext) => Promise<void>] => [
      `${op.id} answers its example request with a documented success`,
      async (t: RuleContext) => {
        const request = fixtureRequest(t.session, service, op);
        // A resource of the spec's example (kept by our own targets' seed) exists on a third party only when
        // its config maps it: without that, the request would judge a resource the target never had.
        const unmapped = t.session.ownTarget ? [] : exampleIdsNamed(service, request);
        if (unmapped.length)
          t.notApplicable(
            `the example names ${unmapped.join(', ')}, a resource of the spec's example: map it to a disposable resource of the target (fixture ${service}.exampleIds)`,
          );
        const response = await send(t.session, service, t.clients.fetch, request);
        await response.arrayBuffer();
        // The engine's judge on the answer, as `spec-first test` judges a valid request's.
        const exchange = t.recorder.last()!;
        const findings = judgeExchange(service, exchange, {
          checks: ANSWER_CHECKS.filter((c) => t.judges(c)),
          mock: t.session.kind === 'mock',
        });
        if (t.judges('positive_data_acceptance') && (response.status === 400 || response.status === 422))
          findings.push({
            check: 'positive_data_acceptance',
            message: `positive_data_acceptance: ${op.id}: a request the document allows was refused with ${response.status}`,
          });
        t.failChecks(findings);
        const documented = op.model.responses.map((r) => r.status).filter((s) => s.startsWith('2'));
        expect(documented, `${op.id}: HTTP ${response.status}`).toContain(String(response.status));
      },
    ]),
  );
}

/** The INVALID rule of a service: each request with one broken constraint gets the documented error. */
export function invalidRules(service: ServiceKey): void {
  ruleTests(
    INVALID[service],
    operationsOf(generatedSpec(service).model).flatMap((op): Array<[string, (t: RuleContext) => Promise<void>]> => {
      const documented400 = op.model.errors.filter((e) => e.http === 400);
      // Titles depend only on the spec; each test rebuilds its request with the session's fixtures.
      const probe = fixtureRequest({ fixtures: DEFAULT_FIXTURES } as never, service, op);
      return invalidCases(service, op.id, probe).map(({ title }) => [
        `${op.id}: ${title}`,
        async (t: RuleContext) => {
          const base = fixtureRequest(t.session, service, op);
          const broken = invalidCases(service, op.id, base).find((c) => c.title === title)!;
          const response = await sendEngineRequest(t.session, service, t.clients.fetch, broken.request);
          const text = await response.text();
          let body: any;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          const shaped =
            service === 'ad-creative'
              ? typeof body?.error?.code === 'number' && typeof body?.error?.fbtrace_id === 'string'
              : typeof body?.error?.status === 'string';
          t.mockLimitationIf(
            !shaped || response.status !== 400,
            `${response.status < 400 ? 'the mock accepted the broken request' : `the mock answered HTTP ${response.status} in its own shape`} (${title})`,
          );
          // The engine's negative_data_rejection, as `spec-first test` judges a broken request's answer.
          const refusal = t.judges('negative_data_rejection') ? judgeRefusal(title, response.status) : undefined;
          if (refusal?.failure)
            t.failChecks([
              { check: 'negative_data_rejection', message: `negative_data_rejection: ${op.id}: ${refusal.failure}` },
            ]);
          expect(response.status, `${title}: ${text.slice(0, 200)}`).toBe(400);
          expect(shaped, `${title}: error body in the service's shape: ${text.slice(0, 200)}`).toBe(true);
          const actual = service === 'ad-creative' ? body.error.code : body.error.status;
          const allowed = documented400.map((e) => e.code);
          expect(allowed, `${title}: documented 400 errors of ${op.id}`).toContain(actual);
          // Not just any documented 400: the one for this constraint (a parameter's x-invalid-code, else the rule's).
          const expected = broken.param?.invalidCode ?? t.rule.violation?.code ?? t.rule.violation?.status;
          if (expected !== undefined) {
            // Prism answers every broken request with the first example of the status (code 100), not per parameter.
            t.mockLimitationIf(
              actual !== expected,
              `the mock answered ${actual} (its first 400 example) where the service answers ${expected} (${title})`,
            );
            const exact = () => expect(actual, `${title}: the error for this broken constraint`).toBe(expected);
            const evidence = t.rule.violationEvidence ?? t.rule.evidence;
            if (evidence.length > 0 && evidence.every((e) => e.kind === 'convention'))
              await t.convention(
                `exact error ${expected} for ${title}, by convention only; the target answered ${actual}`,
                exact,
              );
            else exact();
          }
        },
      ]);
    }),
  );
}
