// A oneOf of objects whose members are all optional (Docker's `MonthData` or `WeekData`, Vonage's verify answers):
// every drawn object matches both alternatives, which oneOf refuses, yet values exist: an object with a member the
// other alternative types, of another type (`{"months": [], "weeks": 5}`), matches only one; where the alternatives
// differ by a string's format alone (motaword's map of text beside a map of base64), a string no format takes
// (`{"results": {"k": "a b!"}}`) matches only the one without the format. Alternatives whose members an allOf of
// one parent gives (readme's `Cat` and `Dog`, each `pet_type` and members of its own) and oneOfs of three
// alternatives (readme's `OptionOneNoDisc`, `OptionTwoNoDisc`, `OptionThreeNoDisc`) take a member each other
// alternative types, of another type. The round trip draws such a value, for a request body and an answer, where it
// listed them as admitting no value; Prism takes it too.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const list = (item: object) => ({ type: 'array', items: item });
const option = (properties: object) => ({
  type: 'object',
  required: ['discrim'],
  properties: { discrim: { type: 'string' }, ...properties },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'One alternative', version: '1' },
  paths: {
    '/one-alternative/timespans': {
      post: {
        operationId: 'postTimespans',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/TimespanData' } } },
        },
        responses: {
          '200': {
            description: 'the timespans',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TimespanData' } } },
          },
        },
      },
    },
    '/one-alternative/pets': {
      patch: {
        operationId: 'patchPet',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
                discriminator: { propertyName: 'pet_type' },
              },
            },
          },
        },
        responses: { '204': { description: 'patched' } },
      },
    },
    '/one-alternative/options': {
      patch: {
        operationId: 'patchOption',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                oneOf: ['One', 'Two', 'Three'].map((n) => ({ $ref: `#/components/schemas/Option${n}` })),
              },
            },
          },
        },
        responses: { '204': { description: 'patched' } },
      },
    },
    '/one-alternative/translations': {
      get: {
        operationId: 'getTranslation',
        responses: {
          '200': {
            description: 'translated strings or files',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TranslationResult' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      TimespanData: { oneOf: [{ $ref: '#/components/schemas/MonthData' }, { $ref: '#/components/schemas/WeekData' }] },
      MonthData: { type: 'object', properties: { months: list({ type: 'integer', minimum: 1, maximum: 12 }) } },
      WeekData: { type: 'object', properties: { weeks: list({ type: 'integer', minimum: 1, maximum: 53 }) } },
      Pet: {
        type: 'object',
        required: ['pet_type'],
        properties: { pet_type: { type: 'string' } },
        discriminator: { propertyName: 'pet_type' },
      },
      Cat: {
        allOf: [
          { $ref: '#/components/schemas/Pet' },
          { type: 'object', properties: { hunts: { type: 'boolean' }, age: { type: 'integer' } } },
        ],
      },
      Dog: {
        allOf: [
          { $ref: '#/components/schemas/Pet' },
          { type: 'object', properties: { bark: { type: 'boolean' }, breed: { type: 'string', enum: ['Husky'] } } },
        ],
      },
      OptionOne: option({ optionone: { type: 'number' } }),
      OptionTwo: option({ optiontwo: { type: 'string' } }),
      OptionThree: option({ optionthree: { type: 'string' } }),
      TranslationResult: {
        oneOf: [
          { type: 'object', properties: { results: { type: 'object', additionalProperties: { type: 'string' } } } },
          {
            type: 'object',
            properties: { results: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } } },
          },
        ],
      },
    },
  },
};

// Nothing listed: every value is drawn and passes both targets.
roundTripSuite(
  { name: 'one-alternative', spec: writtenDocument('one-alternative', document) },
  {},
  { server: true, prism: true },
);
