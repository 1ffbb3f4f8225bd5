// The one path-template matcher (runtime/server/route-table.ts): segments, parameters inside a segment,
// precedence of literal routes, the methods at a path, and a base URL's prefix.
import { describe, expect, it } from 'vitest';
import { pathTemplate, RouteTable } from '../../templates/runtime/server/route-table.js';

describe('pathTemplate', () => {
  it('takes each parameter from its own segment, still percent-encoded', () => {
    const t = pathTemplate('/v1beta/files/{file}');
    expect(t.names).toEqual(['file']);
    expect(t.match('/v1beta/files/abc%2Fdef')).toEqual(['abc%2Fdef']);
    expect(t.match('/v1beta/files/')).toBeUndefined();
    expect(t.match('/v1beta/files/a/b')).toBeUndefined();
    expect(t.match('/v1beta/files')).toBeUndefined();
  });

  it('reads parameters with literal text around them in one segment', () => {
    const t = pathTemplate('/v1beta/{collection}/{model}:generateContent');
    expect(t.match('/v1beta/models/gemini:generateContent')).toEqual(['models', 'gemini']);
    expect(t.match('/v1beta/models/gemini:streamGenerateContent')).toBeUndefined();
    expect(t.match('/v1beta/models/:generateContent')).toBeUndefined();
    const act = pathTemplate('/{version}/act_{ad_account_id}/adcreatives');
    expect(act.names).toEqual(['version', 'ad_account_id']);
    expect(act.match('/v19.0/act_42/adcreatives')).toEqual(['v19.0', '42']);
    expect(act.match('/v19.0/42/adcreatives')).toBeUndefined();
    expect(pathTemplate('/x/{a}-{b}').match('/x/1-2-3')).toEqual(['1', '2-3']);
  });

  it('splits a segment of adjacent parameters by the texts one of them takes', () => {
    // Without the values, the first takes as little as it can: one character.
    expect(pathTemplate('/blog/{page}{ext}').match('/blog/spring.json')).toEqual(['s', 'pring.json']);
    const t = pathTemplate('/blog/{page}{ext}', { ext: { values: ['.json', '.x+y'] } });
    expect(t.match('/blog/spring.json')).toEqual(['spring', '.json']);
    expect(t.match('/blog/a.x+y')).toEqual(['a', '.x+y']);
    expect(t.match('/blog/spring.xml')).toBeUndefined();
    expect(pathTemplate('/{lang}{page}', { lang: { values: ['en', 'es'] } }).match('/espanol')).toEqual([
      'es',
      'panol',
    ]);
  });

  it('splits a segment of several parameters by the text of a typed one: a number is taken whole', () => {
    // Cut at the first `.`, `-15.6.json` gave a heading of `-15` and an ext of `6.json`.
    expect(pathTemplate('/s/{heading}.{ext}').match('/s/-15.6.json')).toEqual(['-15', '6.json']);
    const s = pathTemplate('/s/{heading}.{ext}', { heading: { type: 'number' } });
    expect(s.match('/s/-15.6.json')).toEqual(['-15.6', 'json']);
    expect(s.match('/s/1e%2B21.js')).toEqual(['1e%2B21', 'js']);
    expect(s.match('/s/north.json')).toBeUndefined();
    // An integer beside a string with nothing between: the integer's digits, all of them.
    const p = pathTemplate('/p/{id}{.format}', { id: { type: 'integer' } });
    expect(p.match('/p/-977x')).toEqual(['-977', 'x']);
    expect(pathTemplate('/p/{on}{rest}', { on: { type: 'boolean' } }).match('/p/falsey')).toEqual(['false', 'y']);
    // Alone in its segment, a typed parameter takes any text (its validator refuses it, with the parameter's name).
    expect(pathTemplate('/p/{id}', { id: { type: 'integer' } }).match('/p/abc')).toEqual(['abc']);
  });

  it('treats regular-expression characters in a template as text', () => {
    const t = pathTemplate('/a.b/{id}');
    expect(t.match('/a.b/1')).toEqual(['1']);
    expect(t.match('/axb/1')).toBeUndefined();
  });

  it('counts literal characters, parameters excluded', () => {
    expect(pathTemplate('/v2/groups').literalLength).toBe(10);
    expect(pathTemplate('/{version}/{creative_id}').literalLength).toBe(2);
  });

  it('with anyPrefix, matches after a base path on a segment boundary only', () => {
    const t = pathTemplate('/v2/groups');
    expect(t.match('/api/v2/groups', true)).toEqual([]);
    expect(t.match('/api/v2/groups')).toBeUndefined();
    expect(t.match('/apiv2/groups', true)).toBeUndefined();
  });
});

describe('RouteTable', () => {
  const routes = [
    { id: 'getFile', method: 'GET', path: '/v1beta/files/{file}' },
    { id: 'special', method: 'GET', path: '/v1beta/files/special' },
    { id: 'deleteFile', method: 'DELETE', path: '/v1beta/files/{file}' },
    { id: 'node', method: 'get', path: '/{version}/{id}' },
  ];
  const table = new RouteTable(routes);

  it('prefers the route with more literal characters, whatever the order given', () => {
    expect(table.match('GET', '/v1beta/files/special')?.route.id).toBe('special');
    expect(table.match('GET', '/v1beta/files/other')?.route.id).toBe('getFile');
    expect(table.match('GET', '/v19.0/123')?.route.id).toBe('node');
  });

  it('gives the raw values by name and in order', () => {
    const m = table.match('get', '/v1beta/files/a%20b')!;
    expect(m.values).toEqual(['a%20b']);
    expect(m.params).toEqual({ file: 'a%20b' });
    expect(table.match('GET', '/v19.0/__proto__')!.params).toEqual({ version: 'v19.0', id: '__proto__' });
  });

  it('lists the methods at a path for an Allow header, and none for an unknown path', () => {
    expect(table.match('POST', '/v1beta/files/x')).toBeUndefined();
    expect(table.methodsAt('/v1beta/files/x')).toEqual(['DELETE', 'GET']);
    expect(table.methodsAt('/nowhere/at/all')).toEqual([]);
  });

  it('matches under a base path when asked to', () => {
    const prefixed = new RouteTable(routes, { anyPrefix: true });
    expect(prefixed.match('GET', '/base/v1beta/files/special')?.route.id).toBe('special');
    expect(table.match('GET', '/base/v1beta/files/special')).toBeUndefined();
  });
});
