// Prism's refusals the round trip names, so that the bench counts each under its kind (bench/roundtrip-failure-kinds.ts)
// rather than among the refusals still to sort:
// - a required GET request body, the document's fault: the generator leaves it out with a warning (no fetch sends
//   one), the generated server reads the request without it, and Prism requires it (422 "Body parameter is required");
// - a path key with a `#fragment` (AWS's `/restapis#mode=import`), told apart on the generated server by a required
//   query of one value: Prism routes the request by its path to the key without the fragment and checks that
//   operation's body (422), or finds no route where there is none (404);
// - a body of bytes typed as an array (Apache qakka's octet-stream array of byte strings), the document's fault:
//   Prism checks the bytes against the schema unparsed ("must be array");
// - a declared `Content-Type` header parameter (AWS tnb's enum of `application/zip` beside a JSON body): OpenAPI says
//   to ignore it, the client sends the body's type, and Prism checks it (stoplightio/prism#2057);
// - a JSON body under `text/json` (rumble's `createScan`), which the client sends and the generated server reads as
//   JSON, and Prism reads as text ("must be object");
// - a path segment holding several parameters (bufferapp's `{id}{mediaTypeExtension}`): Prism finds no `id`;
// - a path template of the same shape as another (Google storage transfer's `/v1/{jobName}` beside `/v1/{name}`):
//   Prism routes the request to the first and checks that operation's required query;
// - a JSON lines body (otoroshi's bulk `application/ndjson`), sent as its lines: Prism checks the text as one value;
// - a literal segment beside a template in one (hhs's `/resources/tags/tagTypes.{format}` beside
//   `/resources/tags/{id}.{format}`): Prism routes the first's request to the second and checks its `id`;
// - a multipart object field, sent as a JSON part (telegram's `reply_markup`): Prism checks the part's text;
// - a documented Content-Length answer header (Azure Data Lake's `Path_Create`): Prism writes a drawn value, which
//   fetch refuses (curl: "Invalid Content-Length");
// - an item whose example is an array (openSUSE's `_builddepinfo`), the document's: Prism answers the array as the
//   item, its members as `<0>` elements, no XML name;
// - a path template name holding a colon (idealspot's `{insight_id:}`): Prism reads it as a prefix modifier;
// - answers documented under a media range only (clever-cloud's `default` of `*/*`): Prism answers 406;
// - a required HEAD request body (illumidesk's `project_copy_check`), the document's: Prism's 422 has no body to name
//   it in, as no HEAD answer has;
// - a free-form object field of a URL-encoded body (salesloft's call `recording`), written form + exploded as OpenAPI
//   says, its members as fields of their own, which the generated server gathers back: Prism finds the field missing;
// - a multipart field declared only in an allOf member's oneOf (PeerTube's video import: a target URL or a magnet URI
//   beside the name): Prism's form reader leaves it out (the same body as JSON passes) and finds it missing;
// - a JSON body whose own media type a `*/*` of bytes precedes (apicurio's artifacts): Prism checks it against the
//   range's string schema;
// - a query enum of numbers without a type (nexmo's `delivered`, `[true, false, 0, 1]`): Prism refuses `1`;
// - an exploded object query parameter's members named as other parameters (sinao's `movements.type` beside `type`,
//   the same pairs, which no reader tells apart), the document's: the round trip leaves them out of the draw (and
//   lists an operation requiring one as admitting no value), and Prism reads the other parameter's pair as the member;
// - a null where a member is `nullable` without a type beside an allOf, inside a schema that is an allOf member
//   (shipengine's `origin_type`): Prism merges the outer allOf, loses the nullable and refuses the null;
// - a member declared only in a oneOf's alternatives beside `additionalProperties: false` (shipengine's bulk rates),
//   the document's: the closure forbids what every alternative requires, as Prism reads it (the generated server
//   reads the closure as unevaluatedProperties and takes them);
// and those it no longer refuses: an operation documenting 101 and no success (Docker's `Session`), which Prism
// answers 101 and no fetch reads, is listed apart, not called; a `*/*` body of `format: byte` (id4i's microstorage)
// goes as base64 text, which Prism checks; and an XML answer whose root the schema names (channel4's `atom`, by its component),
// which Prism writes under `<xml>`, reading no XML Object (stoplightio/prism#456), and the client reads by its members.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { failureKind } from '../../bench/roundtrip-failure-kinds.js';
import { roundTripSuite } from './corpus-roundtrip-suite.js';
import { reportLines } from './roundtrip-report-lines.js';
import { prismNotes } from './roundtrip-prism-notes.js';
import { writtenDocument } from './roundtrip-received.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'roundtrip-named-refusals-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const report = path.join(folder, 'report.jsonl');
process.env.SPEC_FIRST_ROUNDTRIP_REPORT = report;

const found = { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0 } } };
const answer = { '200': { description: 'found', content: { 'application/json': { schema: found } } } };
const body = (required: string) => ({
  required: true,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: [required],
        properties: { [required]: { type: 'string', enum: ['a'] } },
        additionalProperties: false,
      },
    },
  },
});
const document = {
  openapi: '3.0.3',
  info: { title: 'Named refusals', version: '1' },
  components: {
    schemas: {
      atom: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
      originType: { type: 'string', enum: ['pickup', 'drop_off'] },
      rateOptions: {
        type: 'object',
        properties: {
          rate_options: {
            type: 'object',
            required: ['carrier'],
            properties: { carrier: { type: 'string', enum: ['c'] } },
            additionalProperties: false,
          },
        },
      },
      partialShipment: {
        type: 'object',
        additionalProperties: false,
        properties: { origin_type: { allOf: [{ $ref: '#/components/schemas/originType' }], nullable: true } },
      },
    },
  },
  paths: {
    '/named-refusals/search': { get: { operationId: 'search', requestBody: body('q'), responses: answer } },
    // Not required: Prism takes the request without it.
    '/named-refusals/count': {
      get: { operationId: 'count', requestBody: { ...body('q'), required: false }, responses: answer },
    },
    '/named-refusals/things': { post: { operationId: 'createThing', requestBody: body('name'), responses: answer } },
    '/named-refusals/things#mode=import': {
      post: {
        operationId: 'importThing',
        parameters: [{ name: 'mode', in: 'query', required: true, schema: { type: 'string', enum: ['import'] } }],
        requestBody: body('source'),
        responses: answer,
      },
    },
    '/named-refusals/only#fragment': { get: { operationId: 'onlyFragment', responses: answer } },
    '/named-refusals/messages': {
      post: {
        operationId: 'sendBytes',
        requestBody: {
          required: true,
          content: {
            'application/octet-stream': { schema: { type: 'array', items: { type: 'string', format: 'byte' } } },
          },
        },
        responses: answer,
      },
    },
    '/named-refusals/scans': {
      post: {
        operationId: 'createScan',
        requestBody: { required: true, content: { 'text/json': body('target').content['application/json'] } },
        responses: answer,
      },
    },
    '/named-refusals/feed.atom': {
      get: {
        operationId: 'getFeed',
        responses: {
          '200': {
            description: 'the feed',
            content: { 'application/xml': { schema: { $ref: '#/components/schemas/atom' } } },
          },
        },
      },
    },
    '/named-refusals/profiles/{id}{ext}': {
      get: {
        operationId: 'getProfile',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } },
          { name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: ['.json'] } },
        ],
        responses: answer,
      },
    },
    '/named-refusals/jobs/{name}': {
      get: {
        operationId: 'getOperation',
        parameters: [
          { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'filter', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: answer,
      },
    },
    '/named-refusals/jobs/{jobName}': {
      get: {
        operationId: 'getJob',
        parameters: [
          { name: 'jobName', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'projectId', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: answer,
      },
    },
    '/named-refusals/bulk': {
      post: {
        operationId: 'postBulk',
        requestBody: { required: true, content: { 'application/x-ndjson': body('name').content['application/json'] } },
        responses: answer,
      },
    },
    '/named-refusals/tags/tagTypes.{format}': {
      get: {
        operationId: 'getTagTypes',
        parameters: [{ name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['json'] } }],
        responses: answer,
      },
    },
    '/named-refusals/tags/{id}.{format}': {
      get: {
        operationId: 'getTag',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'format', in: 'path', required: true, schema: { type: 'string', enum: ['json'] } },
        ],
        responses: answer,
      },
    },
    '/named-refusals/animations': {
      post: {
        operationId: 'postAnimation',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['reply_markup'],
                properties: {
                  reply_markup: {
                    type: 'object',
                    required: ['text'],
                    properties: { text: { type: 'string', enum: ['ok'] } },
                  },
                },
              },
            },
          },
        },
        responses: answer,
      },
    },
    '/named-refusals/insights/{insight_id:}': {
      get: {
        operationId: 'getInsight',
        parameters: [{ name: 'insight_id:', in: 'path', required: true, schema: { type: 'string' } }],
        responses: answer,
      },
    },
    '/named-refusals/matomo': {
      get: {
        operationId: 'getMatomo',
        responses: { default: { description: 'any', content: { '*/*': { schema: found } } } },
      },
    },
    '/named-refusals/reconcile': {
      post: {
        operationId: 'reconcile',
        parameters: [
          { name: 'type', in: 'query', required: true, schema: { type: 'string', enum: ['sales', 'purchase'] } },
          {
            name: 'movements',
            in: 'query',
            required: true,
            schema: {
              type: 'object',
              properties: { type: { type: 'string', enum: ['account', 'bank'] }, amount: { type: 'integer' } },
            },
          },
        ],
        responses: answer,
      },
    },
    '/named-refusals/reconcile-all': {
      post: {
        operationId: 'reconcileAll',
        parameters: [
          { name: 'type', in: 'query', required: true, schema: { type: 'string', enum: ['sales', 'purchase'] } },
          {
            name: 'movements',
            in: 'query',
            required: true,
            schema: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } },
          },
        ],
        responses: answer,
      },
    },
    '/named-refusals/session': {
      post: {
        operationId: 'session',
        responses: { '101': { description: 'hijacked' }, '400': { description: 'bad parameter' } },
      },
    },
    '/named-refusals/storage': {
      put: {
        operationId: 'putStorage',
        requestBody: { required: true, content: { '*/*': { schema: { type: 'string', format: 'byte' } } } },
        responses: answer,
      },
    },
    // Azure Data Lake's `Path_Create`: a documented Content-Length answer header, which Prism writes with a drawn value.
    '/named-refusals/paths/{path}': {
      put: {
        operationId: 'createPath',
        parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '201': {
            description: 'created',
            headers: { 'Content-Length': { schema: { type: 'integer', format: 'int64' } } },
          },
        },
      },
    },
    // openSUSE's `_builddepinfo`: an item whose example is an array of items, which Prism answers as the item.
    '/named-refusals/builds': {
      get: {
        operationId: 'getBuildInfo',
        responses: {
          '200': {
            description: 'the dependencies',
            content: {
              'application/xml': {
                schema: {
                  type: 'object',
                  xml: { name: 'builddepinfo' },
                  properties: {
                    pkgdep: { type: 'array', items: { type: 'string', example: ['gzip', 'obs-server'] } },
                  },
                },
              },
            },
          },
        },
      },
    },
    // illumidesk's `project_copy_check`: a HEAD request requiring a body, which Prism refuses with a 422 of no body.
    '/named-refusals/copy-check': {
      head: {
        operationId: 'checkCopy',
        requestBody: body('project'),
        responses: { '200': { description: 'may copy' }, '404': { description: 'not found' } },
      },
    },
    // salesloft's call `recording`: a free-form object field of a URL-encoded body, written form + exploded.
    '/named-refusals/calls': {
      post: {
        operationId: 'createCall',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['to', 'recording'],
                properties: { to: { type: 'string' }, recording: { type: 'object' } },
              },
            },
          },
        },
        responses: answer,
      },
    },
    // PeerTube's video import: a target URL or a magnet URI, declared in an allOf member's oneOf, beside the name.
    '/named-refusals/imports': {
      post: {
        operationId: 'importVideo',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                required: ['name'],
                allOf: [
                  {
                    type: 'object',
                    oneOf: [
                      {
                        properties: { targetUrl: { type: 'string', enum: ['https://example.com/v.mp4'] } },
                        required: ['targetUrl'],
                      },
                      {
                        properties: { magnetUri: { type: 'string', enum: ['magnet:?xt=urn:btih:c12f'] } },
                        required: ['magnetUri'],
                      },
                    ],
                  },
                  { type: 'object', properties: { name: { type: 'string', enum: ['clip'] } } },
                ],
              },
            },
          },
        },
        responses: answer,
      },
    },
    // apicurio's artifacts: bytes under `*/*`, listed before the JSON media type the client sends.
    '/named-refusals/artifacts': {
      post: {
        operationId: 'createArtifact',
        requestBody: {
          required: true,
          content: {
            '*/*': { schema: { type: 'string', format: 'binary' } },
            'application/create.extended+json': body('content').content['application/json'],
          },
        },
        responses: answer,
      },
    },
    // nexmo's `delivered`: an enum of true, false, 0 and 1 without a type.
    '/named-refusals/conversions': {
      post: {
        operationId: 'convert',
        parameters: [{ name: 'delivered', in: 'query', required: true, schema: { enum: [0, 1] } }],
        responses: answer,
      },
    },
    '/named-refusals/packages': {
      put: {
        operationId: 'putPackage',
        parameters: [{ name: 'Content-Type', in: 'header', schema: { type: 'string', enum: ['application/zip'] } }],
        requestBody: body('file'),
        responses: answer,
      },
    },
    '/named-refusals/shipments': {
      post: {
        operationId: 'createShipment',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { allOf: [{ $ref: '#/components/schemas/partialShipment' }] },
              // The draw takes the media's example where the validator does: the null Prism refuses.
              example: { origin_type: null },
            },
          },
        },
        responses: answer,
      },
    },
    '/named-refusals/rates': {
      post: {
        operationId: 'compareRates',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['rate_options'],
                allOf: [{ $ref: '#/components/schemas/rateOptions' }],
                oneOf: [
                  {
                    type: 'object',
                    required: ['shipment_ids'],
                    properties: {
                      shipment_ids: {
                        type: 'array',
                        items: { type: 'string', enum: ['se-1'] },
                        minItems: 1,
                        maxItems: 1,
                      },
                    },
                  },
                  {
                    type: 'object',
                    required: ['shipments'],
                    properties: {
                      shipments: { type: 'array', items: { type: 'string', enum: ['s'] }, minItems: 1, maxItems: 1 },
                    },
                  },
                ],
              },
            },
          },
        },
        responses: answer,
      },
    },
  },
};

roundTripSuite(
  { name: 'named-refusals', spec: writtenDocument('named-refusals', document) },
  {
    unsatisfiable: [
      "reconcileAll: parameter movements (its required type named as other query parameters, whose pairs they would be: the document's)",
    ],
    prismFaults: [
      'search: a required GET body, which the client leaves out (the document says to send one)',
      "importThing: routed to createThing's key, whose body it refuses",
      'onlyFragment: no route',
      'sendBytes: checks the bytes against the array schema',
      'putPackage: checks the declared Content-Type parameter (stoplightio/prism#2057)',
      'createScan: reads a text/json body as text',
      'getProfile: finds no id in `{id}{ext}`',
      'getOperation: routes the request to getJob, whose projectId it requires',
      'getMatomo: answers 406 to an answer documented under */* only',
      'postBulk: checks the JSON lines as one value',
      'getTagTypes: routes the request to getTag, whose id it checks',
      'postAnimation: checks the JSON part as text',
      'getInsight: reads the colon of `{insight_id:}` as a prefix modifier',
      'createPath: writes the documented Content-Length with a drawn value',
      'getBuildInfo: answers the array example of an item as the item (`<0>gzip</0>`)',
      "reconcile: reads the type parameter's pair as movements.type (the document's names)",
      'checkCopy: a required HEAD body, which the client leaves out (the document says to send one)',
      "createCall: finds no recording, whose members went as fields (OpenAPI's form + explode)",
      "importVideo: finds no targetUrl or magnetUri, declared in an allOf member's oneOf",
      'createArtifact: checks the JSON body against the */* schema listed first',
      'convert: reads 0 or 1 as text, which the enum does not hold',
      "createShipment: refuses the null origin_type's nullable admits, lost in its merge of the allOf",
      'compareRates: refuses the shipment ids or shipments its oneOf requires, as additional',
    ],
  },
  { server: true, prism: true },
);

it("counts Prism's refusals under their kinds: the documents' faults and Prism's own", () => {
  const lines = reportLines(report);
  expect(lines.find((l) => l.target === 'server')?.failures).toEqual([]);
  const failures = lines.find((l) => l.target === 'prism')?.failures ?? [];
  const kinds = Object.fromEntries(failures.map((f) => [f.slice(0, f.indexOf(':')), failureKind('prism', f)]));
  expect(kinds).toEqual({
    search: expect.stringMatching(/^the document's: a required GET or HEAD request body/),
    importThing: expect.stringMatching(/^Prism: a path key with a #fragment or a query, not routed to its operation/),
    onlyFragment: expect.stringMatching(/^Prism: a path key with a #fragment or a query, not routed to its operation/),
    sendBytes: expect.stringMatching(/^the document's: a body of bytes or text typed as an object or array/),
    putPackage: expect.stringMatching(
      /^Prism: a declared Content-Type, Accept or Authorization header parameter checked/,
    ),
    createScan: 'Prism: a text/json body read as text, not JSON',
    getProfile: expect.stringMatching(/^Prism: a path segment holding several parameters/),
    getOperation: 'Prism: a request routed to another path template of the same shape',
    reconcile: expect.stringMatching(/^the document's: an exploded object query parameter whose members are named/),
    getMatomo: expect.stringMatching(/^Prism: no content for answers documented under media ranges only/),
    postBulk: 'Prism: a JSON lines body checked as one value, unparsed',
    getTagTypes: expect.stringMatching(/^Prism: a request routed to another path's operation/),
    postAnimation: 'Prism: a multipart JSON part (an object field) checked as text',
    getInsight: 'Prism: a path template name holding a colon read as an RFC 6570 prefix modifier',
    createPath: 'Prism: an answer fetch refuses',
    getBuildInfo: expect.stringMatching(/^the document's: an item example that is an array/),
    checkCopy: expect.stringMatching(/^the document's: a required GET or HEAD request body/),
    createCall: expect.stringMatching(/^Prism: a URL-encoded object field written form \+ exploded/),
    importVideo: expect.stringMatching(/^Prism: a form field declared only inside an alternative of an allOf member/),
    createArtifact: 'Prism: a JSON body checked against the schema of a media range listed before its own type',
    convert: 'Prism: a number of an enum without a type read as text',
    createShipment: "Prism: a null a nullable member admits, refused where Prism's allOf merge drops the nullable",
    compareRates: expect.stringMatching(
      /^the document's: a member declared only in a oneOf beside additionalProperties/,
    ),
  });
  // Prism's reading of a query parameter typed `[array, null]` (sinao's, a 3.1 document), by its message.
  expect(
    failureKind(
      'prism',
      'appCatalogProductsUpdate: request.query.metadata: Request query parameter metadata must be array,null',
    ),
  ).toMatch(/^Prism: a query array typed \[array, null\] read as one value/);
  // Its anyOf spelling (Mistral's `workflow_event_types`, `anyOf: [{type: array}, {type: null}]`), by its messages.
  expect(
    failureKind(
      'prism',
      'getStreamEvents: request.query.workflow_event_types: Request query parameter workflow_event_types must be array; request.query.workflow_event_types: Request query parameter workflow_event_types must be null; request.query.workflow_event_types: Request query parameter workflow_event_types must match a schema in anyOf',
    ),
  ).toMatch(/^Prism: a query array typed \[array, null\] read as one value/);
  // A redirect the operation documents (lgtm's 303), to a Location Prism makes up: by its note (no test here calls a
  // made-up host).
  expect(
    failureKind(
      'prism',
      'getSnapshot: a redirect to a Location Prism makes up, which the client follows; getSnapshot could not reach the server: fetch failed (ENOTFOUND)',
    ),
  ).toBe('Prism: a documented redirect to a Location it makes up, which the client follows');
  // An answer whose schema is a `$ref` into `#/paths` (Google Tag Manager's workspace status), which Prism 5.14 does
  // not resolve when it writes the answer: its 500, by its title.
  expect(
    failureKind(
      'prism',
      'getStatus: getStatus failed: HTTP 500: {"type":"https://stoplight.io/prism/errors#UNKNOWN","title":"Invalid reference token: paths","status":500,"detail":""}',
    ),
  ).toBe('Prism: an answer whose schema is a $ref into #/paths, which it cannot resolve (500)');
  // A lookaround pattern the draw did not meet (AWS clean rooms' bucket), which only Prism checks: the round trip's.
  expect(
    failureKind(
      'prism',
      `StartProtectedQuery: a pattern with a lookaround the round trip's draw did not meet (unchecked by the generated server's RE2); Request body property s3.bucket must match pattern ".*(?!^x$).*"`,
    ),
  ).toMatch(/^the round trip's: a pattern with a lookaround/);
  // A HEAD request Prism answers 500 (Azure Data Lake's `Path_GetProperties`; the cause only in Prism's log), and a
  // request Prism gives another path's operation, named by the path parameter it found missing (Google healthcare's
  // `{consentStore}:evaluateUserConsents` read as `{name}`'s): by their notes.
  const call = (o: object, problem: string) =>
    prismNotes({
      model: { operations: [] } as never,
      o: { parameters: [], requestBodies: [], responses: [], ...o } as never,
      sent: undefined,
      json: false,
      bodyRequired: false,
      violations: [],
      problem,
    });
  const head = call({ method: 'head', path: '/{filesystem}/{path}' }, 'getProperties failed: HTTP 500: empty body');
  expect(failureKind('prism', `getProperties: ${head.join('; ')}; HTTP 500: empty body`)).toMatch(
    /^Prism: a 500 to a HEAD request/,
  );
  expect(call({ method: 'get', path: '/x' }, 'x failed: HTTP 500: empty body')).toEqual([]);
  const routed = call(
    {
      method: 'post',
      path: '/v1/{consentStore}:evaluateUserConsents',
      parameters: [{ in: 'path', name: 'consentStore' }],
    },
    `evaluate failed: HTTP 422: {"detail":[{"location":["path"],"message":"Request path must have required property 'name'"}]}`,
  );
  expect(failureKind('prism', `evaluate: ${routed.join('; ')}`)).toMatch(
    /^Prism: a request routed to another path's operation/,
  );
  // A declared Content-Length header parameter (PeerTube's resumable upload cancel, a DELETE of no body): fetch sets
  // that header itself, and sends none without a body; Prism requires it.
  expect(
    failureKind(
      'prism',
      `uploadResumableCancel: uploadResumableCancel failed: HTTP 422: [{"location":["header"],"message":"Request header must have required property 'content-length'"}]`,
    ),
  ).toMatch(/^Prism: a Transfer-Encoding or Content-Length header parameter required/);
  // The same refusal unnamed is still one to sort.
  expect(failureKind('prism', 'search: request.body: Body parameter is required HTTP 422')).toBe(
    'refused by the target',
  );
});
