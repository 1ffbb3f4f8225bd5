// An object header parameter of no members (`{}`, or every member null, which the simple style leaves out) has no
// text: RFC 6570 leaves such a value out, and an empty header is read as a member named "" (Prism: "must NOT have
// additional properties; found ''", Visual Studio Codespaces' optional `headers` of nullable tenant ids). The client
// sent `headers: ` empty; an optional one is now left out, a required one still sent empty (the only text it has).
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const tenants = {
  type: 'object',
  additionalProperties: false,
  properties: {
    home: { type: 'string', nullable: true },
    client: { type: 'string', nullable: true },
  },
};
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'tenant headers', version: '1' },
  paths: {
    '/plans': {
      post: {
        operationId: 'patchCompleted',
        parameters: [
          { name: 'X-Tenants', in: 'header', schema: tenants },
          { name: 'X-Exploded', in: 'header', explode: true, schema: tenants },
          {
            name: 'X-Scope',
            in: 'header',
            required: true,
            schema: { type: 'object', properties: { a: { type: 'string' } } },
          },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

type Input = { headers: Record<string, string> };
const served = servedPackage('tenant-headers', DOCUMENT, {
  patchCompleted: (input: Input) => ({
    status: 200,
    body: {
      tenants: input.headers['x-tenants'] ?? null,
      exploded: input.headers['x-exploded'] ?? null,
      scope: input.headers['x-scope'] ?? null,
    },
  }),
});

it('leaves out an optional object header of no members, and sends one with members in its style', async () => {
  const client = new served.pkg.client.TenantHeadersClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.patchCompleted({ xTenants: { home: null }, xExploded: {}, xScope: { a: 's' } })).toEqual({
    tenants: null,
    exploded: null,
    scope: 'a,s',
  });
  expect(
    await client.patchCompleted({
      xTenants: { home: 'h', client: null },
      xExploded: { client: 'c' },
      xScope: { a: 's' },
    }),
  ).toEqual({ tenants: 'home,h', exploded: 'client=c', scope: 'a,s' });
});

it('sends a required object header of no members empty, the only text it has', async () => {
  const client = new served.pkg.client.TenantHeadersClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.patchCompleted({ xScope: {} })).toEqual({ tenants: null, exploded: null, scope: '' });
});
