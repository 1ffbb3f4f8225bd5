// The generated client on a document in public documents' idioms (fixtures/media-and-servers): the base address is
// one of the spec's servers, picked by index or URL with its variables filled (defaults, enums checked) unless a
// baseUrl is given; answers offered in several media types are asked for by Accept and read by their Content-Type;
// an XML body is sent as its text, with the documented media type; an NDJSON answer streams as typed values on
// both sides (the handler gives an async iterable, the client reads one with `for await`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'media-and-servers', 'openapi.yaml');
let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let client: any;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let server: any;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-servers-package-'));
  writePackage(dir, await generatePackage({ key: 'media', spec: SPEC }));
  client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
  server = await import(pathToFileURL(path.join(dir, 'server.ts')).href);
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A client whose fetch records each request and answers with the given body and content type. */
function recording(options: Record<string, unknown>, answer: { body?: BodyInit; type?: string } = {}) {
  const sent: Sent[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(answer.body ?? '{"id":"r1"}', {
      status: 200,
      headers: { 'content-type': answer.type ?? 'application/json' },
    });
  };
  return { api: new client.MediaClient({ fetch, ...options }), sent };
}

describe("the spec's servers", () => {
  it('without baseUrl, the first server is the base address', async () => {
    const { api, sent } = recording({});
    await api.getReport({ id: 'r1' });
    expect(sent[0]!.url).toBe('https://api.example.test/v1/reports/r1');
  });

  it('a server is picked by index or by its URL as written, its variables from the options or their defaults', async () => {
    const byIndex = recording({ server: 1 });
    await byIndex.api.getReport({ id: 'r1' });
    const byUrl = recording({
      server: 'https://{environment}.example.test/{basePath}',
      serverVariables: { environment: 'sandbox' },
    });
    await byUrl.api.getReport({ id: 'r1' });
    expect([byIndex.sent[0]!.url, byUrl.sent[0]!.url]).toEqual([
      'https://staging.example.test/v1/reports/r1',
      'https://sandbox.example.test/v1/reports/r1',
    ]);
  });

  it('baseUrl wins over the servers', async () => {
    const { api, sent } = recording({ baseUrl: 'http://127.0.0.1:9/x/', server: 1 });
    await api.getReport({ id: 'r1' });
    expect(sent[0]!.url).toBe('http://127.0.0.1:9/x/reports/r1');
  });

  it('a value outside an enum, an unknown server, and a relative server without baseUrl are one clear error each', () => {
    expect(() => recording({ server: 1, serverVariables: { environment: 'prod' } })).toThrow(
      'ClientOptions.serverVariables.environment: "prod" is not one of staging, sandbox',
    );
    expect(() => recording({ server: 7 })).toThrow(
      'ClientOptions.server: the spec has no server 7 (it has 0: https://api.example.test/v1, 1: https://{environment}.example.test/{basePath}, 2: /local)',
    );
    expect(() => recording({ server: '/local' })).toThrow("the spec's server /local is a relative URL");
  });
});

describe("a path's own servers", () => {
  it('the first by default; another picked by index or URL, its variables filled and checked', async () => {
    const urls: string[] = [];
    for (const options of [
      {},
      { operationServers: { archiveReport: 1 } },
      {
        operationServers: { archiveReport: 'https://{region}.archive.example.test/v1' },
        serverVariables: { region: 'us' },
      },
      {
        operationServers: { archiveReport: 1 },
        servers: { 'https://{region}.archive.example.test/v1': 'http://127.0.0.1:9/a' },
      },
    ]) {
      const { api, sent } = recording(options, { body: '' });
      await api.archiveReport({ id: 'r1' });
      urls.push(sent[0]!.url);
    }
    expect(urls).toEqual([
      'https://archive.example.test/v1/reports/r1/archive',
      'https://eu.archive.example.test/v1/reports/r1/archive',
      'https://us.archive.example.test/v1/reports/r1/archive',
      'http://127.0.0.1:9/a/reports/r1/archive',
    ]);
    // The other operations keep the document's server.
    const { api, sent } = recording({ operationServers: { archiveReport: 1 } });
    await api.getReport({ id: 'r1' });
    expect(sent[0]!.url).toBe('https://api.example.test/v1/reports/r1');
  });

  it('an unknown server, and a variable outside its enum, are one clear error each', async () => {
    await expect(recording({ operationServers: { archiveReport: 2 } }).api.archiveReport({ id: 'r1' })).rejects.toThrow(
      'ClientOptions.operationServers.archiveReport: archiveReport has no server 2 (it has 0: https://archive.example.test/v1, 1: https://{region}.archive.example.test/v1)',
    );
    await expect(
      recording({ operationServers: { archiveReport: 1 }, serverVariables: { region: 'mars' } }).api.archiveReport({
        id: 'r1',
      }),
    ).rejects.toThrow('ClientOptions.serverVariables.region: "mars" is not one of eu, us');
  });
});

describe('answers in several media types', () => {
  it('asks for JSON where the operation offers it, and parses it', async () => {
    const { api, sent } = recording({});
    expect(await api.getReport({ id: 'r1' })).toEqual({ id: 'r1' });
    expect(sent[0]!.headers.accept).toBe('application/json');
  });

  it('reads a documented XML or CSV answer by its Content-Type, as text', async () => {
    const xml = '<report><id>r1</id></report>';
    const asked = recording({}, { body: xml, type: 'application/xml; charset=utf-8' });
    expect(await asked.api.getReport({ id: 'r1' }, { headers: { Accept: 'application/xml' } })).toBe(xml);
    expect(asked.sent[0]!.headers.accept).toBe('application/xml');
    const csv = recording({}, { body: 'id\nr1\n', type: 'text/csv' });
    expect(await csv.api.getReport({ id: 'r1' })).toBe('id\nr1\n');
  });

  it('an operation without JSON asks for every documented type and reads bytes as bytes, text as text', async () => {
    const pdf = recording({}, { body: new Uint8Array([37, 80, 68, 70, 0, 255]), type: 'application/pdf' });
    const bytes = await pdf.api.exportReport({ id: 'r1' });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([37, 80, 68, 70, 0, 255]);
    expect(pdf.sent[0]!.headers.accept).toBe('text/csv, application/pdf');
    const csv = recording({}, { body: 'id\nr1\n', type: 'text/csv' });
    expect(await csv.api.exportReport({ id: 'r1' })).toBe('id\nr1\n');
    // Typed as both: the answer's Content-Type decides.
    expect(fs.readFileSync(path.join(dir, 'client.ts'), 'utf8')).toContain(
      'export type ExportReportResult = string | Uint8Array;',
    );
  });

  it('an undocumented media type in a JSON operation is not taken for the answer', async () => {
    const { api } = recording({}, { body: '<html>proxy</html>', type: 'text/html' });
    await expect(api.getReport({ id: 'r1' })).rejects.toThrow('is not JSON');
  });
});

describe('an XML request body', () => {
  it('is sent as its text with the documented media type', async () => {
    const xml = '<report><id>r2</id></report>';
    const { api, sent } = recording({}, { body: xml, type: 'application/xml' });
    expect(await api.createReport({ body: xml })).toBe(xml);
    expect(sent[0]!.body).toBe(xml);
    expect(sent[0]!.headers['content-type']).toBe('application/xml');
  });
});

describe('an NDJSON answer', () => {
  it('streams: the client has each value before the handler makes the next', async () => {
    let next: () => void = () => undefined;
    const asked = () => new Promise<void>((resolve) => (next = resolve));
    async function* rows() {
      yield { n: 1 };
      await asked();
      yield { n: 2 };
      await asked();
      yield { n: 3 };
    }
    const handlers = { streamRows: async () => ({ lines: rows() }) };
    const running = await listenLocal(server.createMediaServer(handlers, { logger: false, validateResponses: true }));
    try {
      const api = new client.MediaClient({ baseUrl: running.baseUrl });
      const got: unknown[] = [];
      const stream = api.streamRows({ id: 'r1' });
      const response = await stream.response();
      for await (const row of stream) {
        got.push(row);
        // The handler waits for this before it makes the next row: the answer cannot have been buffered whole.
        next();
      }
      expect(got).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(response.headers.get('content-type')).toBe('application/x-ndjson');
      expect(fs.readFileSync(path.join(dir, 'client.ts'), 'utf8')).toContain(
        `export type StreamRowsResult = components['schemas']["Row"];`,
      );
    } finally {
      await running.close();
    }
  });
});

describe('an unexploded array in the query', () => {
  it('empty, travels as `types=` and is read back as the empty array (OpenAPI style table)', async () => {
    const handlers = {
      listReports: async (input: { query: { types: string[] } }) => ({ body: input.query.types }),
    };
    const running = await listenLocal(server.createMediaServer(handlers, { logger: false, validateResponses: true }));
    try {
      const sent: string[] = [];
      const fetchAndKeep = (url: string, init: RequestInit) => {
        sent.push(url);
        return fetch(url, init);
      };
      const api = new client.MediaClient({ baseUrl: running.baseUrl, fetch: fetchAndKeep });
      expect(await api.listReports({ types: [] })).toEqual([]);
      expect(await api.listReports({ types: ['daily', 'weekly'] })).toEqual(['daily', 'weekly']);
      expect(sent.map((u) => new URL(u).search)).toEqual(['?types=', '?types=daily%2Cweekly']);
    } finally {
      await running.close();
    }
  });
});

describe('several API keys together', () => {
  it('each scheme named in apiKeys is sent where it says; the server takes the operation only with all of them', async () => {
    const seen: unknown[] = [];
    const handlers = {
      checkKeys: async (input: { credentials: unknown }) => {
        seen.push(input.credentials);
        return { status: 204 };
      },
    };
    const running = await listenLocal(server.createMediaServer(handlers, { logger: false }));
    try {
      const sent: Sent[] = [];
      const fetchAndKeep = (url: string, init: RequestInit) => {
        sent.push({ url, headers: Object.fromEntries(new Headers(init.headers).entries()) });
        return fetch(url, init);
      };
      const keys = { clientId: 'c1', secret: 's 2', tenant: 't3' };
      const api = new client.MediaClient({ baseUrl: running.baseUrl, fetch: fetchAndKeep, apiKeys: keys });
      await api.checkKeys();
      expect(sent[0]!.headers['client-id']).toBe('c1');
      expect(sent[0]!.headers['client-secret']).toBe('s 2');
      expect(new URL(sent[0]!.url).searchParams.get('tenant')).toBe('t3');
      expect(seen).toHaveLength(1);
      // One key short: refused before the handler.
      const partial = new client.MediaClient({
        baseUrl: running.baseUrl,
        apiKeys: { clientId: 'c1', tenant: 't3' },
        maxRetries: 0,
      });
      await expect(partial.checkKeys()).rejects.toMatchObject({ httpStatus: 401 });
      expect(seen).toHaveLength(1);
    } finally {
      await running.close();
    }
  });
});
