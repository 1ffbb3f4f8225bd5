// The generated server chooses an answer's media type by the request's Accept among those the spec documents
// (q-values, wildcards, `+json`), where the handler names none; the handler reads the choice as `input.answerType`;
// an Accept that takes none of the documented success types is refused with 406 before the handler runs. Text
// media request bodies (XML, CSV) reach the handler as text, under the body limit. On the media fixture and on
// the corpus's Train Travel API (JSON or XML answers and bodies, problem+json errors), through the generated client.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { specPackage } from '../support/inline-package.js';
import { TRAIN_TRAVEL } from './corpus.js';
import { preferredType } from '../../templates/runtime/server/negotiation.js';

const MEDIA = path.join(import.meta.dirname, 'fixtures', 'media-and-servers', 'openapi.yaml');
const TRAIN = TRAIN_TRAVEL;
let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the packages are generated at run time
const pkg: Record<string, { client: any; server: any }> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'negotiation-package-'));
  for (const [key, spec] of [
    ['media', MEDIA],
    ['train', TRAIN],
  ] as const) {
    pkg[key] = await specPackage(key, spec, dir);
  }
}, 240_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('preferredType', () => {
  const offered = ['application/json', 'application/xml', 'text/csv'];
  it.each([
    [undefined, 'application/json'],
    ['*/*', 'application/json'],
    ['application/xml', 'application/xml'],
    ['text/csv;q=0.5, application/xml;q=0.9', 'application/xml'],
    ['text/*', 'text/csv'],
    ['text/*;q=0.2, */*;q=0.1', 'text/csv'],
    ['application/xml;q=0, */*', 'application/json'],
    ['application/vnd.github+json', 'application/json'],
    ['APPLICATION/XML', 'application/xml'],
    ['text/html', undefined],
    ['application/json;q=0', undefined],
    ['garbage', 'application/json'],
  ])('Accept %s -> %s', (accept, chosen) => {
    expect(preferredType(accept, offered)).toBe(chosen);
  });

  it('application/json takes a +json type, and one +json type does not take another', () => {
    expect(preferredType('application/json', ['application/problem+json'])).toBe('application/problem+json');
    expect(preferredType('application/vnd.a+json', ['application/vnd.b+json'])).toBeUndefined();
    // An exact name beats a suffix match of higher documented rank.
    expect(preferredType('application/problem+json', ['application/json', 'application/problem+json'])).toBe(
      'application/problem+json',
    );
  });
});

/** Serves the media fixture with the handlers; calls run against it. */
async function serveMedia(handlers: Record<string, unknown>, options: Record<string, unknown> = {}) {
  return listenLocal(
    pkg.media!.server.createMediaServer(handlers, { logger: false, validateResponses: true, ...options }),
  );
}

const XML = '<report><id>r1</id></report>';
const CSV = 'id\nr1\n';

describe('the answer of an operation documented as JSON, XML and CSV', () => {
  let running: RunningServer;
  const called: string[] = [];
  beforeAll(async () => {
    running = await serveMedia({
      getReport: async (input: { answerType: string; path: { id: string } }) => {
        called.push(input.answerType);
        if (input.answerType === 'application/xml') return { body: XML };
        if (input.answerType === 'text/csv') return { body: CSV };
        return { body: { id: input.path.id } };
      },
      listReports: async () => ({ body: [] }),
      exportReport: async (input: { answerType: string }) => ({
        body: input.answerType === 'application/pdf' ? new Uint8Array([37, 80, 68, 70]) : CSV,
      }),
      createReport: async (input: { body: string; contentType: string }) => ({ status: 201, body: input.body }),
    });
  });
  afterAll(() => running.close());

  const get = async (accept?: string, url = '/reports/r1') => {
    const response = await fetch(running.baseUrl + url, { headers: accept === undefined ? {} : { accept } });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('is JSON without Accept or with */*, in the type Accept prefers otherwise', async () => {
    expect(await get()).toEqual({ status: 200, type: 'application/json; charset=UTF-8', text: '{"id":"r1"}' });
    expect((await get('*/*')).type).toBe('application/json; charset=UTF-8');
    expect(await get('application/xml')).toEqual({ status: 200, type: 'application/xml; charset=UTF-8', text: XML });
    expect(await get('text/csv;q=0.4, application/xml;q=0.3')).toEqual({
      status: 200,
      type: 'text/csv; charset=UTF-8',
      text: CSV,
    });
    expect((await get('text/*')).type).toBe('text/csv; charset=UTF-8');
  });

  it('an Accept that takes none of the documented types is 406 in the problem shape, before the handler', async () => {
    const before = called.length;
    const refused = await get('text/html');
    expect(refused.status).toBe(406);
    expect(refused.type).toBe('application/problem+json');
    expect(JSON.parse(refused.text)).toMatchObject({ status: 406, title: 'Not Acceptable' });
    expect(JSON.parse(refused.text).detail).toContain('application/json, application/xml, text/csv');
    expect(called.length).toBe(before);
    // An operation whose answers are JSON alone refuses XML too, and takes JSON, */* and a +json type.
    expect((await get('application/xml', '/reports?types=daily')).status).toBe(406);
    for (const accept of ['application/json', '*/*', 'application/vnd.example+json', 'application/*'])
      expect((await get(accept, '/reports?types=daily')).status).toBe(200);
  });

  it("with notAcceptable: 'disregard', such an Accept gets the answer a request without Accept gets", async () => {
    const lenient = await serveMedia(
      { getReport: async () => ({ body: { id: 'r1' } }), listReports: async () => ({ body: [] }) },
      { notAcceptable: 'disregard' },
    );
    try {
      const answer = await fetch(`${lenient.baseUrl}/reports/r1`, { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=UTF-8');
      expect(await answer.json()).toEqual({ id: 'r1' });
      const list = await fetch(`${lenient.baseUrl}/reports?types=daily`, { headers: { accept: 'application/xml' } });
      expect(list.status).toBe(200);
    } finally {
      await lenient.close();
    }
  });

  it('text and bytes go out in the non-JSON type the handler chose by answerType', async () => {
    const pdf = await fetch(`${running.baseUrl}/reports/r1/export`, { headers: { accept: 'application/pdf' } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect([...new Uint8Array(await pdf.arrayBuffer())]).toEqual([37, 80, 68, 70]);
    const csv = await fetch(`${running.baseUrl}/reports/r1/export`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=UTF-8');
  });

  it('through the generated client: JSON by default, XML and CSV when the call asks', async () => {
    const api = new pkg.media!.client.MediaClient({ baseUrl: running.baseUrl });
    expect(await api.getReport({ id: 'r1' })).toEqual({ id: 'r1' });
    expect(await api.getReport({ id: 'r1' }, { headers: { Accept: 'application/xml' } })).toBe(XML);
    expect(await api.getReport({ id: 'r1' }, { headers: { Accept: 'text/csv' } })).toBe(CSV);
    await expect(api.getReport({ id: 'r1' }, { headers: { Accept: 'image/png' } })).rejects.toMatchObject({
      httpStatus: 406,
    });
    // The client asks for both documented types of an operation without JSON; bytes come back as bytes.
    expect(await api.exportReport({ id: 'r1' })).toBe(CSV);
    const bytes = await api.exportReport({ id: 'r1' }, { headers: { Accept: 'application/pdf' } });
    expect([...bytes]).toEqual([37, 80, 68, 70]);
  });

  it('an XML request body reaches the handler as its text, and the XML answer is read into its value', async () => {
    const api = new pkg.media!.client.MediaClient({ baseUrl: running.baseUrl });
    const xml = '<report><id>r2</id><title>Büro ✓</title></report>';
    // The client reads an XML answer of an object schema into its value (xml-client-answers.test.ts).
    expect(await api.createReport({ body: xml })).toEqual({ id: 'r2', title: 'Büro ✓' });
    const server = fs.readFileSync(path.join(dir, 'media', 'server.ts'), 'utf8');
    // The text as body, and the report its elements stand for as bodyValue (xml-request-bodies.test.ts).
    expect(server).toContain(
      `export type CreateReportBody = { contentType: "application/xml"; body: string; bodyValue: NonNullable<operations["createReport"]['requestBody']>['content']["application/xml"] };`,
    );
    expect(server).toContain('kind: "text"');
  });
});

describe('a text request body', () => {
  let running: RunningServer;
  const seen: unknown[] = [];
  beforeAll(async () => {
    running = await serveMedia(
      {
        createReport: async (input: { body: unknown }) => {
          seen.push(input.body);
          return { status: 201, body: String(input.body) };
        },
      },
      { maxBodyBytes: 64 },
    );
  });
  afterAll(() => running.close());

  const post = (body: Uint8Array<ArrayBuffer> | string, type = 'application/xml') =>
    fetch(`${running.baseUrl}/reports`, { method: 'POST', headers: { 'content-type': type }, body });

  it('over the body limit is refused 413 by its Content-Length, and also when it streams without one', async () => {
    const big = await post('<a>'.padEnd(1000, 'x'));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ status: 413 });
    // Chunked: no Content-Length to refuse by, refused as its bytes pass the limit.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${running.baseUrl}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/xml', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('<a>xxxxxxxxxxxxxxxxxxxxxxx</a>');
      req.end();
    });
    expect(status).toBe(413);
    expect(seen).toEqual([]);
  });

  it('is decoded in the charset it names; bytes that are not text in it are 400', async () => {
    // A report (the body's schema) whose id is `é` in ISO-8859-1: one byte, 0xe9.
    const latin1 = Buffer.from('<report><id>é</id></report>', 'latin1');
    expect(await (await post(new Uint8Array(latin1), 'application/xml; charset=iso-8859-1')).text()).toBe(
      '<report><id>é</id></report>',
    );
    const bad = await post(new Uint8Array([0x3c, 0x61, 0x3e, 0xff]));
    expect(bad.status).toBe(400);
    const unknown = await post('<a/>', 'application/xml; charset=x-nothing');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors[0].description).toContain('x-nothing');
  });
});

describe('Train Travel (corpus): JSON or XML bookings, problem+json errors', () => {
  let running: RunningServer;
  const bodies: Array<{ contentType: string; body: unknown }> = [];
  const booking = {
    id: 'efdbb9d1-02c2-4bc3-afb7-6788d8782b1e',
    trip_id: 'efdbb9d1-02c2-4bc3-afb7-6788d8782b1e',
    passenger_name: 'John Doe',
    has_bicycle: true,
    has_dog: false,
  };
  const bookingXml = `<booking><id>${booking.id}</id><passenger_name>John Doe</passenger_name></booking>`;
  beforeAll(async () => {
    const handlers = {
      createBooking: async (input: { contentType: string; body: unknown; answerType: string }) => {
        bodies.push({ contentType: input.contentType, body: input.body });
        return input.answerType === 'application/xml'
          ? { status: 201, body: bookingXml }
          : { status: 201, body: booking };
      },
    };
    running = await listenLocal(
      pkg.train!.server.createTrainServer(handlers, { logger: false, validateResponses: true }),
    );
  });
  afterAll(() => running.close());

  it('an XML body reaches the handler as text; the answer is XML or JSON as Accept asks', async () => {
    const api = new pkg.train!.client.TrainClient({ baseUrl: running.baseUrl, bearerToken: 't' });
    expect(await api.createBooking({ body: booking })).toEqual(booking);
    const sent = await fetch(`${running.baseUrl}/bookings`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/xml', accept: 'application/xml' },
      body: bookingXml,
    });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('content-type')).toBe('application/xml; charset=UTF-8');
    expect(await sent.text()).toBe(bookingXml);
    expect(bodies.at(-1)).toEqual({ contentType: 'application/xml', body: bookingXml });
  });

  it('an Accept it cannot answer is 406 in problem details', async () => {
    const api = new pkg.train!.client.TrainClient({ baseUrl: running.baseUrl, bearerToken: 't', maxRetries: 0 });
    const error = await api
      .createBooking({ body: booking }, { headers: { Accept: 'text/html' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 406 });
  });
});
