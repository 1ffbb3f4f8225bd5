// A create whose answer names no resource, where the client chose its name and sent it (POST /contacts with
// `{"name": ...}` answered 201 with no id, then GET /contacts/{name}; sakari's contacts, Google Vault's exports): the
// engine read the name from the answer only, so the create -> read -> delete sequence was n/a. It reads the name from
// what the create sent (its JSON or form body's member, its query parameter) where the answer has none, the answer
// still first, and judges the read as on an answered id: a target that keeps the resource under another key FAILs.
// Where the name is an optional member or parameter the draw left out (the service then names the resource itself
// and does not say so), the create is made again with the name sent, so the sequence is judged on every seed; a
// link's name further down (`$request.body#/contact/name`, `#/contacts/0/name`) is sent with each member holding it,
// a list long enough, and a oneOf branch that declares it.
// A PUT at the resource's own path (PUT /contacts/{name}, Azure's create-or-update) names it in its path: it is a
// create -> read -> delete sequence too, unless a POST makes the resource there.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { bound, chainsOf } from '../../contracts/engine/chains.js';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { engineAgainst } from '../support/engine-trial.js';

type Sent = 'json' | 'form' | 'query' | 'link' | 'nested' | 'listed' | 'choice' | 'put';

const name = { type: 'string', pattern: '^[a-z0-9]{4,12}$' };
const contact = { type: 'object', properties: { name, phone: { type: 'string', pattern: '^[0-9]{6}$' } } };
const member = { type: 'object', required: ['name'], properties: contact.properties };
// The name one member down (`{"contact": {"name": ...}}`), the document's link pointing there; optional, it is
// declared in an allOf member.
const wrapped = (optional: boolean) =>
  optional
    ? { allOf: [{ type: 'object', properties: { contact } }] }
    : { type: 'object', required: ['contact'], properties: { contact: member } };
// The name in a list's first item (`{"contacts": [{"name": ...}]}`, the link `$request.body#/contacts/0/name`);
// optional, the list may be left out, empty, or its first item without a name.
const listed = (optional: boolean) =>
  optional
    ? { type: 'object', properties: { contacts: { type: 'array', items: contact } } }
    : {
        type: 'object',
        required: ['contacts'],
        properties: { contacts: { type: 'array', minItems: 1, items: member } },
      };
// The name in one branch of a choice: optional, the other branch (a phone alone) sends none.
const phoneOnly = {
  type: 'object',
  required: ['phone'],
  properties: { phone: contact.properties.phone },
  additionalProperties: false,
};
const named = (optional: boolean) => ({
  type: 'object',
  required: optional ? ['kind'] : ['kind', 'name'],
  properties: { kind: { type: 'string', enum: ['named'] }, ...contact.properties },
  additionalProperties: false,
});
const choice = (optional: boolean) => ({ oneOf: optional ? [phoneOnly, named(true)] : [named(false)] });
const schemas: Partial<Record<Sent, (optional: boolean) => object>> = {
  nested: wrapped,
  listed,
  choice,
};
const links: Partial<Record<Sent, string>> = {
  link: '$request.body#/name',
  nested: '$request.body#/contact/name',
  listed: '$request.body#/contacts/0/name',
  choice: '$request.body#/name',
};
const document = (sent: Sent, optional = false) => ({
  openapi: '3.0.3',
  info: { title: 'Contacts', version: '1' },
  paths: {
    '/contacts':
      sent === 'put'
        ? {}
        : {
            post: {
              operationId: 'createContact',
              ...(sent === 'query'
                ? { parameters: [{ name: 'name', in: 'query', required: !optional, schema: name }] }
                : {
                    requestBody: {
                      required: true,
                      content: {
                        [sent === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                          schema: schemas[sent]?.(optional) ?? (optional ? contact : member),
                        },
                      },
                    },
                  }),
              responses: {
                '201': {
                  description: 'made; the name only where the service renamed it',
                  content: { 'application/json': { schema: contact } },
                  // A document's own link may say where the name is: the body it was sent in.
                  ...(links[sent] && {
                    links: { read: { operationId: 'readContact', parameters: { name: links[sent] } } },
                  }),
                },
              },
            },
          },
    '/contacts/{name}': {
      // The resource the target holds from the start, for a delete judged on its own.
      parameters: [{ name: 'name', in: 'path', required: true, schema: name, example: 'held0001' }],
      ...((sent === 'put' || sent === 'json') && {
        put: {
          operationId: 'putContact',
          requestBody: { required: true, content: { 'application/json': { schema: contact } } },
          responses: {
            '201': { description: 'made or replaced', content: { 'application/json': { schema: contact } } },
          },
        },
      }),
      get: {
        operationId: 'readContact',
        responses: {
          '200': { description: 'it', content: { 'application/json': { schema: contact } } },
          '404': { description: 'none' },
        },
      },
      delete: {
        operationId: 'deleteContact',
        responses: { '204': { description: 'deleted' }, '404': { description: 'none' } },
      },
    },
  },
});

/**
 * A contacts service that keeps what it is sent: under the name the client chose (`honours`), under a key of its own
 * it does not answer (`loses`), or under a name of its own it answers (`renames`: `{"name": "srv0001"}`).
 */
function contacts(keeps: 'honours' | 'loses' | 'renames'): http.RequestListener {
  const kept = new Set<string>(['held0001']);
  let made = 0;
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = url.pathname.split('/')[2];
      if ((req.method === 'POST' && !key) || req.method === 'PUT') {
        const text = Buffer.concat(chunks).toString();
        const chosen =
          req.method === 'PUT'
            ? key
            : /json/.test(req.headers['content-type'] ?? '')
              ? ((parsed: { name?: string; contact?: { name?: string }; contacts?: { name?: string }[] }) =>
                  parsed.contact?.name ?? parsed.contacts?.[0]?.name ?? parsed.name)(JSON.parse(text))
              : (new URLSearchParams(text).get('name') ?? url.searchParams.get('name'));
        made++;
        // Sent no name, it names the contact itself, and does not say so.
        const own = `srv${String(made).padStart(4, '0')}`;
        kept.add(keeps === 'honours' && chosen ? chosen : own);
        const answer = keeps === 'renames' ? { name: own } : {};
        return void res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      }
      if (!key || !kept.has(key)) return void res.writeHead(404).end();
      if (req.method === 'DELETE') return void (kept.delete(key), res.writeHead(204).end());
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: key }));
    });
  };
}

const run = async (sent: Sent, keeps: 'honours' | 'loses' | 'renames', optional = false, seed = 1) =>
  (
    await engineAgainst('contacts', document(sent, optional), contacts(keeps), {
      checks: ['ensure_resource_availability', 'use_after_free'],
      settings: { apiKeys: {}, headers: {}, values: {}, seed },
    })
  ).outcomes;

const sequence = async (sent: Sent, keeps: 'honours' | 'loses' | 'renames', optional = false, seed = 1) =>
  (await run(sent, keeps, optional, seed))
    .filter((o) => o.operation.includes('->'))
    .map((o) => `${o.check} ${o.verdict}${o.verdict === 'FAIL' ? `: ${o.message}` : ''}`)
    .sort();

describe('a create answering no name, where the client chose it', () => {
  const sentBy: Partial<Record<Sent, string>> = {
    link: "link's $request.body",
    nested: "link's nested $request.body",
    listed: "link's $request.body through a list",
    choice: "link's $request.body through a oneOf",
    put: 'PUT path',
  };
  for (const sent of ['json', 'form', 'query', 'link', 'nested', 'listed', 'choice', 'put'] as const)
    it(`takes the name its ${sentBy[sent] ?? sent} sent, so the sequence is judged and passes`, async () => {
      expect(await sequence(sent, 'honours')).toEqual(['ensure_resource_availability pass', 'use_after_free pass']);
    });

  for (const sent of ['json', 'put'] as const)
    it(`FAILs a target that keeps what its ${sent} sent under another key: the read of the chosen name answers 404`, async () => {
      const verdicts = await sequence(sent, 'loses');
      expect(verdicts).toHaveLength(2);
      expect(verdicts[0]).toMatch(/^ensure_resource_availability FAIL: created with 201 .* answered 404$/);
    });

  it('judges the delete beside a PUT create on its own too (a PUT may update only, its sequence n/a)', async () => {
    const remove = (await run('put', 'honours')).find(
      (o) => o.operation.startsWith('DELETE /contacts/{name}') && o.check === 'use_after_free',
    );
    expect(remove?.verdict).toBe('pass');
  });

  it('makes no PUT sequence where a POST makes the resource at that path (the PUT is its update)', () => {
    const chains = chainsOf(engineModel('contacts', structuredClone(document('json')) as never));
    expect(chains.map((c) => `${c.create.method} ${c.create.path} ${c.update?.method}`)).toEqual([
      'POST /contacts PUT',
    ]);
  });

  for (const sent of ['json', 'form', 'query', 'nested', 'listed', 'choice'] as const)
    it(`sends the name where its ${sent} may leave it out, on every seed: the create made again with it`, async () => {
      for (const seed of [1, 2, 3, 4, 5, 6])
        expect(await sequence(sent, 'honours', true, seed), `seed ${seed}`).toEqual([
          'ensure_resource_availability pass',
          'use_after_free pass',
        ]);
    });

  it("still takes the answer's name where the answer holds one (a service that renames what it was sent)", async () => {
    expect(await sequence('json', 'renames')).toEqual(['ensure_resource_availability pass', 'use_after_free pass']);
  });
});

it('reads $request.body#/pointer from the body the create sent, nested members too, never an object', () => {
  const exchange = {
    pathValues: {},
    queryValues: {},
    headers: {},
    body: {},
    requestBody: { name: 'abcd1', owner: { id: 7 } },
  };
  expect(bound({ param: 'name', from: '$request.body#/name' }, exchange)).toBe('abcd1');
  expect(bound({ param: 'owner', from: '{$request.body#/owner/id}' }, exchange)).toBe(7);
  expect(bound({ param: 'owner', from: '$request.body#/owner' }, exchange)).toBeUndefined();
  expect(
    bound({ param: 'name', from: '$request.body#/name' }, { ...exchange, requestBody: undefined }),
  ).toBeUndefined();
});
