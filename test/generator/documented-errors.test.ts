// A spec without x-error-style: its own error responses are the errors. The generated server has one helper per
// error response of an operation (a status, a range, default), typed from its schema and answered in its media
// type; the generated client's `<Operation>Error` types each by its HTTP statuses and body.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { compileProblems } from '../support/compile-problems.js';
import { writePackage } from '../support/package-folder.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'foreign-features', 'openapi.yaml');
let dir: string;
let server: RunningServer;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let client: any;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let pkg: any;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'documented-errors-'));
  writePackage(dir, await generatePackage({ key: 'features', spec: SPEC }));
  pkg = await import(pathToFileURL(path.join(dir, 'server.ts')).href);
  client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
  const e = pkg.getNoteErrors;
  server = await listenLocal(
    pkg.createFeaturesServer(
      {
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        getNote: async (input: any) => {
          const id = input.path.id;
          if (id === 'missing') return e.status404({ title: 'Not Found', status: 404, detail: 'no note missing' });
          if (id === 'teapot') throw e.status4XX(418, { code: 7, message: 'short and stout' });
          if (id === 'down') return e.default(503, 'come back later');
          return { body: { id, text: 'hello' } };
        },
      },
      { logger: false, validateResponses: true },
    ),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { httpStatus: number; body: unknown }) => ({ status: error.httpStatus, body: error.body }),
  );

describe("an operation's own error responses", () => {
  it('each helper answers its status, media type and body; the client reads them back', async () => {
    const api = new client.FeaturesClient({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });
    expect(await api.getNote({ id: 'n1' })).toEqual({ id: 'n1', text: 'hello' });
    expect(await failure(api.getNote({ id: 'missing' }))).toEqual({
      status: 404,
      body: { title: 'Not Found', status: 404, detail: 'no note missing' },
    });
    expect(await failure(api.getNote({ id: 'teapot' }))).toEqual({
      status: 418,
      body: { code: 7, message: 'short and stout' },
    });
    expect(await failure(api.getNote({ id: 'down' }))).toEqual({ status: 503, body: 'come back later' });
  });

  it('goes out in the media type the response documents', async () => {
    const headers = { cookie: 'session_key=k' };
    const missing = await fetch(`${server.baseUrl}/notes/missing`, { headers });
    const down = await fetch(`${server.baseUrl}/notes/down`, { headers });
    expect([missing.headers.get('content-type'), down.headers.get('content-type')]).toEqual([
      'application/problem+json',
      'text/plain',
    ]);
    expect(await down.text()).toBe('come back later');
  });

  it('is typed: bodies by their schema, statuses by the range less the exact ones, narrowed on httpStatus', () => {
    const probe = path.join(dir, 'probe.ts');
    fs.writeFileSync(
      probe,
      [
        `import { getNoteErrors } from './server.js';`,
        `import type { GetNoteError } from './client.js';`,
        `getNoteErrors.status404({ title: 'Not Found', status: 404 });`,
        `// @ts-expect-error the 404 body's schema requires a title`,
        `getNoteErrors.status404({ status: 404 });`,
        `getNoteErrors.status4XX(418, { code: 7, message: 'm' });`,
        `// @ts-expect-error 404 has its own response: not part of the range's helper`,
        `getNoteErrors.status4XX(404, { code: 7, message: 'm' });`,
        `// @ts-expect-error 500 is not in 4XX`,
        `getNoteErrors.status4XX(500, { code: 7, message: 'm' });`,
        `getNoteErrors.default(503, 'text');`,
        `export function title(error: GetNoteError): string {`,
        `  if (error.httpStatus === 404) return error.body.title;`,
        `  if (error.httpStatus === 418) return String(error.body);`,
        `  return '';`,
        `}`,
        `export function code(error: GetNoteError): number | undefined {`,
        `  // @ts-expect-error before narrowing, the body may be text`,
        `  return error.body.code;`,
        `}`,
        '',
      ].join('\n'),
    );
    expect(compileProblems([probe])).toEqual([]);
  }, 120_000);
});
