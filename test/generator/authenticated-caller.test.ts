// What the router's authenticate hook returns, or resolves to, reaches the handler as `input.caller` (the caller it
// found, kept on the request's own input); a hook that returns nothing leaves it undefined.
import { afterAll, describe, expect, it } from 'vitest';
import { type AnalyticsHandlers, createAnalyticsServer } from '../../generated/analytics/server.js';
import type { RouterOptions } from '../../generated/analytics/runtime/server/index.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

const running: RunningServer[] = [];
afterAll(() => Promise.all(running.map((s) => s.close())));

/** An analytics server whose listGroups answers with the caller its input carries. */
async function serveWith(authenticate: RouterOptions['authenticate']): Promise<string> {
  const handlers = {
    listGroups: (input: { caller: unknown }) => ({
      body: { kind: 'platform#groupListResponse', items: [], caller: input.caller ?? null },
    }),
  } as unknown as AnalyticsHandlers;
  const server = await listenLocal(createAnalyticsServer(handlers, { authenticate }));
  running.push(server);
  return server.baseUrl;
}

const callerOf = async (base: string, token: string) => {
  const response = await fetch(`${base}/v2/groups?mine=true`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()).caller;
};

describe("the authenticate hook's caller", () => {
  it('is what the hook returns', async () => {
    const base = await serveWith((input) => ({ token: input.credentials.bearerToken }));
    expect(await callerOf(base, 'a')).toEqual({ token: 'a' });
    expect(await callerOf(base, 'b')).toEqual({ token: 'b' });
  });

  it('is what the hook resolves to', async () => {
    const base = await serveWith(async (input) => ({ token: input.credentials.bearerToken, later: true }));
    expect(await callerOf(base, 'c')).toEqual({ token: 'c', later: true });
  });

  it('is undefined when the hook returns nothing', async () => {
    const base = await serveWith(() => {});
    expect(await callerOf(base, 'd')).toBeNull();
  });
});
