// A URL-encoded body requiring a free-form object field (salesloft's call `recording`, `type: object` without an
// `encoding`: form + explode, its members written as fields of their own): an empty object, a free-form object's
// usual draw, writes nothing and reads as no field, so the round trip draws it with a member at least, which the
// server gathers back into the field. Before, the body was listed as admitting no value (seed 43). A required
// URL-encoded body whose one field is optional (seldon's `Route`: `json`, a JSON-encoded message): `{}`, its usual
// draw, writes no byte, which Prism takes for no body, so the round trip draws it with a field at least (seed 67;
// the generated server reads it as a form of no fields, `empty-form-body.test.ts`); a required
// multipart body of no fields (Azure Computer Vision's image stream, `{type: object, format: file}`) still writes its
// closing boundary and goes as it is drawn (seed 73). An empty array or object inside a field writes no pair, so a
// draw that needs it there (Stripe's schedule phases, each requiring `items`) is drawn again (the reviews' Stripe
// document: 2 of its 417 operations).
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const document = {
  openapi: '3.0.0',
  info: { title: 'Form objects', version: '1' },
  paths: {
    '/v2/conversations/calls': {
      post: {
        operationId: 'createCall',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['to', 'duration', 'recording'],
                properties: {
                  to: { type: 'string' },
                  duration: { type: 'number' },
                  recording: { type: 'object', description: 'the recording, its audio file among its members' },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'created' } },
      },
    },
    '/route': {
      post: {
        operationId: 'route',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              encoding: { json: { contentType: 'application/json' } },
              schema: {
                type: 'object',
                properties: {
                  json: { type: 'object', properties: { data: { type: 'array', items: { type: 'number' } } } },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'routed' } },
      },
    },
    // Stripe's subscription schedules: each phase requires its `items`, which an empty array writes as no pair.
    '/subscription_schedules': {
      post: {
        operationId: 'createSchedule',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              encoding: { phases: { style: 'deepObject', explode: true } },
              schema: {
                type: 'object',
                required: ['phases'],
                properties: {
                  phases: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['items'],
                      properties: {
                        items: {
                          type: 'array',
                          items: { type: 'object', properties: { price: { type: 'string' } } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: { '204': { description: 'scheduled' } },
      },
    },
    '/tag': {
      post: {
        operationId: 'tagImage',
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', format: 'file' } } },
        },
        responses: { '204': { description: 'tagged' } },
      },
    },
  },
};

// Nothing listed: the body is drawn and passes.
roundTripSuite(
  { name: 'form-objects', spec: writtenDocument('form-objects', document) },
  {},
  { server: true, prism: false },
);
