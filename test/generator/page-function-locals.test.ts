// A paginated operation named as a local of its page functions (`options`, `params`, `core`, or `token`, the page
// callback's argument) is still the one they call: `optionsPage(core, params, options)` calling `options(...)` would
// call its own CallOptions argument, which neither compiles nor runs. The page functions rename such a local. One
// named as a runtime function they call (`paginate`, `firstPage`) or another import of the client (`ApiCore`) keeps
// its method, and its function takes a `_` (`paginate_`), where generate refused the document; a page helper named as
// another operation (`first`'s `firstPage`) takes a `_` too, where the two methods did not compile.
import { expect, it } from 'vitest';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { generatePackage } from '../../generator/pipeline.js';
import { servedPackage } from '../support/served-package.js';

const NAMES = ['options', 'params', 'core', 'token', 'paginate', 'firstPage', 'ApiCore'];
const page = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: { type: 'string' } }, next: { type: 'string' } },
};
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'paged', version: '1' },
  paths: Object.fromEntries(
    [...NAMES, 'first'].map((name) => [
      `/${name}`,
      {
        get: {
          operationId: name,
          'x-pagination': { style: 'cursor', items: 'items', tokenParam: 'cursor', nextField: 'next' },
          parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'a page', content: { 'application/json': { schema: page } } } },
        },
      },
    ]),
  ),
};

/** Two pages of each operation's own items: the first without a cursor, the second at `2`. */
const pages = (name: string) => (input: { query: { cursor?: string } }) => ({
  status: 200,
  body: input.query.cursor === '2' ? { items: [`${name} 3`] } : { items: [`${name} 1`, `${name} 2`], next: '2' },
});
const served = servedPackage(
  'paged',
  DOCUMENT,
  Object.fromEntries([...NAMES, 'first'].map((name) => [name, pages(name)])),
);

it('page functions of operations named options, params, core, token and runtime imports call their operation', async () => {
  const { client } = served.pkg;
  const methods = new client.PagedClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  const core = client.createPagedCore({ baseUrl: served.baseUrl, maxRetries: 0 });
  for (const name of NAMES) {
    const all: string[] = [];
    for await (const item of methods[`${name}All`]()) all.push(item);
    expect(all).toEqual([`${name} 1`, `${name} 2`, `${name} 3`]);
    const first = await client[`${name}Page`](core, {});
    expect(first.items).toEqual([`${name} 1`, `${name} 2`]);
    expect((await first.getNextPage()).items).toEqual([`${name} 3`]);
    expect((await methods[name]()).items).toEqual([`${name} 1`, `${name} 2`]);
  }
  expect((await client.paginate_(core, {})).items).toEqual(['paginate 1', 'paginate 2']);
  // `first`'s page helper beside an operation named `firstPage`: the helper takes a `_`, the operation keeps its name.
  expect((await methods.firstPage_()).items).toEqual(['first 1', 'first 2']);
  expect((await methods.firstPage()).items).toEqual(['firstPage 1', 'firstPage 2']);
});

it('the package compiles strictly', async () => {
  const files = await generatePackage({ key: 'paged', spec: served.pkg.spec }, { onWarning: () => {} });
  expect(typeCheckPackages(new Map([['paged', files]])).get('paged')).toEqual([]);
}, 120_000);
