// negative_data_rejection breaks a body's members wherever its schema declares them: the members and required names
// of its allOf members too, members it forbids together (`not: {required: [a, b]}`) sent together, each with a
// value its own schema allows; and not a member that carries the credential (an apiKey's name), the auth checks' own.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'Posters', version: '1' },
  components: {
    securitySchemes: { token: { type: 'apiKey', in: 'query', name: 'access_token' } },
    schemas: {
      Named: {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string', minLength: 2, maxLength: 10 } },
      },
    },
  },
  security: [{ token: [] }],
  paths: {
    '/posters': {
      post: {
        operationId: 'createPoster',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/Named' }],
                type: 'object',
                not: { required: ['image_hash', 'image_url'] },
                properties: {
                  access_token: { type: 'string', minLength: 1 },
                  image_hash: { type: 'string', pattern: '^[a-f0-9]{6}$', example: 'abc123' },
                  image_url: { type: 'string', maxLength: 40, example: 'https://img.example/a.jpg' },
                },
              },
              example: { title: 'Spring', image_url: 'https://img.example/a.jpg', access_token: 'from-example' },
            },
          },
        },
        responses: { '201': { description: 'made' }, '400': { description: 'refused' } },
      },
    },
  },
};

describe('invalid body members', () => {
  const model = engineModel('posters', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const op = model.operations[0]!;
  const settings = { apiKeys: { access_token: 'configured' }, headers: {}, values: {}, seed: 1 };
  const valid = validRequest(model, schemas, op, settings, 1);
  const variants = invalidRequests(model, schemas, op, valid, settings);
  const titles = variants.map((v) => v.title);

  it('breaks the members and required names of its allOf members', () => {
    expect(titles).toContain('form title missing');
    expect(titles).toContain('form title over maxLength 10');
    expect(titles).toContain('form title under minLength 2');
  });

  it('sends members the schema forbids together, each with a value its own schema allows', () => {
    const together = variants.find((v) => v.title === 'form image_hash with image_url (mutually exclusive)');
    expect(together, titles.join('\n')).toBeDefined();
    const form = new URLSearchParams(together!.request.body);
    expect(form.get('image_hash')).toMatch(/^[a-f0-9]{6}$/);
    expect(form.get('image_url')).toBe('https://img.example/a.jpg');
    expect(form.get('title')).toBe('Spring');
  });

  it('leaves the credential member alone: it is sent once, where the scheme says', () => {
    expect(titles.filter((t) => t.includes('access_token'))).toEqual([]);
    for (const v of variants) {
      expect(v.request.query).toContainEqual(['access_token', 'configured']);
      expect(new URLSearchParams(v.request.body ?? '').has('access_token')).toBe(false);
    }
  });
});
