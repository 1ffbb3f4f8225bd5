// Components named like a JSON Schema keyword (Mollie's schema `description`, beside `title`, `format`, `example` and
// an `x-` name), and properties and $defs named so: each is a name, kept by the validators and reached by its $ref.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'keywords', version: '1' },
  components: {
    schemas: {
      description: { type: 'string', maxLength: 5 },
      title: { type: 'integer' },
      format: { type: 'string', enum: ['a4', 'letter'] },
      example: { type: 'boolean' },
      'x-note': { type: 'string', minLength: 2 },
      Page: {
        type: 'object',
        properties: {
          description: ref('description'),
          title: ref('title'),
          format: ref('format'),
          example: ref('example'),
          note: ref('x-note'),
          margin: { $ref: '#/components/schemas/Page/$defs/xml' },
        },
        $defs: { xml: { type: 'number', minimum: 0 } },
      },
    },
  },
  paths: {
    '/pages': {
      post: {
        operationId: 'createPage',
        requestBody: { required: true, content: { 'application/json': { schema: ref('Page') } } },
        responses: { '204': { description: 'created' } },
      },
    },
  },
};

let pkg: InlinePackage;
beforeAll(async () => {
  pkg = await inlinePackage('keywords', DOCUMENT);
}, 120_000);
afterAll(() => pkg?.remove());

it('generates without a warning and validates by each keyword-named component', () => {
  expect(pkg.warnings).toEqual([]);
  const validate = pkg.validators.validateCreatePageBody0!;
  const page = { description: 'short', title: 3, format: 'a4', example: true, note: 'ok', margin: 1.5 };
  expect(validate(page)).toBe(true);
  for (const wrong of [
    { description: 'too long' },
    { title: 'three' },
    { format: 'a5' },
    { example: 'yes' },
    { note: 'x' },
    { margin: -1 },
  ])
    expect(validate({ ...page, ...wrong }), JSON.stringify(wrong)).toBe(false);
});
