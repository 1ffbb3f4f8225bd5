// Security requirements that AND schemes (Supabase's `{APIKeyAuth, UserAuth}`: an API key header with a bearer
// token) and alternatives that OR them: the generated client sends every credential of the first alternative
// whose credentials it holds all of, and the generated server admits the request; an alternative the client
// holds only part of is not sent half. An API key named Authorization ANDed with an http scheme (Azure's container
// registry: basic and such a key) shares that one header: the http scheme's value is both credentials, as Prism 5.14
// reads it (curl: `Authorization: Basic ...` 200, the key alone 401).
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const operation = (operationId: string, security: Array<Record<string, string[]>>) => ({
  get: { operationId, security, responses: answer },
});
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'combos', version: '1' },
  paths: {
    '/key-and-bearer': operation('keyAndBearer', [{ KeyHeader: [], Bearer: [] }]),
    '/basic-or-key-and-bearer': operation('basicOrKeyAndBearer', [{ Basic: [] }, { KeyQuery: [], Bearer: [] }]),
    '/two-keys': operation('twoKeys', [{ KeyHeader: [], KeyQuery: [] }]),
    '/bearer-or-key': operation('bearerOrKey', [{ Bearer: [] }, { KeyHeader: [] }]),
    '/key-and-cookie-or-none': operation('keyAndCookieOrNone', [{ KeyHeader: [], KeyCookie: [] }, {}]),
    '/header-key-or-query-key': operation('headerKeyOrQueryKey', [{ KeyHeader: [] }, { KeyQuery: [] }]),
  },
  components: {
    securitySchemes: {
      KeyHeader: { type: 'apiKey', in: 'header', name: 'apikey' },
      KeyQuery: { type: 'apiKey', in: 'query', name: 'key' },
      KeyCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      Bearer: { type: 'http', scheme: 'bearer' },
      Basic: { type: 'http', scheme: 'basic' },
    },
  },
};

type Input = { credentials: { schemes?: Record<string, string> } };

const served = servedPackage('combos', DOCUMENT, () => {
  const echo = (input: Input) => ({ status: 200, body: { schemes: input.credentials.schemes ?? {} } });
  const handlers = Object.fromEntries(
    ['keyAndBearer', 'basicOrKeyAndBearer', 'twoKeys', 'bearerOrKey', 'keyAndCookieOrNone', 'headerKeyOrQueryKey'].map(
      (id) => [id, echo],
    ),
  );
  return handlers;
});

// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
const client = (options: Record<string, unknown>): any =>
  new served.pkg.client.CombosClient({ baseUrl: served.baseUrl, maxRetries: 0, ...options });
const schemesOf = async (call: Promise<{ schemes: Record<string, string> }>) =>
  Object.keys((await call).schemes).sort();

describe('a requirement that ANDs schemes', () => {
  it('an API key header with a bearer token: both are sent', async () => {
    const c = client({ apiKey: 'k1', bearerToken: 't1' });
    expect(await schemesOf(c.keyAndBearer())).toEqual(['Bearer', 'KeyHeader']);
  });

  it('the key by scheme name or by its header name', async () => {
    expect(await schemesOf(client({ apiKeys: { KeyHeader: 'k1' }, bearerToken: 't' }).keyAndBearer())).toEqual([
      'Bearer',
      'KeyHeader',
    ]);
    expect(await schemesOf(client({ apiKeys: { apikey: 'k1' }, bearerToken: 't' }).keyAndBearer())).toEqual([
      'Bearer',
      'KeyHeader',
    ]);
  });

  it('two API keys in different places, each where its scheme says', async () => {
    const c = client({ apiKeys: { KeyHeader: 'h', KeyQuery: 'q' } });
    expect(await schemesOf(c.twoKeys())).toEqual(['KeyHeader', 'KeyQuery']);
  });

  it('an API key header with a cookie key, beside an anonymous alternative', async () => {
    const c = client({ apiKeys: { KeyHeader: 'h', KeyCookie: 'c' } });
    expect(await schemesOf(c.keyAndCookieOrNone())).toEqual(['KeyCookie', 'KeyHeader']);
    expect(await schemesOf(client({}).keyAndCookieOrNone())).toEqual([]);
  });
});

describe('alternatives that OR requirements', () => {
  it('the first alternative the client holds every credential of', async () => {
    expect(await schemesOf(client({ basic: { username: 'u', password: 'p' } }).basicOrKeyAndBearer())).toEqual([
      'Basic',
    ]);
    expect(await schemesOf(client({ apiKey: 'k', bearerToken: 't' }).basicOrKeyAndBearer())).toEqual([
      'Bearer',
      'KeyQuery',
    ]);
  });

  it('one scheme each: whichever credential the client holds', async () => {
    expect(await schemesOf(client({ bearerToken: 't' }).bearerOrKey())).toEqual(['Bearer']);
    expect(await schemesOf(client({ apiKey: 'k' }).bearerOrKey())).toEqual(['KeyHeader']);
  });

  it('two API keys offered instead of each other, both held: one is sent (two different keys are refused as conflicting)', async () => {
    const keys = { KeyQuery: 'q', KeyHeader: 'h' };
    expect(await schemesOf(client({ apiKeys: keys }).headerKeyOrQueryKey())).toEqual(['KeyHeader']);
    expect(await schemesOf(client({ apiKeys: keys, apiKeyIn: 'query' }).headerKeyOrQueryKey())).toEqual(['KeyQuery']);
    expect(await schemesOf(client({ apiKeys: { KeyQuery: 'q' } }).headerKeyOrQueryKey())).toEqual(['KeyQuery']);
    // The client's apiKey beside a scheme's own key (apacta's header or query key, seed 61): the scheme's alone.
    expect(await schemesOf(client({ apiKey: 'k', apiKeys: { KeyQuery: 'q' } }).headerKeyOrQueryKey())).toEqual([
      'KeyQuery',
    ]);
    expect(await schemesOf(client({ apiKey: 'k', apiKeys: keys }).headerKeyOrQueryKey())).toEqual(['KeyHeader']);
  });

  it('an alternative held only in part is refused by the server, not met', async () => {
    await expect(client({ bearerToken: 't' }).keyAndBearer()).rejects.toMatchObject({ httpStatus: 401 });
  });
});

// A document of its own: a second API key header would change where the client's one `apiKey` goes above.
const AUTHORIZATION_KEY = {
  openapi: '3.1.0',
  info: { title: 'authorization key', version: '1' },
  paths: {
    '/basic-and-key': operation('basicAndKey', [{ Basic: [], AuthorizationKey: [] }]),
    '/key-and-bearer': operation('keyAndBearer', [{ AuthorizationKey: [], Bearer: [] }]),
  },
  components: {
    securitySchemes: {
      AuthorizationKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
      Bearer: { type: 'http', scheme: 'bearer' },
      Basic: { type: 'http', scheme: 'basic' },
    },
  },
};

const sharing = servedPackage('authorization-key', AUTHORIZATION_KEY, () => {
  const echo = (input: Input) => ({ status: 200, body: { schemes: input.credentials.schemes ?? {} } });
  return { basicAndKey: echo, keyAndBearer: echo };
});

describe('an API key named Authorization with an http scheme, together', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
  const client = (options: Record<string, unknown>): any =>
    new sharing.pkg.client.AuthorizationKeyClient({ baseUrl: sharing.baseUrl, maxRetries: 0, ...options });
  const basic = { username: 'u', password: 'p' };

  it("the one header, the http scheme's, is both credentials", async () => {
    const options = { apiKeys: { AuthorizationKey: 'k' }, basic, bearerToken: 't' };
    expect((await client(options).basicAndKey()).schemes).toEqual({ Basic: 'u:p', AuthorizationKey: 'Basic dTpw' });
    expect((await client(options).keyAndBearer()).schemes).toEqual({ Bearer: 't', AuthorizationKey: 'Bearer t' });
  });

  it('met without a key of its own: the header is the key', async () => {
    expect((await client({ basic }).basicAndKey()).schemes).toEqual({ Basic: 'u:p', AuthorizationKey: 'Basic dTpw' });
  });

  it('the key alone meets neither', async () => {
    await expect(client({ apiKeys: { AuthorizationKey: 'k' } }).basicAndKey()).rejects.toMatchObject({
      httpStatus: 401,
    });
  });
});
