// An error a handler answers through its operation's documented helper, where the spec documents that status in
// several media types, goes out in the one the request's Accept prefers among them (q-values, wildcards, +json), as
// a success answer does: a value among the JSON types, text among the others (XML). The client reads whichever came
// back. On an inline spec and on the corpus's Train Travel API (problem+json and problem+xml errors).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { specPackage } from '../support/inline-package.js';
import { TRAIN_TRAVEL } from './corpus.js';

const SPEC = `openapi: 3.1.0
info: { title: Pets, version: '1' }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A pet.
          content:
            application/json:
              schema: { type: object, properties: { id: { type: string } } }
        '404':
          description: No such pet.
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }
            application/json:
              schema: { $ref: '#/components/schemas/Problem' }
            application/xml:
              schema: { $ref: '#/components/schemas/Problem' }
components:
  schemas:
    Problem:
      type: object
      properties: { title: { type: string }, status: { type: integer } }
`;
const TRAIN = TRAIN_TRAVEL;

let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the packages are generated at run time
const pkg: Record<string, { client: any; server: any }> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'error-negotiation-'));
  fs.writeFileSync(path.join(dir, 'pets.yaml'), SPEC);
  for (const [key, spec] of [
    ['pets', path.join(dir, 'pets.yaml')],
    ['train', TRAIN],
  ] as const) {
    pkg[key] = await specPackage(key, spec, dir);
  }
}, 240_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function servePets(options: Record<string, unknown> = {}) {
  const errors = pkg.pets!.server.getPetErrors;
  return listenLocal(
    pkg.pets!.server.createPetsServer(
      {
        getPet: async (input: { headers: Record<string, string | undefined> }) => {
          // Text for a client that asks for XML, a value otherwise: the runtime picks the type of either kind.
          if (/xml/.test(input.headers.accept ?? ''))
            throw errors.status404('<problem><title>No such pet</title><status>404</status></problem>');
          throw errors.status404({ title: 'No such pet', status: 404 });
        },
      },
      { logger: false, ...options },
    ),
  );
}

describe('an error documented in several media types', () => {
  it("goes out in the type the request's Accept prefers among them", async () => {
    const running = await servePets();
    const get = (accept?: string) =>
      fetch(`${running.baseUrl}/pets/1`, { headers: accept === undefined ? {} : { accept } });
    try {
      const cases: [string | undefined, string][] = [
        [undefined, 'application/problem+json'],
        ['*/*', 'application/problem+json'],
        ['application/json', 'application/json'],
        ['application/problem+json', 'application/problem+json'],
        ['application/json;q=0.5, application/problem+json;q=0.9', 'application/problem+json'],
        ['application/problem+json;q=0.1, application/json', 'application/json'],
        // The success is JSON alone: an Accept must take it too, or the request is refused with 406 before the handler.
        ['application/xml, application/json;q=0.1', 'application/xml'],
        ['text/html, application/xml;q=0.5, */*;q=0.1', 'application/xml'],
      ];
      for (const [accept, type] of cases) {
        const answer = await get(accept);
        expect(answer.status, String(accept)).toBe(404);
        expect(answer.headers.get('content-type')?.split(';')[0], String(accept)).toBe(type);
        const text = await answer.text();
        if (type.endsWith('xml')) expect(text).toContain('<title>No such pet</title>');
        else expect(JSON.parse(text)).toEqual({ title: 'No such pet', status: 404 });
      }
    } finally {
      await running.close();
    }
  });

  it('the client reads whichever documented type came back', async () => {
    const running = await servePets();
    try {
      for (const [accept, body] of [
        ['application/json', { title: 'No such pet', status: 404 }],
        ['application/xml, */*;q=0.1', '<problem><title>No such pet</title><status>404</status></problem>'],
      ] as const) {
        const client = new pkg.pets!.client.PetsClient({ baseUrl: running.baseUrl, maxRetries: 0 });
        const failure = await client.getPet({ id: '1' }, { headers: { accept } }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toMatchObject({ httpStatus: 404, body });
      }
    } finally {
      await running.close();
    }
  });

  it("Train Travel's problem errors: problem+json for a value, problem+xml for text, by Accept", async () => {
    const errors = pkg.train!.server.getBookingErrors;
    const running = await listenLocal(
      pkg.train!.server.createTrainServer(
        {
          getBooking: async (input: { headers: Record<string, string | undefined> }) => {
            if (/xml/.test(input.headers.accept ?? ''))
              throw errors.status404('<problem xmlns="urn:ietf:rfc:7807"><title>Not Found</title></problem>');
            throw errors.status404({ title: 'Not Found', status: 404 });
          },
        },
        { logger: false },
      ),
    );
    try {
      const url = `${running.baseUrl}/bookings/1725ff48-ab45-4bb5-9d02-88745177dedb`;
      const asJson = await fetch(url, { headers: { accept: 'application/problem+json', authorization: 'Bearer t' } });
      expect(asJson.status).toBe(404);
      expect(asJson.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const asXml = await fetch(url, { headers: { accept: 'application/problem+xml', authorization: 'Bearer t' } });
      expect(asXml.status).toBe(404);
      expect(asXml.headers.get('content-type')).toMatch(/^application\/problem\+xml/);
      expect(await asXml.text()).toContain('<title>Not Found</title>');
    } finally {
      await running.close();
    }
  });
});
