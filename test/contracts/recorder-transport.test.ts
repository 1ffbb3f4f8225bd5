// The recorder is the suite's transport to a target it does not trust: credentials stay with the configured
// origins (redirects elsewhere are not followed, a request the target sends elsewhere leaves without them),
// answers are read within a byte limit, and streams stop when the recorder's signal aborts.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLarge, copyEventStream } from '../../contracts/harness/answer-body.js';
import { originsOf } from '../../contracts/harness/credential-guard.js';
import { Recorder } from '../../contracts/harness/recorder.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

const KEY = 'k3y/with+plus=and-more';
const TOKEN = 'tok_9f8e7d6c5b4a';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** Resolves with the number of bytes the answer had written when the client side closed it. */
function endless(res: http.ServerResponse, contentType: string, chunk: Buffer, limit = 1 << 30): Promise<number> {
  let sent = 0;
  res.writeHead(200, { 'content-type': contentType });
  const pump = () => {
    while (!res.destroyed && sent < limit) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (sent >= limit) res.end();
  };
  pump();
  return new Promise((resolve) => res.on('close', () => resolve(sent)));
}

describe('the recorder against a hostile target', () => {
  let target: RunningServer;
  let other: RunningServer;
  const seenByOther: Seen[] = [];
  const closed = new Map<string, Promise<number>>();
  let recorder: Recorder;
  let ended: AbortController;

  beforeAll(async () => {
    other = await listenLocal((req, res) => {
      seenByOther.push({ url: req.url!, headers: req.headers });
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    target = await listenLocal((req, res) => {
      req.resume();
      const path = req.url!.split('?')[0]!;
      if (path === '/away') return void res.writeHead(307, { location: `${other.baseUrl}/stolen${req.url}` }).end();
      if (path === '/here') return void res.writeHead(302, { location: '/landed' }).end();
      if (path === '/landed')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ key: req.headers['x-goog-api-key'] === KEY }));
      if (path === '/huge')
        return void closed.set(path, endless(res, 'application/json', Buffer.alloc(64 << 10, 0x20)));
      if (path === '/announced') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1 << 30) });
        res.write(Buffer.alloc(1024, 0x20));
        return void closed.set(path, new Promise((resolve) => res.on('close', () => resolve(1024))));
      }
      if (path === '/events' || path === '/events-read') {
        const event = Buffer.from(`data: {"text":"${'x'.repeat(60_000)}"}\n\n`);
        return void closed.set(path, endless(res, 'text/event-stream', event));
      }
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    ended?.abort();
    await Promise.all([target.close(), other.close()]);
  });

  const fresh = () => {
    ended = new AbortController();
    recorder = new Recorder({
      signal: ended.signal,
      maxAnswerBytes: 4 << 20,
      origins: originsOf([target.baseUrl]),
      secrets: [KEY, TOKEN],
    });
    return recorder;
  };

  it('does not follow a redirect to another origin, and says so', async () => {
    const r = fresh();
    const answer = await r.fetch(`${target.baseUrl}/away?key=${encodeURIComponent(KEY)}`, {
      headers: { 'x-goog-api-key': KEY, authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(307);
    expect(seenByOther).toEqual([]);
    expect(r.targetErrors.join('\n')).toContain(`redirect to ${other.baseUrl}, not a configured origin: not followed`);
  });

  it('follows a redirect within the target, with the credentials', async () => {
    const r = fresh();
    const answer = await r.fetch(`${target.baseUrl}/here`, { headers: { 'x-goog-api-key': KEY } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ key: true });
    expect(r.targetErrors).toEqual([]);
  });

  it('sends a request the target pointed elsewhere (an upload session URL) without any credential', async () => {
    const r = fresh();
    const session = `${other.baseUrl}/upload/session-1?upload_id=7&key=${encodeURIComponent(KEY)}&t=${TOKEN}`;
    await r.fetch(session, {
      method: 'POST',
      headers: {
        'x-goog-api-key': KEY,
        authorization: `Bearer ${TOKEN}`,
        cookie: 'sid=1',
        'x-goog-upload-command': 'upload',
      },
      body: 'chunk',
    });
    expect(seenByOther).toHaveLength(1);
    const seen = JSON.stringify(seenByOther[0]);
    for (const secret of [KEY, encodeURIComponent(KEY), TOKEN]) expect(seen).not.toContain(secret);
    expect(seenByOther[0]!.headers['x-goog-upload-command']).toBe('upload');
    expect(seenByOther[0]!.url).toContain('upload_id=7');
    expect(r.targetErrors.join('\n')).toMatch(/not a configured origin: sent without credentials \(header .*\)/);
    seenByOther.length = 0;
  });

  it('does not send a request whose body carries a credential to another origin', async () => {
    const r = fresh();
    await expect(
      r.fetch(`${other.baseUrl}/form`, { method: 'POST', body: new URLSearchParams({ access_token: TOKEN }) }),
    ).rejects.toThrow(/credential in the body: not sent/);
    expect(seenByOther).toEqual([]);
  });

  it('reads a huge answer no further than its limit, and drops the connection', async () => {
    const r = fresh();
    await expect(r.fetch(`${target.baseUrl}/huge`)).rejects.toBeInstanceOf(AnswerTooLarge);
    const sent = await closed.get('/huge')!;
    expect(sent).toBeLessThan(64 << 20);
    expect(r.targetErrors.join('\n')).toContain("larger than the suite's limit of 4 MiB");
  });

  it('does not read an answer whose Content-Length is over the limit', async () => {
    const r = fresh();
    await expect(r.fetch(`${target.baseUrl}/announced`)).rejects.toBeInstanceOf(AnswerTooLarge);
    expect(await closed.get('/announced')!).toBe(1024);
  });

  it('keeps a bounded copy of an endless event stream the caller does not read, and stops with its test', async () => {
    const r = fresh();
    const answer = await r.fetch(`${target.baseUrl}/events`, { method: 'POST' });
    expect(answer.status).toBe(200);
    await r.exchanges[0]!.streamDone;
    const kept = r.exchanges[0]!.responseBody;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(1 << 20);
    expect(kept.endsWith('\n\n')).toBe(true);
    ended.abort();
    expect(await closed.get('/events')!).toBeLessThan(64 << 20);
  });

  it('errors an endless event stream the caller reads past the limit', async () => {
    const r = fresh();
    const answer = await r.fetch(`${target.baseUrl}/events-read`, { method: 'POST' });
    await expect(answer.text()).rejects.toBeInstanceOf(AnswerTooLarge);
    expect(await closed.get('/events-read')!).toBeLessThan(64 << 20);
    expect(r.targetErrors.join('\n')).toContain('the rest was not read');
  });
});

describe("the recorder's copy of an event stream", () => {
  it('stops at its size inside a chunk larger than what is left (a server chooses its chunk sizes)', async () => {
    const event = 'data: {"x":1}\n\n';
    const chunk = new TextEncoder().encode(event.repeat(1000));
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunk);
      },
    });
    const { stream, copy } = copyEventStream(source, 100, 1 << 20, () => undefined);
    const kept = await copy;
    await stream.cancel();
    expect(kept.truncated).toBe(true);
    expect(kept.text.length).toBeLessThanOrEqual(100);
    expect(kept.text).toBe(event.repeat(Math.floor(100 / event.length)));
  });
});

describe('the recorder on a kept-alive connection the target closed as the request went', () => {
  let target: RunningServer;
  /** Requests each path received. */
  const received = new Map<string, number>();

  beforeAll(async () => {
    target = await listenLocal((req, res) => {
      const path = req.url!;
      const count = (received.get(path) ?? 0) + 1;
      received.set(path, count);
      // What a keep-alive running out looks like from the client: the connection closes with the request unanswered.
      if (path === '/always-drop' || (path === '/stale' && count === 1)) return void req.socket.destroy();
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path }));
    });
  });
  afterAll(async () => {
    await target.close();
  });

  const recorder = () => new Recorder({ origins: originsOf([target.baseUrl]) });

  it('sends the request once more and reports nothing of the target', async () => {
    const r = recorder();
    const answer = await r.fetch(`${target.baseUrl}/stale`, { method: 'POST', body: '{"a":1}' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ path: '/stale' });
    expect(received.get('/stale')).toBe(2);
    expect(r.targetErrors).toEqual([]);
  });

  it('sends it only once more: a target that drops every connection is a target error', async () => {
    const r = recorder();
    await expect(r.fetch(`${target.baseUrl}/always-drop`)).rejects.toThrow();
    expect(received.get('/always-drop')).toBe(2);
    expect(r.targetErrors.join('\n')).toMatch(/GET .*\/always-drop: no answer \(/);
  });
});
