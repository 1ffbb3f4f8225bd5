// The per-answer check every rule test ends with (contracts/harness/conformance.ts, over the engine's judge):
// undocumented statuses, content types other than the documented ones, and event streams (framing and each event's
// schema) are violations, each under the engine's check id; a conforming answer is not. The recorder keeps a
// stream's events for that check.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchange, checkExchanges, routeOf } from '../../contracts/harness/conformance.js';
import { Recorder, type Exchange } from '../../contracts/harness/recorder.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

const STREAM_URL = 'http://127.0.0.1:1/v1beta/models/model-pro-1:streamGenerateContent?alt=sse';
const EVENT_1 = '{"candidates": [{"content": {"parts": [{"text": "Once"}], "role": "model"}, "index": 0}]}';
const EVENT_2 =
  '{"candidates": [{"content": {"parts": [{"text": " upon a time."}], "role": "model"}, "finishReason": "STOP", "index": 0}]}';

const stream = (body: string, contentType = 'text/event-stream'): Exchange => ({
  method: 'POST',
  url: STREAM_URL,
  status: 200,
  responseContentType: contentType,
  responseBody: body,
});
const creativeRead = (status: number, contentType: string, body: string): Exchange => ({
  method: 'GET',
  url: 'http://127.0.0.1:1/v20.0/120330000008134415?fields=name',
  status,
  responseContentType: contentType,
  responseBody: body,
});

describe('routeOf: the operation an exchange went to (the runtime route table, after any base path)', () => {
  const idOf = (method: string, url: string) => routeOf('generative', method, url)?.operationId;

  it('finds the route after a base URL path, the most literal template winning', () => {
    expect(idOf('GET', 'http://127.0.0.1:1/some/base/v1beta/files/abc-123')).toBe('getFile');
    expect(idOf('POST', 'http://127.0.0.1:1/upload/v1beta/files?uploadType=multipart')).toBe('uploadFile');
    expect(idOf('POST', 'http://127.0.0.1:1/v1beta/files')).toBe('createFile');
    expect(idOf('POST', 'http://127.0.0.1:1/v1beta/models/model-pro-1:streamGenerateContent?alt=sse')).toBe(
      'streamGenerateContent',
    );
  });

  it('finds none for another method, an empty parameter or a path of no template', () => {
    expect(idOf('PUT', 'http://127.0.0.1:1/v1beta/files/abc')).toBeUndefined();
    expect(idOf('GET', 'http://127.0.0.1:1/v1beta/files/')).toBeUndefined();
    expect(idOf('GET', 'http://127.0.0.1:1/v1beta/files/abc/extra')).toBeUndefined();
  });
});

describe('checkExchange', () => {
  it('accepts a conforming event stream', () => {
    expect(checkExchange('generative', stream(`data: ${EVENT_1}\n\ndata: ${EVENT_2}\n\n`))).toEqual([]);
  });

  it.each([
    ['a [DONE] sentinel', `data: ${EVENT_1}\n\ndata: [DONE]\n\n`, /not JSON.*DONE/],
    ['an event: field', `event: message\ndata: ${EVENT_1}\n\n`, /event: message/],
    ['an id: field', `id: 7\ndata: ${EVENT_1}\n\n`, /id:/],
    ['an event that breaks the declared schema', `data: {"candidates": "not a list"}\n\n`, /declared event schema/],
    ['a stream cut inside an event', `data: ${EVENT_1}\n\ndata: ${EVENT_2}`, /ends inside an event/],
  ])('flags %s', (_what, body, message) => {
    const problems = checkExchange('generative', stream(body));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(message);
    expect(problems.join('\n')).toMatch(/^response_schema_conformance: streamGenerateContent: /);
  });

  it('flags a stream answered with an undocumented content type', () => {
    expect(checkExchange('generative', stream(`data: ${EVENT_1}\n\n`, 'text/plain')).join('\n')).toMatch(
      /^content_type_conformance: streamGenerateContent: text\/plain is not documented for 200 \(documented: text\/event-stream, application\/json\)/,
    );
  });

  it('flags an undocumented HTTP status, even with a well-shaped body', () => {
    const body = JSON.stringify({ error: { message: 'teapot', type: 'OAuthException', code: 100, fbtrace_id: 'A1' } });
    expect(checkExchange('ad-creative', creativeRead(418, 'application/json', body)).join('\n')).toMatch(
      /^status_code_conformance: getAdCreative: 418 is not documented/,
    );
  });

  it('flags a JSON operation answered as text/html', () => {
    expect(
      checkExchange('ad-creative', creativeRead(200, 'text/html; charset=utf-8', '<html></html>')).join('\n'),
    ).toMatch(/^content_type_conformance: getAdCreative: text\/html is not documented for 200/);
  });

  it('accepts a documented JSON answer and flags a body that breaks its schema', () => {
    expect(
      checkExchange(
        'ad-creative',
        creativeRead(200, 'application/json; charset=UTF-8', JSON.stringify({ id: '120330000008134415', name: 'x' })),
      ),
    ).toEqual([]);
    expect(
      checkExchange('ad-creative', creativeRead(200, 'application/json', JSON.stringify({ id: 12 }))).join('\n'),
    ).toMatch(/^response_schema_conformance: getAdCreative: the body at \/id must be string/);
  });
});

describe('the recorder with an event stream', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listenLocal((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // The second event in a write of its own, once the first has been flushed.
      res.write(`data: ${EVENT_1}\n\n`, () => res.end('data: [DONE]\n\n'));
    });
  });
  afterAll(() => server.close());

  it('keeps the events the caller read, and the check judges them', async () => {
    const recorder = new Recorder();
    const response = await recorder.fetch(`${server.baseUrl}/v1beta/models/m:streamGenerateContent?alt=sse`, {
      method: 'POST',
    });
    expect(await response.text()).toContain('[DONE]');
    const violations = await checkExchanges('generative', recorder.exchanges);
    expect(recorder.exchanges[0]!.responseBody).toContain(EVENT_1);
    expect(violations.map((v) => v.message).join('\n')).toMatch(/not JSON.*DONE/);
  });
});
