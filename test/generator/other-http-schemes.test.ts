// An http security scheme other than bearer and basic (Digest, a vendor's signature: PAYONE Link's
// `payone-hmac-sha256`, one scheme per operation) is met by the whole Authorization value the caller gives, an API
// key of the scheme's name (`apiKeys`) or the client's `apiKey`: the generated client sends it, the generated server
// admits the request and hands the value to the handler as `credentials.schemes[<name>]`.
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const answer = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const operation = (operationId: string, scheme: string) => ({
  get: { operationId, security: [{ [scheme]: [] }], responses: answer },
});
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'signed', version: '1' },
  paths: {
    '/links': operation('listLinks', 'ListSignature'),
    '/links/{id}': {
      ...operation('getLink', 'LinkSignature'),
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
    },
    '/digest': operation('digested', 'Digest'),
  },
  components: {
    securitySchemes: {
      ListSignature: { type: 'http', scheme: 'payone-hmac-sha256' },
      LinkSignature: { type: 'http', scheme: 'payone-hmac-sha256' },
      Digest: { type: 'http', scheme: 'digest' },
    },
  },
};

type Input = { credentials: { schemes?: Record<string, string> } };
const echo = (input: Input) => ({ status: 200, body: { schemes: input.credentials.schemes ?? {} } });
const served = servedPackage('signed', DOCUMENT, { listLinks: echo, getLink: echo, digested: echo });

// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
const client = (options: Record<string, unknown>): any =>
  new served.pkg.client.SignedClient({ baseUrl: served.baseUrl, maxRetries: 0, ...options });

describe('an http scheme other than bearer and basic', () => {
  it("sends each operation's scheme the value given by its name", async () => {
    const c = client({
      apiKeys: { ListSignature: 'payone-hmac-sha256 list-mac', LinkSignature: 'payone-hmac-sha256 link-mac' },
    });
    expect(await c.listLinks()).toEqual({ schemes: { ListSignature: 'payone-hmac-sha256 list-mac' } });
    expect(await c.getLink({ id: 'l1' })).toEqual({ schemes: { LinkSignature: 'payone-hmac-sha256 link-mac' } });
  });

  it('sends the client apiKey where the scheme has no key of its own', async () => {
    const c = client({ apiKey: 'Digest username="u", response="r"' });
    expect(await c.digested()).toEqual({ schemes: { Digest: 'Digest username="u", response="r"' } });
  });

  it('is refused by the server without it, as the scheme requires', async () => {
    await expect(client({}).digested()).rejects.toMatchObject({ httpStatus: 401 });
  });
});
