// The reference generative service, served as a user serves it (`npm run serve -- generative`, its own
// process), used by the public service's own Node client (@google/genai, unchanged, httpOptions.baseUrl pointed
// at the reference): generate, stream, JSON of a JSON Schema, resumable uploads of a real short mp4 and webm (the committed clips) that
// become ACTIVE with their durations, list, delete, cached content, and an error as the client's own class.
import { ApiError, GoogleGenAI, type File as GenAiFile } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipBytes, CLIPS } from '../../contracts/targets/fixtures/generative-media.js';
import { serve, type Served } from './served.js';

let served: Served | undefined;
let ai: GoogleGenAI;
const MODEL = 'model-pro-1';

beforeAll(async () => {
  served = await serve('generative', ['--log-level', 'debug']);
  ai = new GoogleGenAI({ apiKey: 'test-api-key', httpOptions: { baseUrl: served.baseUrl } });
});

afterAll(() => {
  served?.stop();
});

/**
 * The file once its processing is over, read by the client. Between two reads the test waits for the served
 * process's own log line of that file's processing (debug level), an event, not a poll timer.
 */
async function untilProcessed(name: string): Promise<GenAiFile> {
  const id = name.replace(/^files\//, '');
  const processed = served!.nextLog((line) => line.msg === 'video processed' && line.file === id);
  const file = await ai.files.get({ name });
  if (file.state !== 'PROCESSING') return file;
  await processed;
  const after = await ai.files.get({ name });
  expect(after.state, 'the state after the log says processing ended').not.toBe('PROCESSING');
  return after;
}

describe('the public Node client against the reference', () => {
  it('generates content: the echo, usage that adds up, STOP', async () => {
    const answer = await ai.models.generateContent({ model: MODEL, contents: 'Hello from the client' });
    expect(answer.text).toMatch(/^Echo: Hello from the client/);
    const usage = answer.usageMetadata!;
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount! + usage.candidatesTokenCount!);
    expect(answer.candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('honours a system instruction, stop sequences and maxOutputTokens through the client config', async () => {
    const cut = await ai.models.generateContent({
      model: MODEL,
      contents: 'Repeat exactly: alpha bravo charlie delta',
      config: { systemInstruction: 'Answer briefly.', stopSequences: ['charlie'] },
    });
    expect(cut.text).toBe('Echo: Repeat exactly: alpha bravo ');
    const short = await ai.models.generateContent({
      model: MODEL,
      contents: 'Tell a story in 100 words',
      config: { maxOutputTokens: 4 },
    });
    expect(short.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    expect(short.usageMetadata?.candidatesTokenCount).toBe(4);
  });

  it('streams a long answer in several chunks, the last with finishReason and usage', async () => {
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({
      model: MODEL,
      contents: 'Tell a story in 60 words',
    }))
      chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)!.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    const streamed = chunks.map((c) => c.text ?? '').join('');
    const whole = await ai.models.generateContent({ model: MODEL, contents: 'Tell a story in 60 words' });
    expect(streamed).toBe(whole.text);
  });

  it('streams an answer that crosses a block threshold part-way: earlier chunks arrive, the last says SAFETY without the text', async () => {
    // ROT13 of "one two ... fifteen targeted threats follow here": the built-in model answers the decoding.
    const rot13 = (text: string) =>
      text.replace(/[a-z]/g, (c) => String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + 13) % 26)));
    const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen';
    const chunks = [];
    const stream = await ai.models.generateContentStream({
      model: MODEL,
      contents: `rot13: ${rot13(`${words} targeted threats follow here`)}`,
      config: {
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT' as never, threshold: 'BLOCK_LOW_AND_ABOVE' as never }],
      },
    });
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.text ?? '').join('')).toBe(`${words} targeted`);
    const last = chunks.at(-1)!.candidates![0]!;
    expect(last.finishReason).toBe('SAFETY');
    expect(last.safetyRatings).toContainEqual({
      category: 'HARM_CATEGORY_HARASSMENT',
      probability: 'HIGH',
      blocked: true,
    });
  });

  it('answers JSON of a responseJsonSchema and calls a function declared by parametersJsonSchema, values of those schemas', async () => {
    const parcel = {
      type: 'object',
      properties: { label: { type: 'string' }, weight: { type: 'number', minimum: 0 } },
      required: ['label', 'weight'],
      additionalProperties: false,
    };
    const json = await ai.models.generateContent({
      model: MODEL,
      contents: 'Describe a parcel',
      config: { responseMimeType: 'application/json', responseJsonSchema: parcel },
    });
    const value = JSON.parse(json.text ?? 'null');
    expect(Object.keys(value)).toEqual(['label', 'weight']);
    expect(typeof value.label).toBe('string');
    expect(value.weight).toBeGreaterThanOrEqual(0);
    const call = await ai.models.generateContent({
      model: MODEL,
      contents: 'Ship it',
      config: {
        tools: [{ functionDeclarations: [{ name: 'ship_parcel', parametersJsonSchema: parcel }] }],
        toolConfig: { functionCallingConfig: { mode: 'ANY' as never } },
      },
    });
    expect(call.functionCalls?.[0]?.name).toBe('ship_parcel');
    expect(Object.keys(call.functionCalls?.[0]?.args ?? {})).toEqual(['label', 'weight']);
    const tooMany = await ai.models
      .generateContent({
        model: MODEL,
        contents: 'Many parcels',
        config: {
          responseMimeType: 'application/json',
          responseJsonSchema: { type: 'array', items: parcel, minItems: 200_000 },
        },
      })
      .catch((e: unknown) => e);
    expect(tooMany).toBeInstanceOf(ApiError);
    expect((tooMany as ApiError).status).toBe(400);
  });

  it('calls a function with mode ANY, with args of the declared types', async () => {
    const answer = await ai.models.generateContent({
      model: MODEL,
      contents: 'What is the weather in Porto?',
      config: {
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'Weather of a city',
                parameters: {
                  type: 'OBJECT' as never,
                  properties: { city: { type: 'STRING' as never } },
                  required: ['city'],
                },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY' as never } },
      },
    });
    expect(answer.functionCalls?.[0]?.name).toBe('get_weather');
    expect(typeof answer.functionCalls?.[0]?.args?.city).toBe('string');
  });

  it.each(['mp4', 'webm'] as const)(
    'uploads the real %s clip (resumable): PROCESSING, then ACTIVE with its duration, listed, used and deleted',
    async (clip) => {
      const { mimeType, videoDuration } = CLIPS[clip];
      const video = clipBytes(clip);
      const uploaded = await ai.files.upload({
        file: new Blob([new Uint8Array(video)], { type: mimeType }),
        config: { mimeType, displayName: `client ${clip} clip` },
      });
      expect(uploaded.state).toBe('PROCESSING');
      expect(uploaded.sizeBytes).toBe(String(video.length));
      const active = await untilProcessed(uploaded.name!);
      expect(active.state).toBe('ACTIVE');
      expect(active.videoMetadata).toEqual({ videoDuration });
      const names: string[] = [];
      for await (const file of await ai.files.list({ config: { pageSize: 2 } })) names.push(file.name!);
      expect(names).toContain(uploaded.name);
      const described = await ai.models.generateContent({
        model: MODEL,
        contents: [
          { role: 'user', parts: [{ fileData: { fileUri: active.uri!, mimeType } }, { text: 'Describe it.' }] },
        ],
      });
      expect(described.text).toMatch(/^Echo: Describe it\./);
      expect(described.usageMetadata?.promptTokenCount, 'the video counts as one media part').toBeGreaterThan(258);
      await ai.files.delete({ name: uploaded.name! });
      const gone = await ai.models
        .generateContent({
          model: MODEL,
          contents: [{ role: 'user', parts: [{ fileData: { fileUri: active.uri!, mimeType } }] }],
        })
        .catch((e: unknown) => e);
      expect(gone).toBeInstanceOf(ApiError);
      expect((gone as ApiError).status).toBe(403);
    },
  );

  it('sees a truncated clip end FAILED with its error, and refuses it in generation', async () => {
    const cut = clipBytes('mp4').subarray(0, 1500);
    const uploaded = await ai.files.upload({
      file: new Blob([new Uint8Array(cut)], { type: 'video/mp4' }),
      config: { mimeType: 'video/mp4' },
    });
    const failed = await untilProcessed(uploaded.name!);
    expect(failed.state).toBe('FAILED');
    expect(failed.error).toMatchObject({ code: 3, message: expect.stringMatching(/not a playable video/) });
    expect(failed.videoMetadata).toBeUndefined();
    const refused = await ai.models
      .generateContent({
        model: MODEL,
        contents: [{ role: 'user', parts: [{ fileData: { fileUri: failed.uri!, mimeType: 'video/mp4' } }] }],
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    await ai.files.delete({ name: uploaded.name! });
  });

  it('creates, reads, lists, updates and deletes cached content, counted in cachedContentTokenCount', async () => {
    const cache = await ai.caches.create({
      model: MODEL,
      config: {
        contents: [{ role: 'user', parts: [{ text: 'A long reusable context about harbors. '.repeat(20) }] }],
        ttl: '600s',
        displayName: 'client cache',
      },
    });
    expect(cache.name).toMatch(/^cachedContents\//);
    expect((await ai.caches.get({ name: cache.name! })).displayName).toBe('client cache');
    const names: string[] = [];
    for await (const c of await ai.caches.list()) names.push(c.name!);
    expect(names).toContain(cache.name);
    const answer = await ai.models.generateContent({
      model: MODEL,
      contents: 'Summarise it.',
      config: { cachedContent: cache.name! },
    });
    expect(answer.usageMetadata?.cachedContentTokenCount).toBe(cache.usageMetadata?.totalTokenCount);
    expect(answer.usageMetadata!.promptTokenCount!).toBeGreaterThan(answer.usageMetadata!.cachedContentTokenCount!);
    const updated = await ai.caches.update({ name: cache.name!, config: { ttl: '7200s' } });
    expect(Date.parse(updated.expireTime!)).toBeGreaterThan(Date.parse(cache.expireTime!));
    await ai.caches.delete({ name: cache.name! });
    await expect(ai.caches.get({ name: cache.name! })).rejects.toBeInstanceOf(ApiError);
  });

  it("surfaces a refusal as the client's ApiError with the status", async () => {
    const error = await ai.models
      .generateContent({ model: MODEL, contents: 'hi', config: { candidateCount: 2 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toMatch(/INVALID_ARGUMENT/);
    const unknown = await ai.models
      .generateContent({ model: 'no-such-model', contents: 'hi' })
      .catch((e: unknown) => e);
    expect((unknown as ApiError).status).toBe(404);
  });
});
