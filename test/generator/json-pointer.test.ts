// The one JSON-pointer module (templates/runtime/server/json-pointer.ts, the model's too): tokens escape and
// unescape in RFC 6901's order, `$ref` fragments are percent-decoded per token, and following a pointer never
// reaches a prototype, so neither the generator nor a generated server's callback URLs read `constructor`.
import { describe, expect, it } from 'vitest';
import {
  childPointer,
  escapeToken,
  followPointer,
  fragmentTokens,
  pointerOf,
  tokensOf,
  unescapeToken,
} from '../../generator/model/index.js';
import { callbackUrl } from '../../templates/runtime/server/callback-url.js';

describe('JSON pointers', () => {
  it('escape ~ before / and unescape ~1 before ~0, so ~01 stays ~1 (RFC 6901 section 4)', () => {
    expect(escapeToken('a/b~c')).toBe('a~1b~0c');
    expect(unescapeToken('~01')).toBe('~1');
    expect(unescapeToken('a~1b~0c')).toBe('a/b~c');
    for (const key of ['', '~', '/', '~1', '~0/~1', 'a b', '%2F']) expect(unescapeToken(escapeToken(key))).toBe(key);
  });

  it('make pointers from keys and keys from pointers', () => {
    expect(pointerOf(['paths', '/pets/{id}', 'get'])).toBe('/paths/~1pets~1{id}/get');
    expect(childPointer('#/components', 'schemas', 'a/b', 0)).toBe('#/components/schemas/a~1b/0');
    expect(tokensOf('')).toEqual([]);
    expect(tokensOf('/paths/~1pets~1{id}/get')).toEqual(['paths', '/pets/{id}', 'get']);
  });

  it('read a $ref fragment percent-decoded token by token, then unescaped (RFC 6901 section 6)', () => {
    expect(fragmentTokens('#/components/schemas/a~1b%20c')).toEqual(['components', 'schemas', 'a/b c']);
    expect(fragmentTokens('#/a%2Fb')).toEqual(['a/b']);
    // Percent-decoding comes first: %7E1 is the pointer token ~1, which names the key /.
    expect(fragmentTokens('#/%7E1')).toEqual(['/']);
    expect(fragmentTokens('#')).toEqual([]);
  });

  it('follow own properties and array indexes only', () => {
    const document = { a: { 'b/c': [10, { d: 'found' }] } };
    expect(followPointer(document, '/a/b~1c/1/d')).toBe('found');
    expect(followPointer(document, ['a', 'b/c', '0'])).toBe(10);
    expect(followPointer(document, '/a/missing')).toBeUndefined();
    for (const inherited of ['/constructor', '/__proto__', '/a/toString', '/a/b~1c/length/constructor'])
      expect(followPointer(document, inherited), inherited).toBeUndefined();
  });

  it("keep a generated server's callback URL off the prototype of the subscriber's body", () => {
    const input = {
      url: new URL('http://api.test/subscribe'),
      path: {},
      query: {},
      headers: {},
      body: { hook: 'https://client.test/hook' },
      request: { method: 'POST' },
    } as unknown as Parameters<typeof callbackUrl>[1];
    expect(callbackUrl('{$request.body#/hook}', input)).toBe('https://client.test/hook');
    expect(callbackUrl('{$request.body#/constructor}', input)).toBe('');
    expect(callbackUrl('{$request.body#/hook/constructor}', input)).toBe('');
  });
});
