// An operation that documents a redirect as its answer and no success (lgtm's `getSnapshot`: 303 and the Location
// of a download): the generated client answers the redirect instead of following it, its Location in
// `.withResponse()`, no data; before, it followed the redirect and read the download as the operation's answer (an
// ApiError: "not JSON"). An operation that documents a success beside a redirect is followed, as fetch does.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { servedPackage } from '../support/served-package.js';

const location = { Location: { schema: { type: 'string', format: 'uri' } } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'snapshots', version: '1' },
  paths: {
    '/snapshots/{id}': {
      get: {
        operationId: 'getSnapshot',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '303': { description: 'the download', headers: location } },
      },
    },
    '/files/{id}': {
      get: {
        operationId: 'getFile',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'the file',
            content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
          },
          '302': { description: 'moved', headers: location },
        },
      },
    },
  },
};

// Where the redirects lead: it answers JSON, and counts the requests it got.
let target: RunningServer;
let reached = 0;
beforeAll(async () => {
  target = await listenLocal((_req: http.IncomingMessage, res: http.ServerResponse) => {
    reached++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'moved.bin' }));
  });
});
afterAll(() => target?.close());

const served = servedPackage('snapshots', DOCUMENT, {
  getSnapshot: async () => ({ status: 303, headers: { location: `${target.baseUrl}/download` } }),
  getFile: async () => ({ status: 302, headers: { location: `${target.baseUrl}/moved` } }),
});

// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
const client = (): any => new served.pkg.client.SnapshotsClient({ baseUrl: served.baseUrl, maxRetries: 0 });

describe('a redirect the operation documents', () => {
  it('is the answer where the operation documents no success: not followed, its Location given', async () => {
    const before = reached;
    const answer = await client().getSnapshot({ id: 's1' }).withResponse();
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${target.baseUrl}/download`);
    expect(answer.data).toBeUndefined();
    expect(reached).toBe(before);
  });

  it('is followed where the operation documents a success beside it', async () => {
    const before = reached;
    expect(await client().getFile({ id: 'f1' })).toEqual({ name: 'moved.bin' });
    expect(reached).toBe(before + 1);
  });
});
