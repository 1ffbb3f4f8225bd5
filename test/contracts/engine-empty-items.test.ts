// An array of empty strings is written as empty values (`tags=`, exploded or not), which the document allows only
// with allowEmptyValue and Prism reads as no parameter at all (seen on letmc's diary: `appointmentTypesToSearch=`
// answered "must have required property"): the engine never sends one as a valid value, even as the document's
// example, as it sends no empty string.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';

const array = (explode: boolean) => ({
  name: explode ? 'tags' : 'ids',
  in: 'query',
  required: true,
  explode,
  schema: { type: 'array', items: { type: 'string', maxLength: 2 } },
  example: [''],
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Diary', version: '1' },
  paths: {
    '/appointments': {
      get: {
        operationId: 'listAppointments',
        parameters: [array(true), array(false)],
        responses: { '200': { description: 'the appointments' } },
      },
    },
  },
};

describe('an array parameter of empty strings', () => {
  it('is not sent as a valid value: each key written has a value', () => {
    const model = engineModel('diary', structuredClone(document) as never);
    const schemas = new DocumentSchemas(model.document);
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const drawn = validRequest(
        model,
        schemas,
        model.operations[0]!,
        { apiKeys: {}, headers: {}, values: {}, seed },
        seed,
      );
      expect(drawn.unsupported).toBeUndefined();
      const keys = drawn.request.query.map(([k]) => k);
      expect(keys).toContain('tags');
      expect(keys).toContain('ids');
      expect(drawn.request.query.filter(([, v]) => v === '')).toEqual([]);
    }
  });
});
