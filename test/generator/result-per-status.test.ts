// An operation that documents several successes (a 200 with the export, a 202 with the job, a 204 with nothing)
// types each with its own body: awaiting gives their union, `.withResponse()` a union discriminated by status,
// and the server's handler may answer each status only with its own body.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { compileProblems } from '../support/compile-problems.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const json = (schema: object) => ({ 'application/json': { schema } });
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'statuses', version: '1' },
  paths: {
    '/exports/{mode}': {
      post: {
        operationId: 'startExport',
        parameters: [{ name: 'mode', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'done',
            content: json({ type: 'object', required: ['url'], properties: { url: { type: 'string' } } }),
          },
          '202': {
            description: 'started',
            content: json({ type: 'object', required: ['jobId'], properties: { jobId: { type: 'integer' } } }),
          },
          '204': { description: 'nothing to export' },
          default: {
            description: 'error',
            content: json({ type: 'object', properties: { message: { type: 'string' } } }),
          },
        },
      },
    },
    '/status': {
      get: {
        operationId: 'getStatus',
        responses: {
          default: {
            description: 'the status, or an error',
            content: json({ type: 'object', required: ['up'], properties: { up: { type: 'boolean' } } }),
          },
        },
      },
    },
  },
};

let pkg: InlinePackage;
let server: RunningServer;

beforeAll(async () => {
  pkg = await inlinePackage('statuses', DOCUMENT);
  const handlers = {
    startExport: (input: { path: { mode: string } }) =>
      input.path.mode === 'now'
        ? { status: 200, body: { url: 'https://x.example/e.csv' } }
        : input.path.mode === 'later'
          ? { status: 202, body: { jobId: 7 } }
          : { status: 204 },
    getStatus: () => ({ status: 200, body: { up: true } }),
  };
  server = await listenLocal(pkg.server.createStatusesServer(handlers, { logger: false }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  pkg?.remove();
});

describe('results typed per status', () => {
  it('a body of the wrong status does not compile, in the client or in a handler', () => {
    const probe = path.join(pkg.dir, 'probe.ts');
    fs.writeFileSync(
      probe,
      [
        `import { StatusesClient, type StartExportResponse, type StartExportResult } from './client.js';`,
        `import type { StartExportReply, StatusesHandlers } from './server.js';`,
        `export async function read(client: StatusesClient) {`,
        `  const result: StartExportResult = await client.startExport({ mode: 'now' });`,
        `  // @ts-expect-error the 202 and 204 answers have no url: the result is not the first success alone`,
        `  const url: string = result.url;`,
        `  const answer: StartExportResponse = await client.startExport({ mode: 'later' }).withResponse();`,
        `  if (answer.status === 202) {`,
        `    const job: number = answer.data.jobId;`,
        `    // @ts-expect-error a 202 carries the job, not the url`,
        `    answer.data.url;`,
        `    return job;`,
        `  }`,
        `  if (answer.status === 200) return answer.data.url;`,
        `  const none: undefined = answer.data;`,
        `  return [url, none];`,
        `}`,
        `// An operation that documents only default: a success is default's body, not void.`,
        `export const up = async (client: StatusesClient): Promise<boolean> => (await client.getStatus()).up;`,
        `export const handlers: StatusesHandlers = {`,
        `  startExport: async (input) => {`,
        `    if (input.path.mode === 'now') return { status: 200, body: { url: 'u' } };`,
        `    // @ts-expect-error a 202 answers the job, not the url`,
        `    const wrong: StartExportReply = { status: 202, body: { url: 'u' } };`,
        `    return input.path.mode === 'bad' ? wrong : { status: 202, body: { jobId: 1 } };`,
        `  },`,
        `  getStatus: async () => ({ status: 200, body: { up: true } }),`,
        `};`,
        '',
      ].join('\n'),
    );
    expect(compileProblems([probe])).toEqual([]);
  }, 120_000);

  it('each status arrives with its own body at run time', async () => {
    const client = new pkg.client.StatusesClient({ baseUrl: server.baseUrl, maxRetries: 0 });
    expect(await client.startExport({ mode: 'now' }).withResponse()).toMatchObject({
      status: 200,
      data: { url: 'https://x.example/e.csv' },
    });
    expect(await client.startExport({ mode: 'later' }).withResponse()).toMatchObject({
      status: 202,
      data: { jobId: 7 },
    });
    const none = await client.startExport({ mode: 'none' }).withResponse();
    expect(none.status).toBe(204);
    expect(none.data).toBeUndefined();
    expect(await client.getStatus()).toEqual({ up: true });
  });
});
