// Sequences beyond one resource: a parent created, a child created under it (its path from the parent's answer) and
// read, the parent deleted, the child read again. A server that deletes a parent's children with it passes
// use_after_free; one that leaves the child readable is caught under use_after_free, on the nested sequence.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { nestedChains, chainsOf } from '../../contracts/engine/chains.js';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { engineAgainst } from '../support/engine-trial.js';

const named = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const answer = { description: 'it', content: { 'application/json': { schema: named } } };
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const document = {
  openapi: '3.1.0',
  info: { title: 'Albums', version: '1' },
  paths: {
    '/albums': { post: { operationId: 'createAlbum', responses: { '201': answer } } },
    '/albums/{albumId}': {
      parameters: [idParam('albumId')],
      get: { operationId: 'getAlbum', responses: { '200': answer, '404': { description: 'none' } } },
      delete: { operationId: 'deleteAlbum', responses: { '204': { description: 'gone' } } },
    },
    '/albums/{albumId}/photos': {
      parameters: [idParam('albumId')],
      post: { operationId: 'addPhoto', responses: { '201': answer, '404': { description: 'no album' } } },
    },
    '/albums/{albumId}/photos/{photoId}': {
      parameters: [idParam('albumId'), idParam('photoId')],
      get: { operationId: 'getPhoto', responses: { '200': answer, '404': { description: 'none' } } },
    },
  },
};

/** Albums and their photos in memory; `cascade`: an album's delete deletes its photos. */
function albums(cascade: boolean): http.RequestListener {
  const store = new Map<string, Set<string>>();
  const photos = new Set<string>();
  let next = 0;
  const json = (res: http.ServerResponse, status: number, body?: unknown) =>
    body === undefined
      ? res.writeHead(status).end()
      : res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return (req, res) => {
    req.resume();
    const [, , album, , photo] = (req.url ?? '').split('?')[0]!.split('/');
    if (req.method === 'POST' && !album) {
      const id = `a${next++}`;
      store.set(id, new Set());
      return json(res, 201, { id });
    }
    if (album && !store.has(album) && !(req.method === 'GET' && photo && photos.has(`${album}/${photo}`)))
      return json(res, 404);
    if (req.method === 'POST' && album && !photo) {
      const id = `p${next++}`;
      store.get(album)!.add(id);
      photos.add(`${album}/${id}`);
      return json(res, 201, { id });
    }
    if (req.method === 'GET' && photo)
      return photos.has(`${album}/${photo}`) ? json(res, 200, { id: photo }) : json(res, 404);
    if (req.method === 'GET') return json(res, 200, { id: album });
    if (req.method === 'DELETE' && album) {
      if (cascade) for (const p of store.get(album)!) photos.delete(`${album}/${p}`);
      store.delete(album);
      return json(res, 204);
    }
    json(res, 405);
  };
}

async function run(cascade: boolean) {
  const result = await engineAgainst('albums', document, albums(cascade), {
    checks: ['use_after_free'],
    maxRequests: 300,
  });
  return result.outcomes.find((o) => o.operation.endsWith('(nested)'))!;
}

describe('parent -> child -> delete the parent -> the child is gone', () => {
  it('finds the child chain under the parent chain by their paths', () => {
    const pairs = nestedChains(chainsOf(engineModel('albums', structuredClone(document) as never)));
    expect(pairs.map(([p, c]) => `${p.path} > ${c.path}`)).toEqual([
      '/albums/{albumId} > /albums/{albumId}/photos/{photoId}',
    ]);
  });

  it('passes use_after_free where the parent took its children with it', async () => {
    const outcome = await run(true);
    expect(outcome.verdict).toBe('pass');
  });

  it('FAILs use_after_free where the child is still readable after its parent was deleted', async () => {
    const outcome = await run(false);
    expect(outcome.verdict).toBe('FAIL');
    expect(outcome.message).toMatch(/its parent deleted with 204, then read: answered 200/);
  });
});
