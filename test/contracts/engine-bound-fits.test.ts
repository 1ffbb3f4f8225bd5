// A chain's bound value fits the path parameter it fills: an inferred binding tries `{param}`, `id`, `name`... in
// turn, and one the parameter's schema refuses (a string id for an integer `{groupKey}`, as a SCIM document's
// create answers) is passed over, so the chain goes on with a fitting one or is not applicable, never a request
// the document itself refuses, judged as the server's fault.
import { expect, it } from 'vitest';
import { bound, type CreateExchange } from '../../contracts/engine/chains.js';
import { engineAgainst } from '../support/engine-trial.js';

const binding = {
  param: 'groupKey',
  from: '$response.body#/groupKey | $response.body#/id | $response.header.location',
  collection: 'Groups',
};
const exchange = (body: unknown, location?: string): CreateExchange => ({
  pathValues: {},
  queryValues: {},
  headers: location ? { location } : {},
  body,
});
const integer = (v: unknown) => Number.isInteger(typeof v === 'string' ? Number(v) : v) && v !== '';

it('passes over an alternative the parameter does not fit and takes the next that does', () => {
  expect(bound(binding, exchange({ id: 'g-1' }, '/Groups/42'), integer)).toBe('42');
  expect(bound(binding, exchange({ groupKey: 'x', id: 7 }), integer)).toBe(7);
});

it('gives no value where no alternative fits', () => {
  expect(bound(binding, exchange({ id: 'g-1' }), integer)).toBeUndefined();
});

it('takes the first alternative there when anything fits', () => {
  expect(bound(binding, exchange({ id: 'g-1' }, '/Groups/42'))).toBe('g-1');
  expect(bound(binding, exchange({ id: 'Groups/g-2' }))).toBe('g-2');
});

// The run: a create answering a string `id` beside a Location naming its integer key, where the read and the delete
// take the integer: the chain follows the Location and judges the delete, instead of sending `g-1` as the key.
const keyParam = { name: 'groupKey', in: 'path', required: true, schema: { type: 'integer' } };
const group = { type: 'object', properties: { id: { type: 'string' } } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Groups', version: '1' },
  paths: {
    '/Groups': {
      post: {
        operationId: 'createGroup',
        responses: { '201': { description: 'made', content: { 'application/json': { schema: group } } } },
      },
    },
    '/Groups/{groupKey}': {
      parameters: [keyParam],
      get: {
        operationId: 'getGroup',
        responses: {
          '200': { description: 'it', content: { 'application/json': { schema: group } } },
          '400': { description: 'not a key' },
          '404': { description: 'none' },
        },
      },
      delete: {
        operationId: 'deleteGroup',
        responses: { '204': { description: 'gone' }, '400': { description: 'not a key' } },
      },
    },
  },
};

it('a chain binds the alternative that fits the integer key and judges the delete on it', async () => {
  const kept = new Set<string>();
  const paths: string[] = [];
  let next = 5;
  const outcome = await engineAgainst(
    'groups',
    document,
    (req, res) => {
      req.resume();
      const key = (req.url ?? '').split('?')[0]!.split('/')[2];
      if (key) paths.push(`${req.method} ${key}`);
      if (req.method === 'POST') {
        kept.add(String(next));
        res.writeHead(201, { 'content-type': 'application/json', location: `/Groups/${next}` });
        return res.end(JSON.stringify({ id: `g-${next++}` }));
      }
      if (!/^\d+$/.test(key ?? '')) return res.writeHead(400).end();
      if (req.method === 'DELETE') return (kept.delete(key!), res.writeHead(204).end());
      if (!kept.has(key!)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `g-${key}` }));
    },
    { checks: ['use_after_free'], maxRequests: 50 },
  ).then((r) => r.outcomes.find((o) => o.check === 'use_after_free' && o.verdict !== 'n/a'));
  expect(paths.filter((p) => p.includes('g-'))).toEqual([]);
  expect(outcome?.verdict).toBe('pass');
});
