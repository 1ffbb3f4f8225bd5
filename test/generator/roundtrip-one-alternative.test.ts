// A oneOf of objects whose members are all optional (Docker's `MonthData` or `WeekData`, Vonage's verify answers):
// every drawn object matches both alternatives, which oneOf refuses, yet values exist: an object with a member the
// other alternative types, of another type (`{"months": [], "weeks": 5}`), matches only one; where the alternatives
// differ by a string's format alone (motaword's map of text beside a map of base64), a string no format takes
// (`{"results": {"k": "a b!"}}`) matches only the one without the format. The round trip draws
// such a value, for a request body and an answer, where it listed them as admitting no value; Prism takes it too.
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const list = (item: object) => ({ type: 'array', items: item });
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
