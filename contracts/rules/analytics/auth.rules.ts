// Analytics: the ANA-AUTH-* rules (ANA-AUTH-1); their mutants are in ./auth.mutants.ts.
import { expect } from 'vitest';
import { AnalyticsClient } from '../../../generated/analytics/client.js';
import { expectStatusError, unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { ctx } from './context.js';

const NO_RETRY = { maxRetries: 0 };

ruleTests('ANA-AUTH-1', [
  [
    'an invalid token is rejected with 401 on reads and writes; the valid token is accepted',
    async (t) => {
      const { f, client, ids } = ctx(t);
      const bad = t.clients.analytics(f.invalidToken);
      await expectStatusError(t, () => bad.listGroups({ mine: true }), { status: 'UNAUTHENTICATED', http: 401 });
      await expectStatusError(
        t,
        () => bad.queryReports({ ids, startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' }),
        { status: 'UNAUTHENTICATED', http: 401 },
      );
      await expectStatusError(
        t,
        () =>
          bad.insertGroup({
            body: { snippet: { title: unique('g') }, contentDetails: { itemType: 'platform#video' } },
          }),
        { status: 'UNAUTHENTICATED', http: 401 },
      );
      expect((await client.listGroups({ mine: true })).kind).toBe('platform#groupListResponse');
    },
  ],
  [
    'a request without a token is rejected with 401',
    async (t) => {
      const anonymous = new AnalyticsClient({
        baseUrl: t.clients.baseUrl('analytics'),
        fetch: t.recorder.fetch,
        retry: NO_RETRY,
      });
      await expectStatusError(t, () => anonymous.listGroups({ mine: true }), { status: 'UNAUTHENTICATED', http: 401 });
      await expectStatusError(
        t,
        () =>
          anonymous.queryReports({
            ids: 'channel==MINE',
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            metrics: 'views',
          }),
        { status: 'UNAUTHENTICATED', http: 401 },
      );
    },
  ],
]);
