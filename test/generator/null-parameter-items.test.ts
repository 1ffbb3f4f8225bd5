// A null item of an array parameter, or a null header value: OpenAPI's styles follow RFC 6570, which takes a null as
// undefined (no item, no pair), as the client already did for an object's null members and a form body's null items.
// The client wrote a null item as the text `null` (or an empty item in a header), which the server, reading the
// document, took as that string and refused: Discord's `sku_ids`, a oneOf of a string and an array of null or
// snowflake ids, answered 400 "sku_ids.0 must be null" (found on the reviews' Discord document). Now the null is left
// out, in every location and style.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const snowflake = { type: 'string', pattern: '^(0|[1-9][0-9]*)$' };
const ids = { type: 'array', items: { oneOf: [{ type: 'null' }, snowflake] } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'null items', version: '1' },
  paths: {
    '/entitlements/{owners}': {
      get: {
        operationId: 'listEntitlements',
        parameters: [
          { name: 'owners', in: 'path', required: true, schema: ids },
          { name: 'sku_ids', in: 'query', schema: { oneOf: [{ type: 'string' }, ids] } },
          { name: 'guilds', in: 'query', explode: false, schema: ids },
          { name: 'roles', in: 'query', style: 'pipeDelimited', explode: false, schema: ids },
          { name: 'X-Ids', in: 'header', schema: ids },
          { name: 'X-Mode', in: 'header', schema: { type: ['string', 'null'] } },
          { name: 'seen', in: 'cookie', schema: ids },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

type Input = { url: URL; path: object; query: object; headers: Record<string, string> };
const served = servedPackage('null-items', DOCUMENT, {
  listEntitlements: (input: Input) => ({
    status: 200,
    body: {
      target: input.url.pathname + input.url.search,
      path: input.path,
      query: input.query,
      ids: input.headers['x-ids'] ?? null,
      mode: input.headers['x-mode'] ?? null,
      cookie: input.headers.cookie ?? null,
    },
  }),
});

describe('a null item of an array parameter, or a null header', () => {
  it('is left out in every location and style, and the server reads the rest', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
    const client: any = new served.pkg.client.NullItemsClient({ baseUrl: served.baseUrl, maxRetries: 0 });
    const answer = await client.listEntitlements({
      owners: [null, '1', '2'],
      sku_ids: [null, '0', '71'],
      guilds: ['3', null],
      roles: [null, '4', null, '5'],
      xIds: ['6', null, '7'],
      xMode: null,
      seen: [null, '8'],
    });
    expect(answer.target).toBe('/entitlements/1,2?sku_ids=0&sku_ids=71&guilds=3&roles=4%7C5');
    expect(answer.path).toEqual({ owners: ['1', '2'] });
    expect(answer.query).toEqual({ sku_ids: ['0', '71'], guilds: ['3'], roles: ['4', '5'] });
    expect([answer.ids, answer.mode, answer.cookie]).toEqual(['6,7', null, 'seen=8']);
  });
});
