// Defects the mutation gate did not plant when they were written, as an adversarial implementer would ship them,
// planted through the variation proxy (every harmless variation on) in front of the served reference: each must
// be caught under the rule it breaks, and the failure must show a request, not a cleanup. The ones worth keeping
// also live in the mutation gate (contracts/mutants/*-unseen.ts) and run in CI there; this file runs the suite
// once per defect, as a third party would see it, so it is opt-in: SPEC_FIRST_UNSEEN_DEFECTS=1 (or a rule id
// prefix: SPEC_FIRST_UNSEEN_DEFECTS=GEN-UPLOAD).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSuite } from '../support/contract-run.js';
import { type ProxiedReference, proxiedReference } from '../support/proxied-reference.js';
import type { Answer, Defect, ProxiedRequest } from '../support/variation-proxy.js';

// `1` runs them all; a rule id or prefix runs those of its rules.
const selected = process.env.SPEC_FIRST_UNSEEN_DEFECTS ?? '';
const enabled = selected !== '' && selected !== '0';

let proxied: ProxiedReference;

const json = (body: Buffer) => JSON.parse(body.toString('utf8'));
const withJson = (answer: Answer, edit: (value: any) => unknown): Answer => ({
  ...answer,
  body: Buffer.from(JSON.stringify(edit(json(answer.body)))),
});
const query = (req: ProxiedRequest) => new URL(req.url, 'http://proxy').searchParams;
const pathOf = (req: ProxiedRequest) => new URL(req.url, 'http://proxy').pathname;
const ok = (a: Answer) => a.status === 200 && a.body.length > 0;

/** Defects that remember what they saw (a stale cache): made afresh for each run. */
type Case = [rule: string, service: string, description: string, make: () => Defect];

export const UNSEEN_DEFECTS: Case[] = [
  [
    'ANA-LIST-2',
    'analytics',
    'the last page of groups.list leaves out the newest group',
    () => ({
      answer: (req, a) =>
        req.method === 'GET' && pathOf(req) === '/v2/groups' && ok(a)
          ? withJson(a, (v) => (v.nextPageToken || !v.items?.length ? v : { ...v, items: v.items.slice(0, -1) }))
          : a,
    }),
  ],
  [
    'GEN-FILE-LIST-2',
    'generative',
    'a page asked for with pageToken skips its first file (off by one at the page boundary)',
    () => ({
      answer: (req, a) =>
        req.method === 'GET' && pathOf(req) === '/v1beta/files' && query(req).has('pageToken') && ok(a)
          ? withJson(a, (v) => ({ ...v, files: (v.files ?? []).slice(1) }))
          : a,
    }),
  ],
  [
    'ADC-READ-3',
    'ad-creative',
    'an unknown creative is code 100 with subcode 2 instead of 33 (a wrong subcode)',
    () => ({
      answer: (_req, a) =>
        a.status === 400 && json(a.body)?.error?.error_subcode === 33
          ? withJson(a, (v) => ({ error: { ...v.error, error_subcode: 2 } }))
          : a,
    }),
  ],
  [
    'GEN-AUTH-3',
    'generative',
    'an invalid API key is answered 401 UNAUTHENTICATED (a wrong status)',
    () => ({
      answer: (_req, a) =>
        a.status === 400 && JSON.stringify(json(a.body)).includes('API_KEY_INVALID')
          ? withJson({ ...a, status: 401 }, (v) => ({ error: { ...v.error, code: 401, status: 'UNAUTHENTICATED' } }))
          : a,
    }),
  ],
  [
    'ANA-GROUP-5',
    'analytics',
    'groups.list answers the title a group was created with, after an update (a stale read)',
    () => {
      const firstTitle = new Map<string, string>();
      return {
        answer: (req, a) => {
          if (pathOf(req) !== '/v2/groups' || !ok(a)) return a;
          if (req.method === 'POST') {
            const group = json(a.body);
            if (group.id) firstTitle.set(group.id, group.snippet?.title);
            return a;
          }
          if (req.method !== 'GET') return a;
          return withJson(a, (v) => ({
            ...v,
            items: (v.items ?? []).map((g: any) =>
              firstTitle.has(g.id) ? { ...g, snippet: { ...g.snippet, title: firstTitle.get(g.id) } } : g,
            ),
          }));
        },
      };
    },
  ],
  [
    'GEN-STREAM-1',
    'generative',
    'the event stream is sent as text/plain (a wrong content type)',
    () => ({
      streamHead: (_req, head) => ({
        ...head,
        headers: { ...head.headers, 'content-type': 'text/plain; charset=utf-8' },
      }),
    }),
  ],
  [
    'ADC-NAME-1',
    'ad-creative',
    'an update silently stores a 100-character name cut to 99',
    () => ({
      request: (req) => {
        if (req.method !== 'POST' || !/^\/v\d+\.0\/\d+(\?|$)/.test(req.url)) return req;
        const form = new URLSearchParams(req.body.toString());
        if (form.get('name')?.length !== 100) return req;
        form.set('name', form.get('name')!.slice(0, 99));
        return { ...req, body: Buffer.from(form.toString()) };
      },
    }),
  ],
  [
    'ADC-ERROR-1',
    'ad-creative',
    'error codes are sent as strings ("100")',
    () => ({
      answer: (_req, a) =>
        a.status >= 400 && typeof json(a.body)?.error?.code === 'number'
          ? withJson(a, (v) => ({ error: { ...v.error, code: String(v.error.code) } }))
          : a,
    }),
  ],
  [
    'GEN-FILE-DELETE-1',
    'generative',
    'files.list still answers a deleted file (a stale list cache)',
    () => {
      const seen = new Map<string, unknown>();
      const deleted = new Set<string>();
      return {
        answer: (req, a) => {
          const p = pathOf(req);
          if (req.method === 'DELETE' && p.startsWith('/v1beta/files/') && a.status === 200) {
            deleted.add(p.slice('/v1beta/'.length));
            return a;
          }
          if (req.method !== 'GET' || p !== '/v1beta/files' || !ok(a)) return a;
          return withJson(a, (v) => {
            const files = (v.files ?? []) as Array<{ name: string }>;
            for (const f of files) seen.set(f.name, f);
            const listed = new Set(files.map((f) => f.name));
            const stale = [...deleted].filter((n) => seen.has(n) && !listed.has(n)).map((n) => seen.get(n));
            return { ...v, files: [...files, ...stale] };
          });
        },
      };
    },
  ],
  [
    'ANA-PAGE-1',
    'analytics',
    'a page that starts past the first row loses its last row',
    () => ({
      answer: (req, a) => {
        const q = query(req);
        if (pathOf(req) !== '/v2/reports' || !ok(a) || Number(q.get('startIndex') ?? 1) <= 1) return a;
        return withJson(a, (v) =>
          (v.rows ?? []).length === Number(q.get('maxResults')) ? { ...v, rows: v.rows.slice(0, -1) } : v,
        );
      },
    }),
  ],
  [
    'GEN-CACHE-2',
    'generative',
    'cachedContents.list answers the expiry a cache was created with, after an update (a stale list)',
    () => {
      const firstExpiry = new Map<string, string>();
      return {
        answer: (req, a) => {
          if (!ok(a) || !pathOf(req).startsWith('/v1beta/cachedContents')) return a;
          if (req.method === 'POST') {
            const c = json(a.body);
            if (c.name) firstExpiry.set(c.name, c.expireTime);
            return a;
          }
          if (req.method !== 'GET' || pathOf(req) !== '/v1beta/cachedContents') return a;
          return withJson(a, (v) => ({
            ...v,
            cachedContents: (v.cachedContents ?? []).map((c: any) =>
              firstExpiry.has(c.name) ? { ...c, expireTime: firstExpiry.get(c.name) } : c,
            ),
          }));
        },
      };
    },
  ],
  [
    'ANA-QUERY-3',
    'analytics',
    'the last metric column is typed DIMENSION',
    () => ({
      answer: (req, a) =>
        pathOf(req) === '/v2/reports' && ok(a)
          ? withJson(a, (v) => {
              const headers = [...(v.columnHeaders ?? [])];
              const last = headers.length - 1;
              if (last >= 0 && headers[last].columnType === 'METRIC')
                headers[last] = { ...headers[last], columnType: 'DIMENSION' };
              return { ...v, columnHeaders: headers };
            })
          : a,
    }),
  ],
  [
    'GEN-MODEL-1',
    'generative',
    'an unknown model is answered 400 INVALID_ARGUMENT instead of NOT_FOUND',
    () => ({
      answer: (_req, a) =>
        a.status === 404 && json(a.body)?.error?.status === 'NOT_FOUND' && /model/i.test(json(a.body).error.message)
          ? withJson({ ...a, status: 400 }, (v) => ({ error: { ...v.error, code: 400, status: 'INVALID_ARGUMENT' } }))
          : a,
    }),
  ],
  [
    'ADC-AUTH-1',
    'ad-creative',
    'an invalid access token is code 102 (session) instead of 190',
    () => ({
      answer: (_req, a) =>
        a.status >= 400 && json(a.body)?.error?.code === 190
          ? withJson(a, (v) => ({ error: { ...v.error, code: 102 } }))
          : a,
    }),
  ],
  [
    'GEN-UPLOAD-2',
    'generative',
    'the finalizing chunk is answered without x-goog-upload-status: final (a missing header)',
    () => ({
      answer: (_req, a) => {
        if (a.headers['x-goog-upload-status'] !== 'final') return a;
        const { 'x-goog-upload-status': _dropped, ...headers } = a.headers;
        return { ...a, headers };
      },
    }),
  ],
];

describe.runIf(enabled)('unseen defects through the variation proxy are caught under their own rule', () => {
  beforeAll(async () => {
    proxied = await proxiedReference('unseen-defects-');
  }, 120_000);
  afterAll(() => proxied?.stop(), 60_000);

  it.each(UNSEEN_DEFECTS.filter(([rule]) => selected === '1' || rule.startsWith(selected)))(
    '%s (%s): %s',
    async (rule, service, _description, make) => {
      const args = await proxied.suiteArgs({ service, defect: make() });
      const { verdicts, exitCode } = await runSuite(
        [...args, '--service', service, '--rule', rule],
        `unseen defect ${rule}`,
      );
      const v = verdicts.find((x) => x.ruleId === rule)!;
      expect(v.verdict, JSON.stringify(v.tests.map((t) => [t.name, t.verdict, t.detail?.split('\n')[0]]))).toBe('fail');
      expect(exitCode).not.toBe(0);
      const failed = v.tests.find((t) => t.verdict === 'fail')!;
      expect(failed.exchange?.split('\n')[0]).toMatch(/^request: (GET|POST|PATCH|PUT|DELETE) /);
    },
    300_000,
  );
});
