// Analytics: the ANA-OWNER-* rules (ANA-OWNER-1); their mutants are in ./owner.mutants.ts.
import { expect } from 'vitest';
import { expectStatusError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { BAD, allRows, ctx, month, rowsOf, sumOf, totalOf } from './context.js';

ruleTests('ANA-OWNER-1', [
  [
    'a content owner report totals the sum of its channel rows',
    async (t) => {
      const { client } = ctx(t);
      const ids = `contentOwner==${t.fixture('contentOwner') as string}`;
      const range = month(t);
      // The public service's content owner samples narrow by uploader; the owner's own uploads are the common case.
      const filters = 'uploaderType==self';
      const total = await client.queryReports({ ids, ...range, metrics: 'views,likes', filters });
      const byChannel = await allRows(client, {
        ids,
        ...range,
        dimensions: 'channel',
        metrics: 'views,likes',
        sort: '-views',
        filters,
      });
      expect(rowsOf(byChannel).length).toBeGreaterThan(0);
      for (const metric of ['views', 'likes']) expect(sumOf(byChannel, metric), metric).toBe(totalOf(total, metric));
    },
  ],
  [
    'the content owner tables apply: channel is a content owner dimension, not a channel one; video,day is refused',
    async (t) => {
      const { client, ids: channelIds } = ctx(t);
      const ids = `contentOwner==${t.fixture('contentOwner') as string}`;
      await expectStatusError(
        t,
        () =>
          client.queryReports({
            ids,
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            dimensions: 'video,day',
            metrics: 'views',
          }),
        BAD,
      );
      await expectStatusError(
        t,
        () =>
          client.queryReports({
            ids: channelIds,
            startDate: '2024-01-01',
            endDate: '2024-01-31',
            dimensions: 'channel',
            metrics: 'views',
            sort: '-views',
            maxResults: 10,
          }),
        BAD,
      );
      const owner = await client.queryReports({
        ids,
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        dimensions: 'channel',
        metrics: 'views',
        sort: '-views',
        maxResults: 10,
        filters: 'uploaderType==self',
      });
      expect(owner.columnHeaders.map((h) => h.name)).toEqual(['channel', 'views']);
    },
  ],
]);
