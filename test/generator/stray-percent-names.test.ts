// A name holding a `%` that is no URI escape (`Rate%Limit`, then a property of it) is typed as written:
// openapi-typescript 7.13 reads the JSON pointers it builds as URIs and throws `URI malformed` on such a name
// (openapi-ts/openapi-typescript#2251), so the transform is handed the names without their `%` and its types are
// given them back (openapi-typescript-adapter.ts). The package compiles strictly and its client and server agree.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { servedPackage } from '../support/served-package.js';

/**
 * `schemaName` answered by `setLimit`, its `propertyName` a required object; `next` refers to the schema again with
 * the name as written (`#/components/schemas/Rate%Limit`, not the `%25` a URI fragment asks for), as documents do.
 */
function document(schemaName: string, propertyName: string) {
  const ref = { $ref: `#/components/schemas/${encodeURIComponent(schemaName)}` };
  const asWritten = { $ref: `#/components/schemas/${schemaName}` };
  return {
    openapi: '3.0.3',
    info: { title: 'percent', version: '1' },
    paths: {
      '/limits': {
        post: {
          operationId: 'setLimit',
          requestBody: { required: true, content: { 'application/json': { schema: ref } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } },
        },
      },
      // A path key and a parameter's name holding one too, the parameter an object of objects.
      '/limits%/{id}': {
        get: {
          operationId: 'getLimit',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            {
              name: `${propertyName}page`,
              in: 'query',
              style: 'deepObject',
              schema: {
                type: 'object',
                properties: { [propertyName]: { type: 'object', properties: { n: { type: 'integer' } } } },
              },
            },
          ],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: {
      schemas: {
        [schemaName]: {
          type: 'object',
          required: [propertyName],
          properties: {
            [propertyName]: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
            next: schemaName.includes('%20') ? ref : asWritten,
          },
        },
      },
    },
  };
}

const STRAY = document('Rate%Limit', 'per%');
const served = servedPackage('stray', STRAY, {
  setLimit: (input: { body: unknown }) => ({ status: 200, body: input.body }),
  getLimit: (input: { path: unknown; query: unknown }) => ({
    status: 200,
    body: { path: input.path, query: input.query },
  }),
});

describe("a name holding a '%' that is no URI escape", () => {
  it('is typed as written, and the package compiles strictly', async () => {
    const files = await generatePackage({ key: 'stray', spec: served.pkg.spec }, { onWarning: () => {} });
    const types = files.get('types.ts')!;
    expect(types).toContain('"application/json": components["schemas"]["Rate%Limit"];');
    expect(types).toContain('"Rate%Limit": {');
    // Required as the document says: the `required` entry names the property as written too.
    expect(types).toMatch(/"per%": \{/);
    expect(types).toContain("export type SchemaRateLimit = components['schemas']['Rate%Limit'];");
    expect(types).toContain('"/limits%/{id}": {');
    expect(types).toMatch(/"per%page"\?: \{\s+"per%"\?: \{/);
    expect(typeCheckPackages(new Map([['stray', files]])).get('stray')).toEqual([]);
  }, 120_000);

  it('is sent by the client and read by the server, which refuses a body without the member', async () => {
    const client = new served.pkg.client.StrayClient({ baseUrl: served.baseUrl, maxRetries: 0 });
    const body = { 'per%': { n: 1 }, next: { 'per%': { n: 2 } } };
    expect(await client.setLimit({ body })).toEqual(body);
    const refused = await client.setLimit({ body: { next: body } }).then(
      () => 'an answer',
      (error: { httpStatus?: number }) => error.httpStatus,
    );
    expect(refused).toBe(400);
    const perPage = { 'per%': { n: 3 } };
    expect(await client.getLimit({ id: 'a%b', perPage })).toEqual({
      path: { id: 'a%b' },
      query: { 'per%page': perPage },
    });
  });

  it('is typed as written where the % is an escape', async () => {
    const escaped = served.pkg.spec.replace(/\.json$/, '-escaped.json');
    fs.writeFileSync(escaped, JSON.stringify(document('Rate%20Limit', 'per%2F')));
    const files = await generatePackage({ key: 'escaped', spec: escaped }, { onWarning: () => {} });
    expect(files.get('types.ts')).toContain('components["schemas"]["Rate%20Limit"]');
    expect(files.get('types.ts')).toContain('"per%2F": {');
  }, 120_000);
});
