// The server runtime's request target (runtime/server/request-target.ts) reads a query exactly as the WHATWG URL
// parser does, and a path as the parser encodes it but as sent otherwise: dot segments (also percent-encoded) and
// backslashes are not resolved, so the service routes the path a proxy in front of it sees. A query pair whose
// percent-encoding is not UTF-8 is refused by name, not read as U+FFFD.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidQueryError, RequestTarget } from '../../templates/runtime/server/request-target.js';
import { RouteTable } from '../../templates/runtime/server/route-table.js';

/** What the runtime read before it split targets by hand: a URL, and its search params. */
function viaUrl(raw: string): { pathname: string; search: string; query: Array<[string, string[]]> } {
  const url = new URL(raw.startsWith('/') ? `http://localhost${raw}` : raw, 'http://localhost');
  const query = new Map<string, string[]>();
  for (const [k, v] of url.searchParams) query.set(k, [...(query.get(k) ?? []), v]);
  return { pathname: url.pathname, search: url.search, query: [...query] };
}

function strictlyDecodable(search: string): boolean {
  try {
    for (const piece of search.slice(1).split('&')) decodeURIComponent(piece.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

const pieces = [
  ...'abcXYZ019-._~!$&()*+,;=:@/?#%[]{}|^`\'"<> \\\t',
  '%2e',
  '%2E',
  '/.',
  '/..',
  '%20',
  '%zz',
  '%C3%A9',
  '%ED%A0%80',
  'é',
  '😀',
  '//',
  '?',
  '=',
  '&',
];
const target = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((parts) => `/${parts.join('')}`);

describe('RequestTarget', () => {
  it('reads the query of any target as new URL(target) does, and its path where the URL parser resolves nothing', () => {
    fc.assert(
      fc.property(target, (raw) => {
        const expected = viaUrl(raw);
        const read = new RequestTarget(raw);
        const path = raw.replace(/[?#][\s\S]*$/, '');
        // The URL parser drops tabs and line breaks before it resolves dot segments ('/\t.' is '/.'): those count too.
        if (!/\/(?:\.|%2e)|\\/i.test(path.replace(/[\t\n\r]/g, ''))) expect(read.pathname).toBe(expected.pathname);
        // Only what the parser would resolve differs: the path as sent, its other characters encoded alike.
        else expect(read.pathname.split(/\/|%5C/i).length).toBe(path.split(/\/|\\/).length);
        expect(read.search).toBe(expected.search);
        expect(read.url.href).toBe(new URL(`http://localhost${raw}`).href);
        if (strictlyDecodable(expected.search)) expect([...read.query]).toEqual(expected.query);
        else expect(() => read.query).toThrow(InvalidQueryError);
      }),
      { numRuns: 3000 },
    );
  });

  it('splits a plain target without a URL, and makes one only when asked', () => {
    const read = new RequestTarget('/v2/groups?id=a%2Cb&mine=true&id=c+d&flag');
    expect(read.pathname).toBe('/v2/groups');
    expect([...read.query]).toEqual([
      ['id', ['a,b', 'c d']],
      ['mine', ['true']],
      ['flag', ['']],
    ]);
    expect(read.url.searchParams.get('mine')).toBe('true');
  });

  it('keeps dot segments and backslashes as sent, encoded or not (the URL parser would resolve them)', () => {
    expect(new RequestTarget('/v2/x/../groups?mine=true').pathname).toBe('/v2/x/../groups');
    expect(new RequestTarget('/v2/x/%2e%2E/groups').pathname).toBe('/v2/x/%2e%2E/groups');
    expect(new RequestTarget('/v2/x/../gr oups?mine=true').pathname).toBe('/v2/x/../gr%20oups');
    expect(new RequestTarget('/v2\\..\\groups').pathname).toBe('/v2%5C..%5Cgroups');
    expect(new RequestTarget('http://elsewhere:8080/v2/../groups?a=1').pathname).toBe('/v2/../groups');
    expect(new RequestTarget('/v2/./groups?').search).toBe('');
    expect(new RequestTarget('//evil.example/v2/groups').pathname).toBe('//evil.example/v2/groups');
  });

  it('names the query pair whose percent-encoding is not UTF-8', () => {
    const read = new RequestTarget('/v2/groups?mine=true&id=%ED%A0%80');
    expect(() => read.query).toThrow(expect.objectContaining({ field: 'id' }));
    expect(() => new RequestTarget('/x?%ZZ=1').query).toThrow(expect.objectContaining({ field: 'query' }));
  });
});

describe('RouteTable.find', () => {
  it('answers as match does, a literal template before any with parameters', () => {
    const table = new RouteTable([
      { method: 'GET', path: '/v1/files/{id}' },
      { method: 'GET', path: '/v1/files/list' },
      { method: 'POST', path: '/v1/files' },
    ]);
    for (const [method, path] of [
      ['GET', '/v1/files/list'],
      ['GET', '/v1/files/abc'],
      ['POST', '/v1/files'],
      ['post', '/v1/files'],
      ['GET', '/v1/files'],
      ['PUT', '/v1/files/list'],
    ] as const) {
      const { params: _params, ...matched } = table.match(method, path) ?? { params: undefined };
      expect(table.find(method, path) ?? {}, `${method} ${path}`).toEqual(matched);
    }
    expect(table.find('GET', '/v1/files/list')?.route.path).toBe('/v1/files/list');
  });
});
