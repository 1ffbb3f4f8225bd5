// Text media types written with parameters (`application/xml; charset=utf-8`, as openSUSE's build service writes
// its answers; `text/csv;charset=UTF-8`) are text: the client reads such an answer as its text, typed `string` (an
// XML one of an object schema as that schema's value), where it read the key as no text type and gave the bytes;
// the generated server hands such a body to its handler as text.
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { servedPackage } from '../support/served-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'charset text', version: '1' },
  paths: {
    '/about': {
      get: {
        operationId: 'about',
        responses: {
          '200': {
            description: 'about',
            content: { 'application/xml; charset=utf-8': { schema: { type: 'object', xml: { name: 'about' } } } },
          },
        },
      },
    },
    '/report': {
      put: {
        operationId: 'putReport',
        requestBody: { required: true, content: { 'text/csv;charset=UTF-8': { schema: { type: 'string' } } } },
        responses: {
          '200': { description: 'kept', content: { 'text/csv;charset=UTF-8': { schema: { type: 'string' } } } },
        },
      },
    },
  },
};

const served = servedPackage('charsetText', DOCUMENT, {
  about: () => ({ status: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: '<about/>' }),
  putReport: (input: { body: unknown }) => ({
    status: 200,
    headers: { 'content-type': 'text/csv;charset=UTF-8' },
    body: typeof input.body === 'string' ? `${input.body},seen` : 'not text',
  }),
});

it('reads answers and bodies of text types with parameters by their media type', async () => {
  const client = new served.pkg.client.CharsetTextClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  // XML of an object schema: its value (xml-client-answers.test.ts).
  expect(await client.about()).toEqual({});
  expect(await client.putReport({ body: 'a,b' })).toBe('a,b,seen');
});

it("types them by their media type (XML by its schema's value), and the package compiles strictly", async () => {
  const files = await generatePackage({ key: 'charsetText', spec: served.pkg.spec }, { onWarning: () => {} });
  expect(files.get('client.ts')).toMatch(
    /export type AboutResult = operations\["about"\]\['responses'\]\["200"\]\['content'\]\["application\/xml; charset=utf-8"\];/,
  );
  expect(typeCheckPackages(new Map([['charsetText', files]])).get('charsetText')).toEqual([]);
}, 120_000);
