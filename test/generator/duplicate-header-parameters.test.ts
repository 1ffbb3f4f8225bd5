// A header parameter declared twice in one list under names that differ only in case (Mollie's `Idempotency-Key`
// and `idempotency-key`): HTTP header names are case-insensitive, so it is one header. The later declaration is
// used, with a warning naming both places; an operation's header still replaces its path's of the same name in
// another case, without one. The package compiles strictly and the header reaches the handler.
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { servedPackage } from '../support/served-package.js';

const header = (name: string, required: boolean) => ({ name, in: 'header', required, schema: { type: 'string' } });

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'headers', version: '1' },
  paths: {
    '/transfers': {
      parameters: [header('X-Trace', false)],
      post: {
        operationId: 'createTransfer',
        parameters: [header('Idempotency-Key', true), header('idempotency-key', false), header('x-trace', true)],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

const served = servedPackage('headers', DOCUMENT, {
  createTransfer: async (input: { headers: Record<string, string> }) => ({ status: 200, body: input.headers }),
});

it('warns once, naming both places of the header declared twice', () => {
  const at = '#/paths/~1transfers/post/parameters';
  expect(served.pkg.warnings).toEqual([
    {
      pointer: `${at}/1`,
      message: expect.stringContaining(`also at ${at}/0: header names are case-insensitive`),
    },
  ]);
});

it('compiles strictly', async () => {
  const files = await generatePackage({ key: 'headers', spec: served.pkg.spec }, { onWarning: () => {} });
  expect(typeCheckPackages(new Map([['headers', files]])).get('headers')).toEqual([]);
}, 120_000);

it('carries the header, once, from the client to the handler', async () => {
  const client = new served.pkg.client.HeadersClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const headers = await client.createTransfer({ idempotencyKey: 'k1', xTrace: 't1' });
  expect(headers).toMatchObject({ 'idempotency-key': 'k1', 'x-trace': 't1' });
});
