// With --mock (Prism), what Prism cannot do with a body is its own reading, a note, not a FAIL: it accepts a broken
// body it does not validate (form members: stoplightio/prism#2591; a shared body schema: #2574), and refuses a
// form or multipart array member written as OpenAPI's form style writes it (#2473, #2654) or a comma in a path value
// (#2289) with its own 422, a status the document does not list: no answer check judges that refusal. Against any
// other target the same answers FAIL.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { engineAgainst, prismRefusal } from '../support/engine-trial.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Modules', version: '1' },
  paths: {
    '/modules': {
      post: {
        operationId: 'createModule',
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string', maxLength: 8 },
                  modes: { type: 'array', items: { type: 'string', enum: ['A', 'B'] } },
                },
              },
              example: { name: 'core', modes: ['A'] },
            },
          },
        },
        responses: { '200': { description: 'made' }, '400': { description: 'refused' } },
      },
    },
    '/uploads': {
      post: {
        operationId: 'upload',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { links: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } },
              },
              example: { links: ['a'] },
            },
          },
        },
        responses: { '200': { description: 'made' } },
      },
    },
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 5 } } },
              example: { text: 'hi' },
            },
          },
        },
        responses: { '200': { description: 'made' }, '400': { description: 'refused' } },
      },
    },
  },
};

function run(mock: boolean) {
  // As Prism answers: a form with `modes` in it, or a multipart body with a `links` part, refused with its own 422
  // (the array read as a string), any JSON body accepted.
  const prismLike = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const refused =
      (req.url === '/modules' && new URLSearchParams(body).has('modes')) ||
      (req.url === '/uploads' && body.includes('name="links"'));
    if (!refused) return void res.writeHead(200).end();
    prismRefusal(res, [{ location: ['body', 'modes'], message: 'Request body property modes must be array' }]);
  };
  return engineAgainst('modules', document, prismLike, {
    checks: ['positive_data_acceptance', 'negative_data_rejection', 'status_code_conformance'],
    maxRequests: 200,
    mock,
  });
}

describe("Prism's readings of bodies", () => {
  it('are notes with --mock, each naming its evidence', async () => {
    const result = await run(true);
    expect(result.outcomes.filter((o) => o.verdict === 'FAIL')).toEqual([]);
    const notes = result.notes.map((n) => n.text).join('\n');
    expect(notes).toMatch(/form or multipart member that is an array .*stoplightio\/prism#2473/);
    expect(notes).toMatch(/does not validate every request body .*#2574/);
  });

  it('FAIL against any other target', async () => {
    const result = await run(false);
    const failed = result.outcomes.filter((o) => o.verdict === 'FAIL').map((o) => `${o.check} ${o.operation}`);
    expect(failed.sort()).toEqual([
      'negative_data_rejection POST /notes (createNote)',
      'positive_data_acceptance POST /modules (createModule)',
      'positive_data_acceptance POST /uploads (upload)',
      'status_code_conformance POST /modules (createModule)',
      'status_code_conformance POST /uploads (upload)',
    ]);
  });
});
