// Error expectations judged by their evidence (contracts/harness/expect-error.ts): an exact code backed by the
// document or the public service fails when broken; one backed only by a convention needs a 4xx refusal in
// the service's shape and warns on the difference (fails under --strict), whether the test says so or the
// rule's catalogue evidence does.
import { describe, expect, it } from 'vitest';
import { GraphApiError } from '../../generated/ad-creative/client.js';
import { StatusApiError } from '../../generated/analytics/client.js';
import { expectGraphError, expectStatusError } from '../../contracts/harness/expect-error.js';
import type { RuleContext } from '../../contracts/harness/rule-test.js';

function context(strict: boolean, rule: Partial<RuleContext['rule']> = {}, lastUrl?: string) {
  const warnings: string[] = [];
  const t = {
    session: { kind: 'stateful', strict },
    recorder: { last: () => (lastUrl ? { method: 'POST', url: lastUrl, status: 400, responseBody: '' } : undefined) },
    rule: { id: 'X-1', evidence: [{ kind: 'document', ref: 'doc' }], ...rule },
    mockLimitation: (r: string) => {
      throw new Error(`mock limitation ${r}`);
    },
    convention: async (description: string, check: () => void) => {
      try {
        check();
      } catch (error) {
        if (strict) throw error;
        warnings.push(description);
      }
    },
  } as unknown as RuleContext;
  return { t, warnings };
}

const graph = (http: number, code: number) => () => {
  throw new GraphApiError(
    http,
    'op',
    { message: 'm', type: 'OAuthException', code, fbtrace_id: 'F' },
    {},
    new Headers(),
    [],
    'fbtrace_id',
  );
};
const status = (http: number, name: string) => () => {
  throw new StatusApiError(http, 'op', { code: http, message: 'm', status: name } as never, {}, new Headers());
};

describe('expectGraphError', () => {
  it('fails on another code when the exact code is required', async () => {
    await expect(expectGraphError(context(false).t, graph(400, 2500), { code: 100, http: 400 })).rejects.toThrow();
  });

  it('warns on another code when only a convention names it, and fails under --strict', async () => {
    const lenient = context(false);
    await expectGraphError(lenient.t, graph(400, 2500), { code: 100, http: 400 }, { exact: 'convention' });
    expect(lenient.warnings.join()).toMatch(/exact error code 100.*answered code 2500/);
    await expect(
      expectGraphError(context(true).t, graph(400, 2500), { code: 100, http: 400 }, { exact: 'convention' }),
    ).rejects.toThrow();
  });

  it('still requires a 4xx refusal in the Graph shape under a convention', async () => {
    await expect(
      expectGraphError(context(false).t, graph(500, 1), { code: 100 }, { exact: 'convention' }),
    ).rejects.toThrow(/4xx/);
    await expect(
      expectGraphError(context(false).t, async () => 'accepted', { code: 100 }, { exact: 'convention' }),
    ).rejects.toThrow();
  });

  it("reads the convention from the rule's violation evidence", async () => {
    const { t, warnings } = context(false, {
      violation: { http: 429, code: 80004 },
      violationEvidence: [{ kind: 'convention', ref: 'c' }],
    } as never);
    await expectGraphError(t, graph(400, 80004), { code: 80004, http: 429 });
    expect(warnings.join()).toMatch(/HTTP 429/);
  });

  // ADC-AUTH-3: the document names code 270; only a convention maps it to HTTP 403 (evidence `covers`).
  const codeDocumentedHttpConvention = {
    violation: { http: 403, code: 270 },
    violationEvidence: [
      { kind: 'document', covers: 'code', ref: 'd' },
      { kind: 'convention', covers: 'http', ref: 'c' },
    ],
  } as never;

  it('requires a documented code whose HTTP status only a convention gives, and warns on the status', async () => {
    const { t, warnings } = context(false, codeDocumentedHttpConvention);
    await expectGraphError(t, graph(400, 270), { code: 270, http: 403 });
    expect(warnings.join()).toMatch(/HTTP 403 for code 270, by convention only; the target answered HTTP 400/);
    await expect(
      expectGraphError(context(false, codeDocumentedHttpConvention).t, graph(403, 200), { code: 270, http: 403 }),
    ).rejects.toThrow();
    await expect(
      expectGraphError(context(true, codeDocumentedHttpConvention).t, graph(400, 270), { code: 270, http: 403 }),
    ).rejects.toThrow();
    const exact = context(false, codeDocumentedHttpConvention);
    await expectGraphError(exact.t, graph(403, 270), { code: 270, http: 403 });
    expect(exact.warnings).toEqual([]);
  });

  it('fails on the HTTP status when evidence backs it', async () => {
    const backed = {
      violation: { http: 400, code: 190 },
      violationEvidence: [
        { kind: 'document', covers: 'code', ref: 'd' },
        { kind: 'public', covers: 'http', ref: 'p' },
      ],
    } as never;
    await expect(
      expectGraphError(context(false, backed).t, graph(401, 190), { code: 190, http: 400 }),
    ).rejects.toThrow();
  });
});

describe('expectStatusError', () => {
  it('warns on another status when only a convention names it', async () => {
    const { t, warnings } = context(false, {
      violation: { http: 400, status: 'FAILED_PRECONDITION' },
      evidence: [{ kind: 'convention', ref: 'c' }],
    } as never);
    await expectStatusError(t, status(400, 'INVALID_ARGUMENT'), { status: 'FAILED_PRECONDITION', http: 400 });
    expect(warnings.join()).toMatch(/FAILED_PRECONDITION.*INVALID_ARGUMENT/);
  });

  it('reads the convention from the x-errors entry of the operation called', async () => {
    // insertGroupItem's 400 FAILED_PRECONDITION (a full group) is backed by a convention only in the analytics spec.
    const url = 'http://127.0.0.1:1/v2/groupItems';
    const lenient = context(false, { service: 'analytics' } as never, url);
    await expectStatusError(lenient.t, status(400, 'INVALID_ARGUMENT'), { status: 'FAILED_PRECONDITION', http: 400 });
    expect(lenient.warnings.join()).toMatch(/FAILED_PRECONDITION/);
    await expect(
      expectStatusError(context(false, { service: 'analytics' } as never, url).t, status(500, 'INTERNAL'), {
        status: 'FAILED_PRECONDITION',
        http: 400,
      }),
    ).rejects.toThrow(/4xx/);
  });

  it('fails on another status when the document backs it', async () => {
    await expect(
      expectStatusError(context(false).t, status(400, 'INVALID_ARGUMENT'), { status: 'NOT_FOUND', http: 404 }),
    ).rejects.toThrow();
  });
});
