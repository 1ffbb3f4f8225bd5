// Heavy reports run off the analytics service's event loop, each tenant in turn (reference/foundation/
// sqlite-read-pool.ts, fair-queue.ts): while one tenant's uncached relativeRetentionPerformance reports compute,
// another tenant's cheap calls of the same service answer first. Judged by the order answers arrive in, never by
// time: on the event loop, a report holds every request that arrives after it until it is done.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultReadLimits } from '../../reference/foundation/fair-queue.js';
import { startReference, type ReferenceSession } from '../../reference/index.js';

const HEAVY_TOKEN = 'test-token-all-scopes';
const OTHER_TOKEN = 'test-token-tenant-2';

let serial = 0;
/** An uncached retention report of the heavy tenant: a date range no other request of this file asks for. */
function heavyReport(baseUrl: string): Promise<string> {
  const n = serial++;
  const q = new URLSearchParams({
    ids: 'channel==MINE',
    startDate: `2024-01-${String(1 + (n % 28)).padStart(2, '0')}`,
    endDate: `2024-0${3 + Math.floor(n / 28)}-${String(1 + (n % 28)).padStart(2, '0')}`,
    dimensions: 'elapsedVideoTimeRatio',
    metrics: 'relativeRetentionPerformance,audienceWatchRatio',
    filters: 'video==video-00000001;audienceType==ORGANIC',
  });
  return answered(`heavy ${n}`, `${baseUrl}/v2/reports?${q}`, HEAVY_TOKEN);
}

async function answered(name: string, url: string, token: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${text.slice(0, 300)}`);
  return name;
}

/** The names of `calls` in the order their answers arrived. */
async function arrivalOrder(calls: Array<Promise<string>>): Promise<string[]> {
  const order: string[] = [];
  await Promise.all(calls.map((c) => c.then((name) => order.push(name))));
  return order;
}

describe('analytics reference: heavy reports do not hold up another tenant', () => {
  let session: ReferenceSession;
  let baseUrl: string;
  beforeAll(async () => {
    session = await startReference(['analytics']);
    baseUrl = session.endpoints.analytics!.baseUrl;
  });
  afterAll(() => session?.stop());

  it("another tenant's group read answers before any of four heavy reports sent before it", async () => {
    const heavy = Array.from({ length: 4 }, () => heavyReport(baseUrl));
    const cheap = answered('groups', `${baseUrl}/v2/groups?mine=true`, OTHER_TOKEN);
    const order = await arrivalOrder([...heavy, cheap]);
    expect(order[0]).toBe('groups');
  }, 120_000);

  it("another tenant's uncached report starts in its turn, not behind every waiting report of the heavy tenant", async () => {
    // Twice as many heavy reports as there are threads: half of them wait; the other tenant's does not.
    const heavy = Array.from({ length: 2 * defaultReadLimits().slots }, () => heavyReport(baseUrl));
    const q = new URLSearchParams({
      ids: 'channel==MINE',
      startDate: '2023-05-05',
      endDate: '2023-05-06',
      metrics: 'views',
    });
    const other = answered('other tenant report', `${baseUrl}/v2/reports?${q}`, OTHER_TOKEN);
    const order = await arrivalOrder([...heavy, other]);
    expect(order.indexOf('other tenant report')).toBeLessThan(order.length - defaultReadLimits().slots);
  }, 180_000);
});

describe('analytics reference: report threads read a database file (--data)', () => {
  it('a report on a file database answers from the pool as from the event loop', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pool-'));
    const q = new URLSearchParams({
      ids: 'channel==MINE',
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      dimensions: 'day',
      metrics: 'views,estimatedMinutesWatched',
    });
    const read = async (env: string | undefined) => {
      if (env === undefined) delete process.env.REFERENCE_REPORT_QUEUE;
      else process.env.REFERENCE_REPORT_QUEUE = env;
      const s = await startReference(['analytics'], { dataDir: dir });
      try {
        const res = await fetch(`${s.endpoints.analytics!.baseUrl}/v2/reports?${q}`, {
          headers: { authorization: `Bearer ${HEAVY_TOKEN}` },
        });
        expect(res.status).toBe(200);
        return (await res.json()) as { rows: unknown[][] };
      } finally {
        await s.stop();
        delete process.env.REFERENCE_REPORT_QUEUE;
      }
    };
    try {
      const pooled = await read(undefined);
      const onLoop = await read('off');
      expect(pooled.rows.length).toBe(31);
      expect(pooled).toEqual(onLoop);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
