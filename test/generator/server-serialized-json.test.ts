// Pre-serialised answers (runtime/server/serialized-json.ts): a handler may return the bytes of its body made
// once by serializeJson; the router writes them as they are, with their true length, checks them against the
// spec once per validator (validateResponses), and refuses bytes that break the spec as it refuses a value.
import { describe, expect, it, vi } from 'vitest';
import {
  analyticsErrorStyle,
  createAnalyticsServer,
  serializedJsonText,
  serializeJson,
  type AnalyticsHandlers,
} from '../../generated/analytics/server.js';
import { createRouter, type RouteDef } from '../../generated/analytics/runtime/server/index.js';
import type { components } from '../../generated/analytics/types.js';
import { exampleHandlers } from '../../contracts/targets/example-handlers.js';
import { localServers } from '../support/local-servers.js';

const serve = localServers();

type ListGroups = components['schemas']['ListGroupsResponse'];
const answer: ListGroups = {
  kind: 'platform#groupListResponse',
  etag: '"e"',
  items: [
    {
      kind: 'platform#group',
      etag: '"g"',
      id: 'G1',
      snippet: { publishedAt: '2024-01-01T00:00:00Z', title: 'Ünïcode ✓' },
      contentDetails: { itemCount: '0', itemType: 'platform#video' },
    },
  ],
};

function analyticsWith(listGroups: AnalyticsHandlers['listGroups'], validateResponses: boolean) {
  const handlers = { ...(exampleHandlers('analytics') as unknown as AnalyticsHandlers), listGroups };
  return createAnalyticsServer(handlers, { validateResponses, logger: false });
}

const AUTH = { authorization: 'Bearer t' };

describe('pre-serialised JSON answers', () => {
  it('go out byte for byte as JSON.stringify of the value, with their UTF-8 length, as often as returned', async () => {
    const bytes = serializeJson(answer);
    const base = await serve(analyticsWith(async () => ({ body: bytes }), true));
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/v2/groups?mine=true`, { headers: AUTH });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(text).toBe(JSON.stringify(answer));
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    }
  });

  it('made by the handler as text (serializedJsonText) go out as that text, checked against the spec like bytes', async () => {
    const text = `{"kind":"platform#groupListResponse","etag":"\\"e\\"","items":[${JSON.stringify(answer.items![0])}]}`;
    expect(JSON.parse(text)).toEqual(answer);
    const base = await serve(analyticsWith(async () => ({ body: serializedJsonText<ListGroups>(text) }), true));
    const res = await fetch(`${base}/v2/groups?mine=true`, { headers: AUTH });
    const sent = await res.text();
    expect(res.status).toBe(200);
    expect(sent).toBe(text);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    const broken = await serve(
      analyticsWith(async () => ({ body: serializedJsonText<ListGroups>('{"kind":42,"items":[]}') }), true),
    );
    expect((await fetch(`${broken}/v2/groups?mine=true`, { headers: AUTH })).status).toBe(500);
  });

  it('that break the spec are refused as an internal error when answers are validated, and sent when not', async () => {
    const broken = serializeJson({ ...answer, kind: 42 } as unknown as ListGroups);
    const checked = await serve(analyticsWith(async () => ({ body: broken }), true));
    const refused = await fetch(`${checked}/v2/groups?mine=true`, { headers: AUTH });
    expect(refused.status).toBe(500);
    expect((await refused.json()).error.status).toBe('INTERNAL');
    // Without validateResponses the router sends what it is given (a valid answer: the test above).
    const unchecked = await serve(analyticsWith(async () => ({ body: broken }), false));
    expect((await fetch(`${unchecked}/v2/groups?mine=true`, { headers: AUTH })).status).toBe(200);
  });

  it('are validated once per validator, values on every request', async () => {
    const validator = Object.assign(
      vi.fn((_: unknown) => true),
      { errors: null },
    );
    const route: RouteDef = {
      operationId: 'list',
      method: 'GET',
      path: '/list',
      params: [],
      bodies: [],
      bodyRequired: false,
      security: 'optional',
      validateParams: () => true,
      validateBody: {},
      validateResponse: { '200': validator },
    };
    const bytes = serializeJson({ n: 1 });
    let serialised = true;
    const base = await serve(
      createRouter([route], async () => ({ body: serialised ? bytes : { n: 1 } }), {
        errorStyle: analyticsErrorStyle,
        validateResponses: true,
        logger: false,
      }),
    );
    for (let i = 0; i < 3; i++) expect(await (await fetch(`${base}/list`)).text()).toBe('{"n":1}');
    expect(validator).toHaveBeenCalledTimes(1);
    expect(validator).toHaveBeenCalledWith({ n: 1 });
    serialised = false;
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${base}/list`)).text()).toBe('{"n":1}');
    expect(validator).toHaveBeenCalledTimes(3);
  });

  it('keep the body type: bytes of another type are no reply of the operation (checked by tsc)', () => {
    const wrong = serializeJson({ kind: 'something else' });
    // @ts-expect-error SerializedJson<{ kind: string }> is not JsonBody<ListGroupsResponse>
    const reply: Awaited<ReturnType<AnalyticsHandlers['listGroups']>> = { body: wrong };
    const right: Awaited<ReturnType<AnalyticsHandlers['listGroups']>> = { body: serializeJson(answer) };
    expect([reply, right]).toHaveLength(2);
  });
});
