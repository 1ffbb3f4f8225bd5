// Issue 10, analytics: answers of the public service (as public-service-notes §2 and the analytics review
// record them) pass the harness's answer check, and requests the document forbids are still refused by the
// generated server. Each case names the review finding it settles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchanges } from '../../contracts/harness/conformance.js';
import { loadModel, type OpenApiDocument, operationsOf, type ServiceModel } from '../../generator/model/index.js';
import type { RunningServer } from '../../contracts/targets/listen-local.js';
import { generatedServer, isStatusError, recorded, send } from './recorded.js';

const BASE = 'https://analytics.example.test';
const FORBIDDEN = {
  error: { code: 403, message: 'Forbidden', errors: [{ message: 'Forbidden', domain: 'global', reason: 'forbidden' }] },
};

/** Recorded public answers, each accepted by the answer check. */
const ACCEPTED = {
  // W1: the observed legacy error has no `status` (notes 2.4).
  'a 403 in the observed legacy shape, without status': recorded(
    'GET',
    `${BASE}/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views`,
    403,
    FORBIDDEN,
  ),
  'an unsupported query: 400 with the public message and no status': recorded(
    'GET',
    `${BASE}/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views&dimensions=video,day`,
    400,
    {
      error: {
        code: 400,
        message: 'The query is not supported. Check the documentation for a list of supported queries.',
        errors: [{ message: 'The query is not supported.', domain: 'global', reason: 'badRequest' }],
      },
    },
  ),
  // 3.7 / W7: quota exhaustion answered 403 quotaExceeded instead of the conventional 429.
  'quota exhaustion as 403 quotaExceeded': recorded('GET', `${BASE}/v2/groups?mine=true`, 403, {
    error: {
      code: 403,
      message: 'The request cannot be completed because you have exceeded your quota.',
      errors: [{ message: 'quota exceeded', domain: 'usageLimits', reason: 'quotaExceeded' }],
    },
  }),
  // 3.13: a list answer without `items` (the public shapes require no member; empty lists are left out).
  'groups.list without items': recorded('GET', `${BASE}/v2/groups?mine=true`, 200, {
    kind: 'platform#groupListResponse',
    etag: '"e1"',
  }),
  'groupItems.list without items': recorded('GET', `${BASE}/v2/groupItems?groupId=G1`, 200, {
    kind: 'platform#groupItemListResponse',
    etag: '"e2"',
  }),
  // 3.4: after groups.delete, groupItems.list for the deleted id may answer an empty list or 404.
  'groupItems.list of a deleted group: 404 without status': recorded('GET', `${BASE}/v2/groupItems?groupId=G1`, 404, {
    error: {
      code: 404,
      message: 'Not Found',
      errors: [{ message: 'Not Found', domain: 'global', reason: 'notFound' }],
    },
  }),
  // 3.1: a full group or a kind mismatch refused with 400 under another status name than the convention's.
  'a full group refused with 400 INVALID_ARGUMENT': recorded('POST', `${BASE}/v2/groupItems`, 400, {
    error: {
      code: 400,
      message: 'The group is full.',
      status: 'INVALID_ARGUMENT',
      errors: [{ message: 'The group is full.', domain: 'global', reason: 'invalid' }],
    },
  }),
  // W2: embedded errors in the public ErrorProto shape (no message member).
  'a group with an embedded ErrorProto': recorded('POST', `${BASE}/v2/groups`, 200, {
    kind: 'platform#group',
    etag: '"e3"',
    id: 'G2',
    snippet: { publishedAt: '2024-03-01T12:00:00.000Z', title: 'Launch videos' },
    contentDetails: { itemCount: '0', itemType: 'platform#video' },
    errors: {
      code: 'BAD_REQUEST',
      requestId: 'r-1',
      error: [
        {
          argument: ['id'],
          code: 'invalidValue',
          domain: 'global',
          location: 'id',
          locationType: 'PARAMETER',
          debugInfo: 'x',
          externalErrorMessage: 'Bad id',
        },
      ],
    },
  }),
  // W8 and open answer enums: cells of any JSON type, an unknown columnType, no rows when there is no data.
  'a result table with an unknown columnType and a non-scalar cell': recorded(
    'GET',
    `${BASE}/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views&dimensions=day`,
    200,
    {
      kind: 'platformAnalytics#resultTable',
      columnHeaders: [
        { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
        { name: 'views', columnType: 'METRIC_ESTIMATE', dataType: 'INTEGER' },
      ],
      rows: [['2024-01-01', { approximate: 12 }]],
    },
  ),
  'a result table without rows': recorded(
    'GET',
    `${BASE}/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2024-01-31&metrics=views`,
    200,
    {
      kind: 'platformAnalytics#resultTable',
      columnHeaders: [{ name: 'views', columnType: 'METRIC', dataType: 'INTEGER' }],
    },
  ),
  // W3: a write made with a readonly token succeeds (the answer itself is an ordinary group).
  'groups.insert answered 200 (any documented scope)': recorded('POST', `${BASE}/v2/groups`, 200, {
    kind: 'platform#group',
    id: 'G3',
    snippet: { title: 'Launch videos' },
    contentDetails: { itemCount: '0', itemType: 'platform#video' },
  }),
  'groups.delete answered 204 with no body': recorded('DELETE', `${BASE}/v2/groups?id=G3`, 204, undefined),
};

describe('analytics: recorded public answers pass the answer check', () => {
  it.each(Object.entries(ACCEPTED))('%s', async (_, exchange) => {
    expect((await checkExchanges('analytics', [exchange])).map((v) => v.message)).toEqual([]);
  });

  it('still refuses answers the public service never gives', async () => {
    const undocumented = recorded('GET', `${BASE}/v2/groups?mine=true`, 418, FORBIDDEN);
    const noMessage = recorded('GET', `${BASE}/v2/groups?mine=true`, 403, { error: { code: 403 } });
    const wrongKind = recorded('GET', `${BASE}/v2/groups?mine=true`, 200, { kind: 'platform#video', items: [] });
    for (const exchange of [undocumented, noMessage, wrongKind])
      expect(await checkExchanges('analytics', [exchange])).toHaveLength(1);
  });
});

describe('analytics spec: write scopes and evidence', () => {
  let doc: OpenApiDocument;
  let model: ServiceModel;
  beforeAll(async () => {
    model = await loadModel('analytics');
    doc = model.document;
  });

  it('W3: every write operation accepts every documented scope, the readonly ones included', () => {
    const scopes = Object.keys(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes);
    for (const { operation } of operationsOf(model)) {
      const named = (operation.security as any[]).flatMap((req) => req.oauth2 ?? []);
      expect([...named].sort(), operation.operationId).toEqual([...scopes].sort());
    }
  });
});

describe('analytics: the generated server still refuses what the document forbids', () => {
  let server: RunningServer;
  const auth = { authorization: 'Bearer tok' };
  const query = (params: Record<string, string>) => `${server.baseUrl}/v2/reports?${new URLSearchParams(params)}`;
  const valid = { ids: 'channel==MINE', startDate: '2024-01-01', endDate: '2024-01-31', metrics: 'views' };
  beforeAll(async () => {
    server = await generatedServer('analytics');
  });
  afterAll(() => server?.close());

  it('a valid query is answered 200 (the nearest valid request)', async () => {
    expect((await send(query(valid), { headers: auth })).status).toBe(200);
  });

  it.each([
    ['metrics naming no metric', { metrics: ',' }],
    ['metrics missing', { metrics: undefined }],
    ['startDate not YYYY-MM-DD', { startDate: '2024/01/01' }],
    ['endDate not YYYY-MM-DD', { endDate: '31.01.2024' }],
    ['ids without ==', { ids: 'channel:MINE' }],
  ])('a query with %s is refused with 400 in the Status shape', async (_, change) => {
    const params: Record<string, string> = { ...valid };
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) delete params[k];
      else params[k] = v;
    }
    expect(isStatusError(await send(query(params), { headers: auth }), 400)).toBe(true);
  });

  const post = (path: string, body: unknown) =>
    send(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('groups.insert: a titled group of a documented kind is accepted, an empty title or an unknown kind refused', async () => {
    expect(
      (await post('/v2/groups', { snippet: { title: 'Launch' }, contentDetails: { itemType: 'platform#video' } }))
        .status,
    ).toBe(200);
    expect(
      isStatusError(
        await post('/v2/groups', { snippet: { title: '' }, contentDetails: { itemType: 'platform#video' } }),
        400,
      ),
    ).toBe(true);
    expect(
      isStatusError(
        await post('/v2/groups', { snippet: { title: 'Launch' }, contentDetails: { itemType: 'platform#comment' } }),
        400,
      ),
    ).toBe(true);
  });

  it('groupItems.insert: an item of a documented kind is accepted, an unknown kind refused', async () => {
    expect(
      (await post('/v2/groupItems', { groupId: 'G1', resource: { kind: 'platform#video', id: 'v1' } })).status,
    ).toBe(200);
    expect(
      isStatusError(
        await post('/v2/groupItems', { groupId: 'G1', resource: { kind: 'platform#comment', id: 'v1' } }),
        400,
      ),
    ).toBe(true);
  });

  it('a request without a token is refused with 401', async () => {
    expect(isStatusError(await send(query(valid)), 401)).toBe(true);
  });
});
