// An API key that travels in the Authorization header, offered instead of an http bearer or basic scheme (PagerDuty's
// `Token token=<key>` beside `Bearer <token>`): one header, read by both schemes. The server takes a Bearer or Basic
// value as that scheme's credential, anything else as the key, and sees no conflict between the two readings.
import http from 'node:http';
import { expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'shared header', version: '1' },
  components: {
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
      basicAuth: { type: 'http', scheme: 'basic' },
    },
  },
  security: [{ apiKey: [] }, { bearerAuth: [] }, { basicAuth: [] }],
  paths: {
    '/who': {
      get: {
        operationId: 'who',
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
};

const served = servedPackage('shared', DOCUMENT, () => {
  const handlers = { who: async (input: { credentials: unknown }) => ({ status: 200, body: input.credentials }) };
  return handlers;
});

function get(authorization: string): Promise<{ status: number; body: { schemes?: Record<string, string> } }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${served.baseUrl}/who`, { headers: { authorization } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      })
      .on('error', reject);
  });
}

it('reads a Bearer value as the bearer scheme’s token, not as a conflicting key', async () => {
  const answer = await get('Bearer t0k');
  expect(answer.status).toBe(200);
  expect(answer.body.schemes).toEqual({ bearerAuth: 't0k' });
});

it('reads a Basic value as the basic scheme’s credential', async () => {
  const answer = await get(`Basic ${Buffer.from('user:pw').toString('base64')}`);
  expect(answer.status).toBe(200);
  expect(answer.body.schemes).toEqual({ basicAuth: 'user:pw' });
});

it('reads any other value as the key', async () => {
  const answer = await get('Token token=k3y');
  expect(answer.status).toBe(200);
  expect(answer.body.schemes).toEqual({ apiKey: 'Token token=k3y' });
});

it('is called through the generated client with a bearer token or with the key', async () => {
  const Client = served.pkg.client.SharedClient;
  const bearer = await new Client({ baseUrl: served.baseUrl, bearerToken: 't0k', maxRetries: 0 }).who();
  expect(bearer.schemes).toEqual({ bearerAuth: 't0k' });
  const key = await new Client({ baseUrl: served.baseUrl, apiKey: 'Token token=k3y', maxRetries: 0 }).who();
  expect(key.schemes).toEqual({ apiKey: 'Token token=k3y' });
  const both = await new Client({
    baseUrl: served.baseUrl,
    apiKey: 'Token token=k3y',
    bearerToken: 't0k',
    maxRetries: 0,
  }).who();
  expect(Object.keys(both.schemes)).toHaveLength(1);
});
