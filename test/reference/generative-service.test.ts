// The reference generative service's own behaviour, below the contract suite: the decoder, the classifier
// against the default fixtures, streams that stop with their client or at a safety block, uploads that survive
// an interrupted chunk and a restart, the size limit, and expiry on a moved clock. (Video processing:
// generative-video.test.ts.)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GENERATIVE_FIXTURES } from '../../contracts/targets/fixtures/generative.js';
import { clipBytes } from '../../contracts/targets/fixtures/generative-media.js';
import { Decoder } from '../../reference/generative/decoder.js';
import { BuiltinModel } from '../../reference/generative/model/builtin-model.js';
import { rate, resolveThresholds } from '../../reference/generative/safety.js';
import { countTextTokens, firstTokens, tokenPieces } from '../../reference/generative/tokens.js';
import {
  defaultSeed,
  startGenerative,
  type StartedGenerative,
  untilFileState,
  untilLogged,
} from './generative-support.js';

const KEY = { 'x-goog-api-key': 'test-api-key' };
const started: StartedGenerative[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

async function start(options: Parameters<typeof startGenerative>[0] = {}) {
  const s = await startGenerative(options);
  started.push(s);
  return s;
}

async function json(response: Response) {
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe('tokens and the decoder', () => {
  it('counts runs of letters or digits and single other characters', () => {
    expect(countTextTokens('Echo: Hello, world 42!')).toBe(7);
    expect(firstTokens('alpha beta gamma', 2)).toBe('alpha beta');
    expect(tokenPieces('Echo: hi there').join('')).toBe('Echo: hi there');
  });

  it('cuts at the first stop sequence across pieces, holding back what could start one', () => {
    const decoder = new Decoder(['gam', 'zzz'], undefined);
    const out = ['alpha', ' beta', ' ga', 'mma', ' delta'].map((p) => decoder.push(p)).join('') + decoder.end();
    expect(out).toBe('alpha beta ');
    expect(decoder.finish).toBe('STOP');
  });

  it('stops after maxOutputTokens with MAX_TOKENS', () => {
    const decoder = new Decoder([], 2);
    const out = ['a', ' b', ' c'].map((p) => decoder.push(p)).join('') + decoder.end();
    expect(out).toBe('a b');
    expect(decoder.finish).toBe('MAX_TOKENS');
  });
});

describe('the classifier and the default fixtures', () => {
  it('rates each default safety prompt at its probability for its category, NEGLIGIBLE elsewhere', () => {
    for (const [category, levels] of Object.entries(DEFAULT_GENERATIVE_FIXTURES.safetyPrompts!)) {
      for (const [probability, prompt] of Object.entries(levels!)) {
        for (const rating of rate(prompt!))
          expect(rating.probability, `${prompt} / ${rating.category}`).toBe(
            rating.category === category ? probability : 'NEGLIGIBLE',
          );
      }
    }
  });

  it("rates the unsafe-answer prompt NEGLIGIBLE and the model's answer to it at the fixture's probability", () => {
    const fixture = DEFAULT_GENERATIVE_FIXTURES.unsafeAnswerPrompt!;
    expect(rate(fixture.prompt).every((r) => r.probability === 'NEGLIGIBLE')).toBe(true);
    const answer = new BuiltinModel().answer({
      modelId: 'model-pro-1',
      contents: [{ role: 'user', parts: [{ text: fixture.prompt }] }],
    });
    const text = [...answer.text!].join('');
    expect(rate(text).find((r) => r.category === fixture.category)?.probability).toBe(fixture.probability);
  });

  it('keeps the default of unlisted categories and refuses duplicates and unsupported ones', () => {
    const resolved = resolveThresholds([{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }], {
      defaultThreshold: 'BLOCK_MEDIUM_AND_ABOVE',
    });
    expect(resolved.get('HARM_CATEGORY_HARASSMENT')).toBe('BLOCK_NONE');
    expect(resolved.get('HARM_CATEGORY_HATE_SPEECH')).toBe('BLOCK_MEDIUM_AND_ABOVE');
    expect(() =>
      resolveThresholds([{ category: 'HARM_CATEGORY_MEDICAL', threshold: 'BLOCK_NONE' }], {
        defaultThreshold: 'BLOCK_NONE',
      }),
    ).toThrow(/not supported/);
    expect(() =>
      resolveThresholds(
        [
          { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
          { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
        ],
        { defaultThreshold: 'BLOCK_NONE' },
      ),
    ).toThrow(/Duplicate/);
  });

  it('answers the same request with the same text', () => {
    const model = new BuiltinModel();
    const request = { modelId: 'm', contents: [{ role: 'user' as const, parts: [{ text: 'Tell it in 30 words' }] }] };
    expect([...model.answer(request).text!].join('')).toBe([...model.answer(request).text!].join(''));
    expect([...model.answer(request).text!].join('').split(' ').length).toBeGreaterThan(30);
  });
});

describe('the built-in model through the service', () => {
  it('answers the latest user turn of a conversation, seeded by the system instruction; code execution parts come first', async () => {
    const s = await start();
    const ask = async (body: unknown) =>
      (
        await json(
          await fetch(`${s.baseUrl}/v1beta/models/model-pro-1:generateContent`, {
            method: 'POST',
            headers: { ...KEY, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        )
      ).body;
    const turns = [
      { role: 'user', parts: [{ text: 'First question' }] },
      { role: 'model', parts: [{ text: 'First answer' }] },
      { role: 'user', parts: [{ text: 'Second question' }] },
    ];
    const plain = await ask({ contents: turns });
    expect(plain.candidates[0].content.parts[0].text).toMatch(/^Echo: Second question /);
    const instructed = await ask({ contents: turns, systemInstruction: { parts: [{ text: 'Be brief.' }] } });
    expect(instructed.candidates[0].content.parts[0].text).toMatch(/^Echo: Second question /);
    expect(instructed.candidates[0].content.parts[0].text).not.toBe(plain.candidates[0].content.parts[0].text);
    expect(instructed.usageMetadata.promptTokenCount).toBe(plain.usageMetadata.promptTokenCount + 3);
    const code = await ask({ contents: turns, tools: [{ codeExecution: {} }] });
    const parts = code.candidates[0].content.parts;
    expect(parts[0].executableCode).toMatchObject({ language: 'PYTHON' });
    expect(parts[1].codeExecutionResult).toMatchObject({ outcome: 'OUTCOME_OK', output: 'Echo: Second question\n' });
    expect(parts[2].text).toMatch(/^Echo: Second question/);
  });
});

describe('streams', () => {
  it('flushes the first event before the answer is generated, and stops generating when the client goes away', async () => {
    const s = await start();
    const url = new URL(`${s.baseUrl}/v1beta/models/model-pro-1:streamGenerateContent?alt=sse`);
    const body = JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: 'Tell a very long story in 3000 words' }] }],
    });
    const firstEvent = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve(chunk.toString());
            req.destroy();
          });
        },
      );
      req.on('error', () => undefined);
      req.end(body);
      setTimeout(() => reject(new Error('no event')), 10_000);
    });
    expect(firstEvent).toMatch(/^data: \{/);
    const stopped = await untilLogged(s, /stream stopped/);
    expect(stopped, 'the stream was stopped, not finished').toBeDefined();
    // 3000 words at 8 tokens an event would be about 375 events.
    expect(Number(stopped!.events)).toBeLessThan(100);
    expect(s.logs.some((l) => /stream finished/.test(String(l.msg)))).toBe(false);
  });
});

describe('streams crossing a safety threshold part-way', () => {
  const rot13 = (text: string) =>
    text.replace(/[a-z]/g, (c) => String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + 13) % 26)));
  // The built-in model answers "rot13: ..." with the decoding: 15 harmless words (two events of 8 tokens, the
  // second ending with "targeted"), then "threats" opens the third event: only the text so far as a whole
  // holds the HIGH harassment phrase "targeted threats"; neither event alone does.
  const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
  const prompt = `rot13: ${rot13(`${words} targeted threats follow here`)}`;
  const request = (threshold: string) =>
    JSON.stringify({
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold }],
    });

  async function streamEvents(s: StartedGenerative, body: string): Promise<any[]> {
    const response = await fetch(`${s.baseUrl}/v1beta/models/model-pro-1:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    const events: any[] = [];
    const parser = createParser({ onEvent: (message) => events.push(JSON.parse(message.data)) });
    parser.feed(await response.text());
    return events;
  }

  it('delivers the events before the crossing, then ends with finishReason SAFETY and the ratings, the crossing text and all after withheld', async () => {
    const s = await start();
    const events = await streamEvents(s, request('BLOCK_LOW_AND_ABOVE'));
    const textOf = (event: any) => (event.candidates?.[0]?.content?.parts ?? []).map((p: any) => p.text ?? '').join('');
    const delivered = events.slice(0, -1).map(textOf).join('');
    expect(events.length).toBe(3);
    expect(delivered).toBe(
      words
        .split(' ')
        .map((w, i) => (i ? ' ' : '') + w)
        .join('') + ' targeted',
    );
    expect(events.slice(0, -1).every((e) => e.candidates[0].finishReason === undefined)).toBe(true);
    const last = events.at(-1)!.candidates[0];
    expect(last.finishReason).toBe('SAFETY');
    expect(last.content).toBeUndefined();
    expect(last.safetyRatings).toContainEqual({
      category: 'HARM_CATEGORY_HARASSMENT',
      probability: 'HIGH',
      blocked: true,
    });
    expect(last.safetyRatings.filter((r: any) => r.blocked)).toHaveLength(1);
    expect(events.at(-1)!.usageMetadata.candidatesTokenCount, 'usage counts what was delivered').toBe(
      countTextTokens(delivered),
    );
    expect(events.map(textOf).join('')).not.toMatch(/threats|follow/);

    // The nearest request that passes: the same answer, with BLOCK_NONE, streams whole and ends STOP.
    const allowed = await streamEvents(s, request('BLOCK_NONE'));
    const whole = allowed.map(textOf).join('');
    expect(whole.startsWith(`${delivered} threats follow here`)).toBe(true);
    expect(allowed.at(-1)!.candidates[0].finishReason).toBe('STOP');
    expect(allowed.at(-1)!.candidates[0].safetyRatings).toContainEqual({
      category: 'HARM_CATEGORY_HARASSMENT',
      probability: 'HIGH',
    });
  });
});

describe('uploads', () => {
  async function startSession(s: StartedGenerative, size: number) {
    const start = await fetch(`${s.baseUrl}/upload/v1beta/files`, {
      method: 'POST',
      headers: {
        ...KEY,
        'content-type': 'application/json',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': String(size),
        'x-goog-upload-header-content-type': 'application/octet-stream',
      },
      body: JSON.stringify({ file: { display_name: 'snake case, as the cookbook sends it' } }),
    });
    expect(start.status).toBe(200);
    return start.headers.get('x-goog-upload-url')!;
  }

  const chunk = (url: string, command: string, offset: number, bytes?: Uint8Array) =>
    fetch(url, {
      method: 'POST',
      headers: { 'x-goog-upload-command': command, 'x-goog-upload-offset': String(offset) },
      ...(bytes ? { body: new Blob([new Uint8Array(bytes)]) } : {}),
    });

  it('resumes after a chunk cut off mid-way: the session keeps only the confirmed bytes', async () => {
    // The server's end of the cut chunk, an event: the query below comes after the service has dealt with it.
    let cutHandled: () => void = () => undefined;
    const cutDone = new Promise<void>((resolve) => {
      cutHandled = resolve;
    });
    const s = await start({
      wrap: (inner) => (req, res) => {
        if (req.headers['x-goog-upload-offset'] === '1000' && req.headers['content-length'] === '1000')
          res.once('close', cutHandled);
        inner(req, res);
      },
    });
    const data = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const url = await startSession(s, data.length);
    expect((await chunk(url, 'upload', 0, data.subarray(0, 1000))).status).toBe(200);
    // A chunk that announces 1000 bytes and is cut after 300: once they are handed to the kernel, the socket
    // closes; TCP delivers the 300 bytes before the end of the stream.
    const req = http.request(new URL(url), {
      method: 'POST',
      headers: { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '1000', 'content-length': '1000' },
    });
    req.on('error', () => undefined);
    req.write(data.subarray(1000, 1300), () => req.destroy());
    await cutDone;
    const query = await fetch(url, { method: 'POST', headers: { 'x-goog-upload-command': 'query' } });
    expect(query.headers.get('x-goog-upload-size-received')).toBe('1000');
    const last = await json(await chunk(url, 'upload, finalize', 1000, data.subarray(1000)));
    expect(last.status).toBe(200);
    expect(last.body.file.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
  });

  it('keeps a session across a restart, ignoring bytes written past the confirmed offset', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-durable-'));
    try {
      const data = Buffer.from('0123456789'.repeat(50));
      const first = await startGenerative({ dataDir });
      const url = await startSession(first, data.length);
      expect((await chunk(url, 'upload', 0, data.subarray(0, 200))).status).toBe(200);
      await first.stop();
      // What a crash during the next chunk's write could leave behind: bytes past the confirmed 200.
      const part = fs.readdirSync(path.join(dataDir, 'sessions'))[0]!;
      fs.appendFileSync(path.join(dataDir, 'sessions', part), 'GARBAGE');
      const second = await start({ dataDir });
      const again = url.replace(/^http:\/\/[^/]+/, second.baseUrl);
      const query = await fetch(again, { method: 'POST', headers: { 'x-goog-upload-command': 'query' } });
      expect(query.headers.get('x-goog-upload-size-received')).toBe('200');
      const last = await json(await chunk(again, 'upload, finalize', 200, data.subarray(200)));
      expect(last.body.file.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
      expect(last.body.file.displayName).toBe('snake case, as the cookbook sends it');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a file over the size limit and stores nothing', async () => {
    const seed = defaultSeed();
    (seed.limits as Record<string, number>).maxFileBytes = 100;
    const s = await start({ seed });
    const before = await json(await fetch(`${s.baseUrl}/v1beta/files?pageSize=100`, { headers: KEY }));
    const refused = await json(
      await fetch(`${s.baseUrl}/upload/v1beta/files`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'text/plain' },
        body: 'x'.repeat(101),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.status).toBe('INVALID_ARGUMENT');
    const after = await json(await fetch(`${s.baseUrl}/v1beta/files?pageSize=100`, { headers: KEY }));
    expect(after.body.files).toEqual(before.body.files);
    expect(fs.readdirSync(path.join(s.dataDir, 'files')).length).toBe(before.body.files.length);
    const accepted = await json(
      await fetch(`${s.baseUrl}/upload/v1beta/files`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'text/plain' },
        body: 'x'.repeat(100),
      }),
    );
    expect(accepted.body.file.sizeBytes).toBe('100');
  });

  it('processes a video left PROCESSING by a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gen-durable-'));
    try {
      const seed = defaultSeed();
      (seed.limits as Record<string, number>).videoProcessingMs = 300;
      const first = await startGenerative({ dataDir, seed });
      const made = await json(
        await fetch(`${first.baseUrl}/upload/v1beta/files`, {
          method: 'POST',
          headers: { ...KEY, 'content-type': 'video/mp4' },
          body: new Blob([new Uint8Array(clipBytes('mp4MoovLast'))]),
        }),
      );
      expect(made.body.file.state).toBe('PROCESSING');
      await first.stop();
      const second = await start({ dataDir, seed });
      const file = await untilFileState(second, made.body.file.name, (state) => state !== 'PROCESSING', KEY);
      expect(file).toMatchObject({ state: 'ACTIVE', videoMetadata: { videoDuration: '1.5s' } });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('expiry', () => {
  it('files expire 48 hours after creation: then gone, and refused as a reference', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const s = await start({ clock: () => now });
    const made = await json(
      await fetch(`${s.baseUrl}/upload/v1beta/files`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'text/plain' },
        body: 'short-lived',
      }),
    );
    const file = made.body.file;
    expect(Date.parse(file.expirationTime) - Date.parse(file.createTime)).toBe(48 * 3600 * 1000);
    now += 48 * 3600 * 1000 - 1;
    expect((await fetch(`${s.baseUrl}/v1beta/${file.name}`, { headers: KEY })).status).toBe(200);
    now += 1;
    expect((await fetch(`${s.baseUrl}/v1beta/${file.name}`, { headers: KEY })).status).toBe(403);
    const use = await json(
      await fetch(`${s.baseUrl}/v1beta/models/model-pro-1:generateContent`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ fileData: { fileUri: file.uri, mimeType: 'text/plain' } }] }],
        }),
      }),
    );
    expect(use.body.error.status).toBe('PERMISSION_DENIED');
  });

  it('cached contents expire at their expireTime', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const s = await start({ clock: () => now });
    const made = await json(
      await fetch(`${s.baseUrl}/v1beta/cachedContents`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'models/model-pro-1',
          contents: [{ role: 'user', parts: [{ text: 'cached words' }] }],
          ttl: '60s',
        }),
      }),
    );
    expect(made.body.expireTime).toBe('2026-01-01T00:01:00.000Z');
    now += 60_000;
    expect((await fetch(`${s.baseUrl}/v1beta/${made.body.name}`, { headers: KEY })).status).toBe(404);
  });
});
