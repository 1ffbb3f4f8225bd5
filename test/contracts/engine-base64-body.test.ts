// A body of binary media whose schema says what text its bytes are (base64: `format: byte`, a pattern) is sent as
// a value that schema allows, the document's example first, not the engine's sample bytes (spotify's playlist
// image, image/jpeg `{type: string, format: byte, pattern: ^[\w\d+\/=]*$}`: Prism refused the sample bytes, rightly).
// A body of binary media without such a schema still carries the sample bytes.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

const upload = (schema: object) => ({
  put: {
    requestBody: { required: true, content: { 'image/jpeg': { schema } } },
    responses: { '202': { description: 'stored' } },
  },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Images', version: '1' },
  paths: {
    '/covers': upload({ type: 'string', format: 'byte', pattern: '^[\\w\\d+\\/=]*$', example: 'aGVsbG8=' }),
    '/drawn': upload({ type: 'string', format: 'byte', pattern: '^[A-Za-z0-9+/]{4,}={0,2}$' }),
    '/photos': upload({ type: 'string', format: 'binary' }),
  },
};

describe('a binary body', () => {
  const model = engineModel('images', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const body = (path: string) =>
    validRequest(
      model,
      schemas,
      model.operations.find((o) => o.path === path)!,
      { apiKeys: {}, headers: {}, values: {}, seed: 1 },
      1,
    ).request.body;

  it('is the base64 text its schema says, the example first', () => {
    expect(body('/covers')).toBe('aGVsbG8=');
    expect(body('/drawn')).toMatch(/^[A-Za-z0-9+/]{4,}={0,2}$/);
  });

  it('is sample bytes where the schema says nothing of its text', () => {
    expect(body('/photos')).toBe('spec-first sample bytes');
  });
});
