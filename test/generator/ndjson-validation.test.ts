// JSON lines (NDJSON) checked line by line: with validateResponses, each line of a streamed answer against the
// schema of a line (one that breaks it ends the stream with the error line and is reported by its number); a
// request's lines are parsed and validated before the handler, which receives their values; a line that is not
// JSON or breaks the schema is the 400 naming it. On fixtures/media-and-servers, through the generated client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { typeCheckPackages } from '../../generator/typecheck.js';
import { writePackage } from '../support/package-folder.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'media-and-servers', 'openapi.yaml');
let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let client: any;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let server: any;
let running: RunningServer;
const failures: string[] = [];
const imported: unknown[] = [];
let rows: unknown[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ndjson-package-'));
  writePackage(dir, await generatePackage({ key: 'media', spec: SPEC }));
  client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
  server = await import(pathToFileURL(path.join(dir, 'server.ts')).href);
  const handlers = {
    streamRows: async () => ({
      lines: (async function* () {
        yield* rows;
      })(),
    }),
    importRows: async (input: { body: unknown[] }) => {
      imported.push(input.body);
      return { body: input.body.length };
    },
  };
  running = await listenLocal(
    server.createMediaServer(handlers, {
      logger: false,
      validateResponses: true,
      onError: (error: Error) => failures.push(error.message),
    }),
  );
}, 120_000);

afterAll(async () => {
  await running?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a streamed JSON lines answer, with validateResponses', () => {
  it('passes line by line while each line matches the schema of a line', async () => {
    rows = [{ n: 1 }, { n: 2 }];
    const api = new client.MediaClient({ baseUrl: running.baseUrl });
    const got: unknown[] = [];
    for await (const row of api.streamRows({ id: 'r1' })) got.push(row);
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('ends at the first line that breaks it: the lines before are sent, the error names the line', async () => {
    rows = [{ n: 1 }, { n: 2 }, { n: 'three' }, { n: 4 }];
    failures.length = 0;
    const answer = await fetch(`${running.baseUrl}/reports/r1/rows`);
    const lines = (await answer.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, 2)).toEqual([{ n: 1 }, { n: 2 }]);
    // The last line is the service's internal error (problem details here) under `error`, not the bad value nor
    // the rest: a line no value of the stream is mistaken for.
    expect(lines).toHaveLength(3);
    expect(lines[2]).toEqual({ error: expect.objectContaining({ status: 500, title: 'Internal Server Error' }) });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('streamRows: line 3 of answer 200 does not match the spec');
    expect(failures[0]).toContain('must be integer');
  });
});

describe('a JSON lines answer that fails midway, through the generated client', () => {
  it('yields the values before the failure, then throws the typed error of its last line (not one more value)', async () => {
    rows = [{ n: 1 }, { n: 2 }, { n: 'three' }, { n: 4 }];
    const api = new client.MediaClient({ baseUrl: running.baseUrl, maxRetries: 0 });
    const got: unknown[] = [];
    let thrown: unknown;
    try {
      for await (const row of api.streamRows({ id: 'r1' })) got.push(row);
    } catch (error) {
      thrown = error;
    }
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
    expect(thrown).toBeInstanceOf(client.ApiError);
    expect(thrown).toMatchObject({ httpStatus: 500, body: { status: 500, title: 'Internal Server Error' } });
  });
});

describe('a JSON lines request body', () => {
  it('reaches the handler as its values; the generated client sends an array one line each', async () => {
    const api = new client.MediaClient({ baseUrl: running.baseUrl });
    expect(await api.importRows({ id: 'r1', body: [{ n: 1 }, { n: 2 }, { n: 3 }] })).toBe(3);
    expect(imported.at(-1)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    // Text as written (blank lines and a final newline are no values).
    expect(await api.importRows({ id: 'r1', body: '{"n":7}\n\n{"n":8}\n' })).toBe(2);
  });

  it('a line that breaks the schema, or is no JSON, is the 400 naming the line, before the handler', async () => {
    const before = imported.length;
    const post = (body: string) =>
      fetch(`${running.baseUrl}/reports/r1/rows`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body,
      });
    const invalid = await post('{"n":1}\n{"n":"two"}\n{}\n');
    expect(invalid.status).toBe(400);
    const problem = await invalid.json();
    expect(problem.errors).toEqual([
      { field: 'line 2: n', description: 'must be integer' },
      { field: 'line 3: n', description: "must have required property 'n'" },
    ]);
    const broken = await post('{"n":1}\n{"n":\n');
    expect(broken.status).toBe(400);
    expect((await broken.json()).errors[0].field).toBe('line 2');
    expect(imported.length).toBe(before);
    expect(fs.readFileSync(path.join(dir, 'server.ts'), 'utf8')).toContain(
      `export type ImportRowsBody = { contentType: "application/x-ndjson"; body: Array<components['schemas']["Row"]> };`,
    );
  });
});

// Refitter's streaming fixture (github.com/christianhelle/refitter, IAsyncEnumerableResponseTests): a document of
// streams alone, each NDJSON / JSON Lines content described as an array of its lines.
const STREAMS = `openapi: '3.0.0'
info: { title: Streaming API, version: 1.0.0 }
paths:
  /events:
    get:
      operationId: getEvents
      responses:
        '200':
          description: A stream of events
          content:
            application/x-ndjson:
              schema:
                type: array
                items: { type: object, properties: { id: { type: integer, format: int64 }, name: { type: string } } }
  /events/jsonl:
    get:
      operationId: getEventsJsonl
      responses:
        '200':
          description: A stream of events
          content:
            application/jsonl:
              schema:
                type: array
                items: { type: object, properties: { id: { type: integer, format: int64 }, name: { type: string } } }
`;

describe('JSON lines content written as an array of its lines', () => {
  it('each line is checked against the items; a package of streams alone compiles', async () => {
    const spec = path.join(dir, 'streams.yaml');
    fs.writeFileSync(spec, STREAMS);
    const files = await generatePackage({ key: 'streams', spec });
    const errors = typeCheckPackages(new Map([['streams', files]])).get('streams') ?? [];
    expect(errors).toEqual([]);
    const out = path.join(dir, 'streams');
    writePackage(out, files);
    const streams = await import(pathToFileURL(path.join(out, 'server.ts')).href);
    const reported: string[] = [];
    const events = [{ id: 1, name: 'a' }, { id: 'two' }];
    const served = await listenLocal(
      streams.createStreamsServer(
        {
          getEvents: async () => ({
            lines: (async function* () {
              yield* events.slice(0, 1);
            })(),
          }),
          getEventsJsonl: async () => ({
            lines: (async function* () {
              yield* events;
            })(),
          }),
        },
        { logger: false, validateResponses: true, onError: (e: Error) => reported.push(e.message) },
      ),
    );
    try {
      expect(await (await fetch(`${served.baseUrl}/events`)).text()).toBe('{"id":1,"name":"a"}\n');
      const text = await (await fetch(`${served.baseUrl}/events/jsonl`)).text();
      expect(text.split('\n')[0]).toBe('{"id":1,"name":"a"}');
      expect(reported).toHaveLength(1);
      expect(reported[0]).toContain('getEventsJsonl: line 2 of answer 200 does not match the spec');
    } finally {
      await served.close();
    }
  }, 120_000);
});
