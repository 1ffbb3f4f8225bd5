// Groups under load: 600 concurrent inserts into one group store exactly 500 items (the limit is checked and
// the row written in one transaction), and the same load overfills a group when the check and the insert
// are apart (the planted race), so the test can tell the two.
import { raceWindow } from '../support/race-window.js';
import { afterEach, describe, expect, it } from 'vitest';
import { override } from '../../contracts/mutants/decorate.js';
import type { AnalyticsStore } from '../../reference/analytics/store.js';
import { startStandaloneAnalytics, type StandaloneAnalytics, get, send } from './analytics-support.js';

let service: StandaloneAnalytics | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function fill(baseUrl: string, n: number) {
  const group = await send(baseUrl, 'POST', '/v2/groups', {
    snippet: { title: 'load' },
    contentDetails: { itemType: 'platform#video' },
  });
  expect(group.status).toBe(200);
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      send(baseUrl, 'POST', '/v2/groupItems', {
        groupId: group.body.id,
        resource: { kind: 'platform#video', id: `video-bulk-${i}` },
      }),
    ),
  );
  const items = await get(baseUrl, `/v2/groupItems?groupId=${group.body.id}`);
  const listed = await get(baseUrl, `/v2/groups?id=${group.body.id}`);
  return {
    answers,
    items: items.body.items as unknown[],
    itemCount: listed.body.items[0].contentDetails.itemCount as string,
  };
}

describe('analytics reference: the 500-item limit', () => {
  it('600 concurrent inserts: exactly 500 stored, 100 refused with FAILED_PRECONDITION, itemCount 500', async () => {
    service = await startStandaloneAnalytics();
    const { answers, items, itemCount } = await fill(service.baseUrl, 600);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(500);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(100);
    for (const r of refused) expect(r.body.error.status).toBe('FAILED_PRECONDITION');
    expect(items).toHaveLength(500);
    expect(itemCount).toBe('500');
  });

  it('with the check apart from the insert (planted race) the same load overfills the group', async () => {
    // The race: the count checked, then a wait until the next insert has checked too (an awaited audit call, made
    // certain), then the insert without the limit.
    const window = raceWindow(600);
    const checkThenInsert = (store: AnalyticsStore) =>
      override(store, {
        insertItem: async (insert, groupId, kind, id, maxItems) => {
          const before = (await store.group(groupId))?.itemCount ?? 0;
          await window.checked();
          if (before >= maxItems) return { ok: false, reason: 'full' };
          return insert(groupId, kind, id, Number.MAX_SAFE_INTEGER);
        },
      });
    service = await startStandaloneAnalytics({ decorate: { store: checkThenInsert } });
    const { items } = await fill(service.baseUrl, 600);
    expect(items.length).toBeGreaterThan(500);
  });

  it('a deleted group takes its items with it; itemCount follows inserts and deletes', async () => {
    service = await startStandaloneAnalytics();
    const { baseUrl } = service;
    const group = (
      await send(baseUrl, 'POST', '/v2/groups', {
        snippet: { title: 'g' },
        contentDetails: { itemType: 'platform#video' },
      })
    ).body;
    const a = (
      await send(baseUrl, 'POST', '/v2/groupItems', {
        groupId: group.id,
        resource: { kind: 'platform#video', id: 'video-00000001' },
      })
    ).body;
    await send(baseUrl, 'POST', '/v2/groupItems', {
      groupId: group.id,
      resource: { kind: 'platform#video', id: 'video-00000002' },
    });
    expect((await get(baseUrl, `/v2/groups?id=${group.id}`)).body.items[0].contentDetails.itemCount).toBe('2');
    expect((await send(baseUrl, 'DELETE', `/v2/groupItems?id=${a.id}`)).status).toBe(204);
    expect((await get(baseUrl, `/v2/groups?id=${group.id}`)).body.items[0].contentDetails.itemCount).toBe('1');
    expect((await send(baseUrl, 'DELETE', `/v2/groups?id=${group.id}`)).status).toBe(204);
    expect((await get(baseUrl, `/v2/groupItems?groupId=${group.id}`)).status).toBe(404);
  });
});
