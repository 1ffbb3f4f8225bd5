// Two path parameters in one segment with no text between them (`/blog/{pageName}{mediaTypeExtension}`, as
// healthcare.gov's document writes it): the server splits the segment by the values the one with an enum takes,
// so the client's `/blog/spring.json` reaches the handler as the page `spring` and the extension `.json`.
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'adjacent', version: '1' },
  paths: {
    '/blog/{pageName}{mediaTypeExtension}': {
      get: {
        operationId: 'getPage',
        parameters: [
          {
            name: 'mediaTypeExtension',
            in: 'path',
            required: true,
            schema: { type: 'string', enum: ['.json', '.x y'] },
          },
          { name: 'pageName', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: answer,
      },
    },
  },
};

const served = servedPackage('adjacent', DOCUMENT, () => ({
  getPage: (input: { path: unknown }) => ({ status: 200, body: { path: input.path } }),
}));

it('the client and the server agree on where each parameter ends', async () => {
  const client = new served.pkg.client.AdjacentClient({ baseUrl: served.baseUrl, maxRetries: 0 });
  expect(await client.getPage({ pageName: 'spring.sale', mediaTypeExtension: '.json' })).toEqual({
    path: { pageName: 'spring.sale', mediaTypeExtension: '.json' },
  });
  expect(await client.getPage({ pageName: 'a', mediaTypeExtension: '.x y' })).toEqual({
    path: { pageName: 'a', mediaTypeExtension: '.x y' },
  });
});

it('a segment without one of the values is no route of it', async () => {
  const response = await fetch(`${served.baseUrl}/blog/spring.xml`);
  expect(response.status).toBe(404);
});
