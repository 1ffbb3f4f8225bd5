// Rules of the generative content and file service (GEN-*), through the generated GenerativeClient (and raw
// fetch where the wire itself is judged: SSE framing, the resumable session URL). Every test that creates a
// resource deletes it (t.defer). Inputs that only some services understand (prompts rated at a probability,
// a playable video, an unprocessable file, a cache big enough) are fixtures (contracts/targets/fixtures/
// generative.ts); without them the tests that need them are not applicable.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { expect } from 'vitest';
import type { GenerativeClient } from '../../generated/generative/client.js';
import type { components } from '../../generated/generative/types.js';
import { generatedSpec, ROOT } from '../../generator/model/index.js';
import { expectStatusError, unique } from '../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../harness/rule-test.js';
import { nextChange, PROTOCOL_POLL_MS } from '../targets/change-signals.js';
import type { GenerativeFixtures, SafetyCategory, SafetyProbability } from '../targets/fixtures/generative.js';

type Schemas = components['schemas'];
type GenerateResponse = Schemas['GenerateContentResponse'];
type FileBody = Schemas['File'];

function ctx(t: RuleContext) {
  const f = t.session.fixtures.generative;
  return { f, client: t.clients.generative(), model: f.model };
}

const BAD = { status: 'INVALID_ARGUMENT', http: 400 };
const user = (text: string) => ({ contents: [{ role: 'user' as const, parts: [{ text }] }] });
const hello = user('Say hello.');
const SLOW = { timeout: 60_000 };

function generate(client: GenerativeClient, model: string, body: Record<string, unknown>) {
  return client.generateContent({ collection: 'models', model, body: body as never });
}

const idOf = (name: string) => name.replace(/^files\//, '');
const textOf = (answer: GenerateResponse) =>
  (answer.candidates?.[0]?.content?.parts ?? []).map((p) => p.text ?? '').join('');

// ---------------------------------------------------------------------------------------------------------
// Files: upload, media fixtures, states
// ---------------------------------------------------------------------------------------------------------

/** A media fixture (file path or data: URL) as bytes, or not applicable naming the fixture. */
function media(t: RuleContext, key: 'shortVideo' | 'unprocessableVideo'): Uint8Array {
  const value = t.fixture(key) as string;
  const data = value.match(/^data:[^;,]*(?:;base64)?,(.*)$/s);
  if (data) return new Uint8Array(Buffer.from(data[1]!, 'base64'));
  return new Uint8Array(fs.readFileSync(path.resolve(value)));
}

async function upload(
  t: RuleContext,
  client: GenerativeClient,
  mimeType: string,
  data: string | Uint8Array,
  file: FileBody = {},
): Promise<FileBody> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const created = await client.uploadFileMultipart({
    metadata: { file: { displayName: unique('file'), ...file } },
    data: bytes,
    mimeType,
  });
  expect(created.file?.name).toMatch(/^files\/[a-z0-9-]+$/);
  const name = created.file!.name!;
  t.defer(() => client.deleteFile({ file: idOf(name) }));
  if (t.session.kind === 'stateful') await expectStored(client, created.file!);
  return created.file!;
}

/** A created file is judged by later reads, not by the create's answer: files.get and files.list answer it as created. */
async function expectStored(client: GenerativeClient, file: FileBody): Promise<void> {
  const stored = await client.getFile({ file: idOf(file.name!) });
  const members = (f: FileBody) => ({
    name: f.name,
    displayName: f.displayName,
    mimeType: f.mimeType,
    sizeBytes: f.sizeBytes,
    sha256Hash: f.sha256Hash,
  });
  expect(members(stored), `files.get of ${file.name}`).toEqual(members(file));
}

/** Every file name the project's list holds, page after page. */
async function listedNames(client: GenerativeClient): Promise<string[]> {
  const out: string[] = [];
  for await (const f of client.listFilesAll({ pageSize: 100 })) out.push(f.name!);
  return out;
}

/**
 * Reads the file until its state is `done`. Between two reads it waits for the target's signal that the file
 * changed (the reference posts one, contracts/targets/change-signals.ts), armed before the read so none is
 * missed; a target without signals is polled as the public cookbook polls (PROTOCOL_POLL_MS apart). The
 * test's own timeout bounds the wait. A signal names the state the service stored: once it is a `done` one, the
 * read after it must show a `done` state too, so a change answered by the store and never kept FAILs at once.
 */
async function waitForState(
  t: RuleContext,
  client: GenerativeClient,
  name: string,
  done: (state: string) => boolean,
): Promise<FileBody> {
  for (;;) {
    const wait = t.session.changeSignals ? nextChange(name) : undefined;
    const file = await client.getFile({ file: idOf(name) });
    if (done(file.state ?? '')) {
      wait?.stop();
      return file;
    }
    if (!wait) {
      await new Promise((resolve) => setTimeout(resolve, PROTOCOL_POLL_MS));
      continue;
    }
    const stored = await wait.changed;
    if (stored === undefined || !done(stored)) continue;
    const after = await client.getFile({ file: idOf(name) });
    expect(
      after.state,
      `the target's processing stored ${stored} for ${name}; files.get must read a state past ${file.state} after it`,
    ).toSatisfy((state: string | undefined) => done(state ?? ''));
    return after;
  }
}

/** The file as files.list shows it (undefined when the list does not hold it). */
async function listedFile(client: GenerativeClient, name: string): Promise<FileBody | undefined> {
  for await (const f of client.listFilesAll({ pageSize: 100 })) if (f.name === name) return f;
  return undefined;
}

const fileTurn = (file: FileBody, text = 'Describe it.') => ({
  contents: [{ role: 'user', parts: [{ fileData: { fileUri: file.uri, mimeType: file.mimeType } }, { text }] }],
});

// ---------------------------------------------------------------------------------------------------------
// Safety fixtures and the threshold table
// ---------------------------------------------------------------------------------------------------------

const RANK: Record<string, number> = { NEGLIGIBLE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
/** The document's table: the lowest probability each threshold blocks (4: none). */
const BLOCKS_FROM: Record<string, number> = {
  BLOCK_LOW_AND_ABOVE: 1,
  BLOCK_MEDIUM_AND_ABOVE: 2,
  BLOCK_ONLY_HIGH: 3,
  BLOCK_NONE: 4,
};
const CATEGORIES: SafetyCategory[] = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
];

function safetyPrompts(
  t: RuleContext,
): Array<{ category: SafetyCategory; probability: SafetyProbability; prompt: string }> {
  const given = t.fixture('safetyPrompts') as NonNullable<GenerativeFixtures['safetyPrompts']>;
  return Object.entries(given).flatMap(([category, levels]) =>
    Object.entries(levels ?? {}).map(([probability, prompt]) => ({
      category: category as SafetyCategory,
      probability: probability as SafetyProbability,
      prompt: prompt!,
    })),
  );
}

/** The prompt of the highest probability given (for one category, or any). */
function strongest(t: RuleContext, category?: SafetyCategory) {
  const all = safetyPrompts(t).filter((p) => p.probability !== 'NEGLIGIBLE' && (!category || p.category === category));
  if (!all.length)
    t.notApplicable(
      `fixture generative.safetyPrompts has no prompt rated above NEGLIGIBLE${category ? ` for ${category}` : ''}`,
    );
  return all.sort((a, b) => RANK[b.probability]! - RANK[a.probability]!)[0]!;
}

function negligible(t: RuleContext) {
  const found = safetyPrompts(t).find((p) => p.probability === 'NEGLIGIBLE');
  if (!found) t.notApplicable('fixture generative.safetyPrompts has no NEGLIGIBLE prompt');
  return found;
}

/** Every other supported category set to BLOCK_NONE, so only `category`'s threshold can block. */
function onlyThreshold(category: SafetyCategory, threshold: string) {
  return CATEGORIES.map((c) => ({ category: c, threshold: c === category ? threshold : 'BLOCK_NONE' }));
}

const blocked = (answer: GenerateResponse) => answer.promptFeedback?.blockReason !== undefined;

function expectOneRatingPerCategory(answer: GenerateResponse, where: string) {
  const lists = [
    answer.promptFeedback?.safetyRatings ?? [],
    ...(answer.candidates ?? []).map((c) => c.safetyRatings ?? []),
  ];
  for (const list of lists) {
    const categories = list.map((r) => r.category);
    expect(new Set(categories).size, `${where}: ratings ${JSON.stringify(categories)}`).toBe(categories.length);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Schemas of answers: the spec's (for stream events) and the request's own (JSON answers, function args)
// ---------------------------------------------------------------------------------------------------------

let responseValidator: (((data: unknown) => boolean) & { errors?: unknown }) | undefined;

/** Validates a stream event against the spec's GenerateContentResponse (the operation's x-sse-data). */
function validateEvent(event: unknown): string | undefined {
  if (!responseValidator) {
    const spec = generatedSpec('generative').document;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormatsModule as unknown as (a: unknown) => void)(ajv);
    ajv.addSchema({ $id: 'spec', components: spec.components });
    responseValidator = ajv.compile({ $ref: 'spec#/components/schemas/GenerateContentResponse' });
  }
  return responseValidator(event) ? undefined : JSON.stringify(responseValidator.errors).slice(0, 400);
}

/** Where a value breaks a request Schema (OpenAPI subset with upper-case types); [] when it conforms. */
function breaks(value: unknown, schema: Schemas['Schema'], at = '$'): string[] {
  if (value === null) return schema.nullable ? [] : [`${at} is null`];
  switch (schema.type) {
    case 'OBJECT': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${at} is not an object`];
      const record = value as Record<string, unknown>;
      const missing = (schema.required ?? []).filter((k) => !(k in record)).map((k) => `${at}.${k} is missing`);
      return [
        ...missing,
        ...Object.entries(record).flatMap(([k, v]) =>
          schema.properties?.[k] ? breaks(v, schema.properties[k]!, `${at}.${k}`) : [],
        ),
      ];
    }
    case 'ARRAY':
      return Array.isArray(value)
        ? value.flatMap((v, i) => (schema.items ? breaks(v, schema.items, `${at}[${i}]`) : []))
        : [`${at} is not an array`];
    case 'STRING':
      if (typeof value !== 'string') return [`${at} is not a string`];
      return schema.enum && !schema.enum.includes(value) ? [`${at} is not one of ${schema.enum.join(', ')}`] : [];
    case 'NUMBER':
      return typeof value === 'number' ? [] : [`${at} is not a number`];
    case 'INTEGER':
      return Number.isInteger(value) ? [] : [`${at} is not an integer`];
    case 'BOOLEAN':
      return typeof value === 'boolean' ? [] : [`${at} is not a boolean`];
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------------------
// The stream, read off the wire
// ---------------------------------------------------------------------------------------------------------

interface RawStream {
  contentType: string | null;
  text: string;
  events: unknown[];
  messages: EventSourceMessage[];
}

async function rawStream(t: RuleContext, model: string, body: unknown): Promise<RawStream> {
  const f = t.session.fixtures.generative;
  const response = await t.clients.fetch(
    `${t.clients.baseUrl('generative')}/v1beta/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': f.apiKey },
      body: JSON.stringify(body),
    },
  );
  expect(response.status, 'the stream answers 200').toBe(200);
  const text = await response.text();
  const messages: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => messages.push(message) });
  parser.feed(text);
  parser.reset({ consume: true });
  const events = messages.map((m) => {
    try {
      return JSON.parse(m.data) as unknown;
    } catch {
      return { notJson: m.data };
    }
  });
  return { contentType: response.headers.get('content-type'), text, events, messages };
}

/** The public framing (public-service-notes 3.2): `data: <JSON>` lines, a blank line after each, nothing else. */
function expectSseFraming(stream: RawStream) {
  expect(stream.contentType ?? '').toMatch(/^text\/event-stream/);
  const lines = stream.text.split(/\r\n|\r|\n/);
  for (const line of lines) if (line !== '') expect(line, 'every non-empty line is a data: line').toMatch(/^data: /);
  expect(stream.messages.length).toBeGreaterThan(0);
  for (const [i, message] of stream.messages.entries()) {
    expect(message.event, `event ${i} has no event: name`).toBeUndefined();
    expect(message.id, `event ${i} has no id:`).toBeUndefined();
    expect(message.data, `event ${i} is not a sentinel`).not.toBe('[DONE]');
    const problem = validateEvent(stream.events[i]);
    expect(problem, `event ${i} is a GenerateContentResponse: ${message.data.slice(0, 300)}`).toBeUndefined();
  }
}

// =========================================================================================================
// Authentication
// =========================================================================================================

ruleTest('GEN-AUTH-1', 'the API key in the key query parameter is accepted', async (t) => {
  const { f, model } = ctx(t);
  const client = t.clients.generative(f.apiKey, 'query');
  await generate(client, model, hello);
  await client.listFiles({ pageSize: 1 });
  for (const e of t.recorder.exchanges) expect(e.url).toContain('key=');
});

ruleTest(
  'GEN-AUTH-2',
  'the API key in the x-goog-api-key header is accepted on generation and file endpoints',
  async (t) => {
    const { f, model } = ctx(t);
    const client = t.clients.generative(f.apiKey, 'header');
    await generate(client, model, hello);
    await client.listFiles({ pageSize: 1 });
    for (const e of t.recorder.exchanges) expect(e.url).not.toContain('key=');
  },
);

ruleTests('GEN-AUTH-3', [
  [
    'a request without a key is PERMISSION_DENIED; with the key it is answered',
    async (t) => {
      const response = await t.clients.fetch(`${t.clients.baseUrl('generative')}/v1beta/files`);
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { status?: string; code?: number } }
        | undefined;
      t.mockLimitationIf(!body?.error?.status, `the mock answered HTTP ${response.status} in its own shape`);
      expect(response.status).toBe(403);
      expect(body?.error).toMatchObject({ status: 'PERMISSION_DENIED', code: 403 });
      await ctx(t).client.listFiles({ pageSize: 1 });
    },
  ],
  [
    'an invalid key is rejected (400 API_KEY_INVALID or 403)',
    async (t) => {
      const { f, model } = ctx(t);
      const client = t.clients.generative(f.invalidApiKey);
      const e = await expectStatusError(t, () => generate(client, model, hello), {
        status: 'INVALID_ARGUMENT',
        http: 400,
      }).catch(async () =>
        expectStatusError(t, () => generate(client, model, hello), { status: 'PERMISSION_DENIED', http: 403 }),
      );
      expect(e.message).toMatch(/key/i);
    },
  ],
]);

// =========================================================================================================
// Requests and generation settings
// =========================================================================================================

ruleTests('GEN-REQ-1', [
  [
    'a request without contents is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, model, { generationConfig: { temperature: 1 } }), BAD);
    },
  ],
  [
    'a request with empty contents is rejected; one Content is answered',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, model, { contents: [] }), BAD);
      await generate(client, model, hello);
    },
  ],
]);

ruleTests('GEN-GENCFG-1', [
  [
    'six stop sequences are rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () =>
          generate(client, model, { ...hello, generationConfig: { stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] } }),
        BAD,
      );
    },
  ],
  [
    'five stop sequences are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, { ...hello, generationConfig: { stopSequences: ['a', 'b', 'c', 'd', 'e'] } });
    },
  ],
]);

ruleTest('GEN-GENCFG-2', 'candidateCount 2 is rejected; 1 is accepted', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { candidateCount: 2 } }), BAD);
  await generate(client, model, { ...hello, generationConfig: { candidateCount: 1 } });
});

ruleTests('GEN-GENCFG-3', [
  [
    'temperature 2.1 is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () => generate(client, model, { ...hello, generationConfig: { temperature: 2.1 } }),
        BAD,
      );
    },
  ],
  [
    'temperature -0.1 is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () => generate(client, model, { ...hello, generationConfig: { temperature: -0.1 } }),
        BAD,
      );
    },
  ],
  [
    'temperatures 0 and 2 are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, { ...hello, generationConfig: { temperature: 0 } });
      await generate(client, model, { ...hello, generationConfig: { temperature: 2 } });
    },
  ],
]);

ruleTests('GEN-GENCFG-4', [
  [
    'responseSchema without responseMimeType is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () =>
          generate(client, model, {
            ...hello,
            generationConfig: { responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
          }),
        BAD,
      );
    },
  ],
  [
    'responseSchema with text/plain is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () =>
          generate(client, model, {
            ...hello,
            generationConfig: { responseMimeType: 'text/plain', responseSchema: { type: 'STRING' } },
          }),
        BAD,
      );
    },
  ],
  [
    'responseSchema with application/json is accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, {
        ...hello,
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } },
        },
      });
    },
  ],
]);

ruleTest(
  'GEN-GENCFG-5',
  'responseMimeType text/html is rejected; text/plain and application/json are accepted',
  async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(
      t,
      () => generate(client, model, { ...hello, generationConfig: { responseMimeType: 'text/html' } }),
      BAD,
    );
    await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'text/plain' } });
    await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'application/json' } });
  },
);

ruleTest(
  'GEN-SYSINSTR-1',
  'a system instruction with a non-text part is rejected; a text one is accepted',
  async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(
      t,
      () =>
        generate(client, model, {
          ...hello,
          systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
        }),
      BAD,
    );
    await generate(client, model, { ...hello, systemInstruction: { parts: [{ text: 'Answer briefly.' }] } });
  },
);

ruleTests('GEN-TOOLS-1', [
  [
    'a function declaration without a name is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () =>
          generate(client, model, {
            ...hello,
            tools: [{ functionDeclarations: [{ description: 'Weather' } as never] }],
          }),
        BAD,
      );
    },
  ],
  [
    'a tool of another kind (web search) is rejected, a warning where the target is as lenient as the public service',
    async (t) => {
      const { client, model } = ctx(t);
      await t.divergence('a googleSearch tool is rejected', async () => {
        await expectStatusError(
          t,
          () => generate(client, model, { ...hello, tools: [{ googleSearch: {} } as never] }),
          BAD,
        );
      });
    },
  ],
  [
    'parameters of a type other than OBJECT are rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () =>
          generate(client, model, {
            ...hello,
            tools: [
              {
                functionDeclarations: [{ name: 'get_weather', description: 'Weather', parameters: { type: 'STRING' } }],
              },
            ],
          }),
        BAD,
      );
    },
  ],
  [
    'a function declaration with OBJECT parameters, and code execution, are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, {
        ...hello,
        tools: [
          {
            functionDeclarations: [
              {
                name: 'get_weather',
                description: 'Weather of a city',
                parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
              },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      });
      await generate(client, model, { ...hello, tools: [{ codeExecution: {} }] });
      // The public service answers a declaration without a description, or with a null one.
      await generate(client, model, {
        ...hello,
        tools: [{ functionDeclarations: [{ name: 'get_time' }, { name: 'get_date', description: null }] }],
      });
    },
  ],
]);

ruleTests('GEN-MODEL-1', [
  [
    'an unknown model is NOT_FOUND; the fixture model answers',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, 'no-such-model-0', hello), { status: 'NOT_FOUND', http: 404 });
      await generate(client, model, hello);
    },
  ],
  [
    'a tuned model answers as tunedModels/<id>',
    async (t) => {
      const { client } = ctx(t);
      const tuned = t.fixture('tunedModel') as string;
      const answer = await client.generateContent({ collection: 'tunedModels', model: tuned, body: hello as never });
      expect(answer.candidates?.length).toBe(1);
    },
  ],
]);

// =========================================================================================================
// The answer: candidates, stop sequences, token limits, usage, JSON, functions
// =========================================================================================================

ruleTests('GEN-RESP-1', [
  [
    'a normal prompt answers exactly one candidate',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, hello);
      expect(answer.candidates?.length).toBe(1);
      expect(answer.promptFeedback?.blockReason).toBeUndefined();
    },
  ],
  [
    'no candidate only with a prompt problem in promptFeedback',
    async (t) => {
      const { client, model } = ctx(t);
      const unsafe = strongest(t);
      if (t.partlyJudged('a stateless target does not rate prompts')) return;
      const answer = await generate(client, model, {
        ...user(unsafe.prompt),
        safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
      });
      expect(answer.candidates ?? []).toHaveLength(0);
      expect(answer.promptFeedback?.blockReason).toBeDefined();
    },
  ],
]);

ruleTest(
  'GEN-RESP-2',
  'a blocked prompt has blockReason SAFETY, its rating, and no candidates; a harmless one is answered',
  async (t) => {
    const { client, model } = ctx(t);
    const unsafe = strongest(t);
    const answer = await generate(client, model, {
      ...user(unsafe.prompt),
      safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
    });
    expect(answer.promptFeedback?.blockReason).toBe('SAFETY');
    expect(answer.candidates ?? []).toHaveLength(0);
    expect(
      answer.promptFeedback?.safetyRatings?.some((r) => r.category === unsafe.category && RANK[r.probability]! >= 1),
    ).toBe(true);
    const fine = await generate(client, model, {
      ...user(negligible(t).prompt),
      safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
    });
    expect(fine.promptFeedback?.blockReason).toBeUndefined();
    expect(fine.candidates?.length).toBe(1);
  },
);

ruleTest(
  'GEN-RESP-3',
  'safety ratings hold at most one rating per category (answers, blocked prompts, stream events)',
  async (t) => {
    const { f, client, model } = ctx(t);
    expectOneRatingPerCategory(await generate(client, model, hello), 'a normal answer');
    const rated = safetyPrompts(t)
      .filter((p) => p.probability !== 'NEGLIGIBLE')
      .slice(0, 4);
    for (const p of rated)
      expectOneRatingPerCategory(
        await generate(client, model, {
          ...user(p.prompt),
          safetySettings: onlyThreshold(p.category, 'BLOCK_LOW_AND_ABOVE'),
        }),
        `${p.category} ${p.probability}`,
      );
    const stream = await rawStream(t, model, user('Tell a story about a garden in 40 words.'));
    stream.events.forEach((e, i) => expectOneRatingPerCategory(e as GenerateResponse, `stream event ${i}`));
    void f;
  },
);

ruleTest('GEN-STOP-1', 'generation stops at a stop sequence, which is not in the answer', async (t) => {
  const { client, model } = ctx(t);
  const prompt = user('Repeat exactly these words: alpha bravo charlie delta echo foxtrot.');
  const free = await generate(client, model, prompt);
  if (!textOf(free).includes('charlie'))
    t.notApplicable('the model did not repeat the words it was asked to repeat (no stop sequence to observe)');
  const cut = await generate(client, model, { ...prompt, generationConfig: { stopSequences: ['charlie'] } });
  const text = textOf(cut);
  expect(text).not.toContain('charlie');
  expect(text).not.toContain('delta');
  expect(text).not.toContain('foxtrot');
  expect(cut.candidates?.[0]?.finishReason).toBe('STOP');
});

ruleTest(
  'GEN-MAXTOK-1',
  'an answer cut at maxOutputTokens ends with MAX_TOKENS and holds at most that many tokens',
  async (t) => {
    const { client, model } = ctx(t);
    const prompt = user('Tell a long story about a garden in 200 words.');
    const free = await generate(client, model, prompt);
    expect(
      free.usageMetadata?.candidatesTokenCount ?? 0,
      'the story without a limit is longer than the limit',
    ).toBeGreaterThan(8);
    expect(free.candidates?.[0]?.finishReason).toBe('STOP');
    const cut = await generate(client, model, { ...prompt, generationConfig: { maxOutputTokens: 8 } });
    expect(cut.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    expect(cut.usageMetadata?.candidatesTokenCount ?? 0).toBeLessThanOrEqual(8);
    expect(textOf(cut).length).toBeLessThan(textOf(free).length);
  },
);

function expectTotal(answer: GenerateResponse, where: string) {
  const u = answer.usageMetadata as Record<string, number | undefined> | undefined;
  expect(u, `${where}: usageMetadata`).toBeDefined();
  const sum =
    (u!.promptTokenCount ?? 0) +
    (u!.candidatesTokenCount ?? 0) +
    (u!.toolUsePromptTokenCount ?? 0) +
    (u!.thoughtsTokenCount ?? 0);
  expect(u!.totalTokenCount, `${where}: ${JSON.stringify(u)}`).toBe(sum);
  expect(u!.promptTokenCount ?? 0, `${where}: the prompt has tokens`).toBeGreaterThan(0);
}

ruleTest(
  'GEN-USAGE-1',
  'totalTokenCount is prompt plus candidates, on every kind of answer and the last stream event',
  async (t) => {
    const { client, model } = ctx(t);
    const plain = await generate(client, model, hello);
    expect(plain.usageMetadata?.candidatesTokenCount ?? 0, 'a normal answer has candidate tokens').toBeGreaterThan(0);
    expectTotal(plain, 'a normal answer');
    expectTotal(await generate(client, model, user('Tell a story about a garden in 60 words.')), 'a longer answer');
    expectTotal(
      await generate(client, model, { ...hello, systemInstruction: { parts: [{ text: 'Answer briefly.' }] } }),
      'with a system instruction',
    );
    expectTotal(
      await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'application/json' } }),
      'a JSON answer',
    );
    const stream = await rawStream(t, model, user('Tell a story about a garden in 40 words.'));
    expectTotal(stream.events.at(-1) as GenerateResponse, 'the last stream event');
  },
);

const RESPONSE_SCHEMA: Schemas['Schema'] = {
  type: 'OBJECT',
  properties: {
    title: { type: 'STRING' },
    pages: { type: 'INTEGER' },
    rating: { type: 'NUMBER' },
    available: { type: 'BOOLEAN' },
    genre: { type: 'STRING', enum: ['fiction', 'poetry'] },
    tags: { type: 'ARRAY', items: { type: 'STRING' } },
    author: { type: 'OBJECT', properties: { name: { type: 'STRING' } }, required: ['name'] },
  },
  required: ['title', 'pages', 'rating', 'available', 'genre', 'tags', 'author'],
};

ruleTest('GEN-JSON-1', 'a JSON answer with a responseSchema parses and validates against the schema', async (t) => {
  const { client, model } = ctx(t);
  const answer = await generate(client, model, {
    ...user('Describe a book about gardens.'),
    generationConfig: { responseMimeType: 'application/json', responseSchema: RESPONSE_SCHEMA },
  });
  const text = textOf(answer);
  let value: unknown;
  expect(
    () => {
      value = JSON.parse(text);
    },
    `the answer is JSON: ${text.slice(0, 200)}`,
  ).not.toThrow();
  expect(breaks(value, RESPONSE_SCHEMA)).toEqual([]);
});

const FUNCTIONS = [
  {
    name: 'get_weather',
    description: 'Current weather of a city',
    parameters: {
      type: 'OBJECT',
      properties: { city: { type: 'STRING' }, unit: { type: 'STRING', enum: ['C', 'F'] }, days: { type: 'INTEGER' } },
      required: ['city', 'unit'],
    },
  },
  {
    name: 'get_time',
    description: 'Current time in a time zone',
    parameters: { type: 'OBJECT', properties: { zone: { type: 'STRING' } }, required: ['zone'] },
  },
] as const;

ruleTests('GEN-FUNC-1', [
  [
    'mode ANY calls an allowed function with args that validate against its parameters',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, {
        ...user('What is the time in Lisbon?'),
        tools: [{ functionDeclarations: FUNCTIONS }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_time'] } },
      });
      const call = answer.candidates?.[0]?.content?.parts?.find((p) => p.functionCall)?.functionCall;
      expect(call?.name).toBe('get_time');
      expect(breaks(call?.args ?? {}, FUNCTIONS[1].parameters as unknown as Schemas['Schema'])).toEqual([]);
      const weather = await generate(client, model, {
        ...user('What is the weather in Lisbon?'),
        tools: [{ functionDeclarations: FUNCTIONS }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      });
      const wcall = weather.candidates?.[0]?.content?.parts?.find((p) => p.functionCall)?.functionCall;
      expect(wcall?.name).toBe('get_weather');
      expect(breaks(wcall?.args ?? {}, FUNCTIONS[0].parameters as unknown as Schemas['Schema'])).toEqual([]);
    },
  ],
  [
    'mode NONE answers text, no call',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, {
        ...user('Use get_time for the time in Lisbon.'),
        tools: [{ functionDeclarations: FUNCTIONS }],
        toolConfig: { functionCallingConfig: { mode: 'NONE' } },
      });
      const parts = answer.candidates?.[0]?.content?.parts ?? [];
      expect(parts.some((p) => p.functionCall)).toBe(false);
      expect(textOf(answer).length).toBeGreaterThan(0);
    },
  ],
  [
    'a functionResponse turn is answered with text',
    async (t) => {
      const { client, model } = ctx(t);
      const answer = await generate(client, model, {
        contents: [
          { role: 'user', parts: [{ text: 'What is the time in Lisbon?' }] },
          { role: 'model', parts: [{ functionCall: { name: 'get_time', args: { zone: 'Europe/Lisbon' } } }] },
          { role: 'function', parts: [{ functionResponse: { name: 'get_time', response: { time: '12:00' } } }] },
        ],
        tools: [{ functionDeclarations: FUNCTIONS }],
      });
      expect(answer.candidates?.[0]?.content?.parts?.some((p) => p.functionCall)).toBe(false);
      expect(textOf(answer).length).toBeGreaterThan(0);
    },
  ],
]);

// =========================================================================================================
// Safety
// =========================================================================================================

ruleTests('GEN-SAFETY-1', [
  [
    'the settings are enforced on the prompt',
    async (t) => {
      const { client, model } = ctx(t);
      const unsafe = strongest(t);
      const strict = await generate(client, model, {
        ...user(unsafe.prompt),
        safetySettings: onlyThreshold(unsafe.category, 'BLOCK_LOW_AND_ABOVE'),
      });
      expect(strict.promptFeedback?.blockReason).toBe('SAFETY');
      const open = await generate(client, model, {
        ...user(unsafe.prompt),
        safetySettings: onlyThreshold(unsafe.category, 'BLOCK_NONE'),
      });
      expect(open.promptFeedback?.blockReason).toBeUndefined();
    },
  ],
  [
    'the settings are enforced on the answer',
    async (t) => {
      const { client, model } = ctx(t);
      const fixture = t.fixture('unsafeAnswerPrompt') as NonNullable<GenerativeFixtures['unsafeAnswerPrompt']>;
      const strict = await generate(client, model, {
        ...user(fixture.prompt),
        safetySettings: onlyThreshold(fixture.category, 'BLOCK_LOW_AND_ABOVE'),
      });
      expect(strict.promptFeedback?.blockReason, 'the prompt itself passes').toBeUndefined();
      expect(strict.candidates?.[0]?.finishReason).toBe('SAFETY');
      const open = await generate(client, model, {
        ...user(fixture.prompt),
        safetySettings: onlyThreshold(fixture.category, 'BLOCK_NONE'),
      });
      expect(open.candidates?.[0]?.finishReason).not.toBe('SAFETY');
    },
  ],
]);

ruleTest(
  'GEN-SAFETY-2',
  'two settings for one category are rejected; settings for two categories are accepted',
  async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(
      t,
      () =>
        generate(client, model, {
          ...hello,
          safetySettings: [
            { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
            { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' },
          ],
        }),
      BAD,
    );
    await generate(client, model, {
      ...hello,
      safetySettings: [
        { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
        { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' },
      ],
    });
  },
);

ruleTests(
  'GEN-SAFETY-3',
  [
    [
      'a listed category replaces its default, loosening as well as tightening',
      async (t) => {
        const { client, model } = ctx(t);
        for (const category of CATEGORIES) {
          const prompts = safetyPrompts(t).filter((p) => p.category === category && p.probability !== 'NEGLIGIBLE');
          for (const p of prompts) {
            const open = await generate(client, model, {
              ...user(p.prompt),
              safetySettings: [{ category, threshold: 'BLOCK_NONE' }],
            });
            expect(blocked(open), `${category} ${p.probability} listed BLOCK_NONE passes whatever the default`).toBe(
              false,
            );
            const strict = await generate(client, model, {
              ...user(p.prompt),
              safetySettings: [{ category, threshold: 'BLOCK_LOW_AND_ABOVE' }],
            });
            expect(
              blocked(strict),
              `${category} ${p.probability} listed BLOCK_LOW_AND_ABOVE is blocked whatever the default`,
            ).toBe(true);
          }
        }
      },
    ],
    [
      'a category not listed keeps its default',
      async (t) => {
        const { client, model } = ctx(t);
        let comparisons = 0;
        for (const p of safetyPrompts(t)) {
          const other = CATEGORIES.find((c) => c !== p.category)!;
          const byDefault = await generate(client, model, user(p.prompt));
          const otherListed = await generate(client, model, {
            ...user(p.prompt),
            safetySettings: [{ category: other, threshold: 'BLOCK_NONE' }],
          });
          expect(
            blocked(otherListed),
            `${p.category} ${p.probability}: listing only ${other} leaves ${p.category} at its default`,
          ).toBe(blocked(byDefault));
          comparisons += 1;
        }
        expect(comparisons).toBeGreaterThan(0);
      },
    ],
  ],
  SLOW,
);

ruleTests('GEN-SAFETY-4', [
  [
    'HARM_CATEGORY_MEDICAL in safetySettings is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(
        t,
        () =>
          generate(client, model, {
            ...hello,
            safetySettings: [{ category: 'HARM_CATEGORY_MEDICAL', threshold: 'BLOCK_NONE' }],
          }),
        BAD,
      );
    },
  ],
  [
    'the four supported categories are accepted',
    async (t) => {
      const { client, model } = ctx(t);
      await generate(client, model, {
        ...hello,
        safetySettings: CATEGORIES.map((category) => ({ category, threshold: 'BLOCK_ONLY_HIGH' })),
      });
    },
  ],
]);

ruleTest(
  'GEN-SAFETY-5',
  'each threshold blocks exactly the probabilities of its row of the table',
  async (t) => {
    const { client, model } = ctx(t);
    const outcomes = new Set<boolean>();
    for (const p of safetyPrompts(t)) {
      for (const threshold of Object.keys(BLOCKS_FROM)) {
        const answer = await generate(client, model, {
          ...user(p.prompt),
          safetySettings: onlyThreshold(p.category, threshold),
        });
        // The probability the target reports for the category, else the one the fixture claims.
        const reported = answer.promptFeedback?.safetyRatings?.find((r) => r.category === p.category)?.probability;
        const probability = reported && reported !== 'HARM_PROBABILITY_UNSPECIFIED' ? reported : p.probability;
        const expected = RANK[probability]! >= BLOCKS_FROM[threshold]!;
        expect(blocked(answer), `${p.category} rated ${probability} under ${threshold}`).toBe(expected);
        outcomes.add(expected);
      }
    }
    expect([...outcomes].sort(), 'the fixtures show both a blocked and an allowed prompt').toEqual([false, true]);
  },
  SLOW,
);

ruleTest(
  'GEN-SAFETY-6',
  'a blocked candidate answers finishReason SAFETY without its text, the blocking rating marked blocked',
  async (t) => {
    const { client, model } = ctx(t);
    const fixture = t.fixture('unsafeAnswerPrompt') as NonNullable<GenerativeFixtures['unsafeAnswerPrompt']>;
    const answer = await generate(client, model, {
      ...user(fixture.prompt),
      safetySettings: onlyThreshold(fixture.category, 'BLOCK_LOW_AND_ABOVE'),
    });
    expect(answer.promptFeedback?.blockReason).toBeUndefined();
    expect(answer.candidates).toHaveLength(1);
    const candidate = answer.candidates![0]!;
    expect(candidate.finishReason).toBe('SAFETY');
    expect(candidate.safetyRatings?.find((r) => r.category === fixture.category)).toMatchObject({ blocked: true });
    await t.convention('the blocked candidate carries no text', () => {
      expect((candidate.content?.parts ?? []).map((p) => p.text ?? '').join('')).toBe('');
    });
    const open = await generate(client, model, {
      ...user(fixture.prompt),
      safetySettings: onlyThreshold(fixture.category, 'BLOCK_NONE'),
    });
    expect(open.candidates?.[0]?.finishReason).toBe('STOP');
    expect(textOf(open).length).toBeGreaterThan(0);
    expect(open.candidates?.[0]?.safetyRatings?.some((r) => r.blocked === true) ?? false).toBe(false);
  },
);

// =========================================================================================================
// Cached content
// =========================================================================================================

async function createCache(t: RuleContext, client: GenerativeClient, model: string) {
  const text = t.fixture('cacheText') as string;
  const cache = await client.createCachedContent({
    body: {
      model: `models/${model}`,
      displayName: unique('cache').slice(0, 60),
      contents: [{ role: 'user', parts: [{ text }] }],
      ttl: '600s',
    },
  });
  expect(cache.name).toMatch(/^cachedContents\/[a-z0-9-]+$/);
  t.defer(() => client.deleteCachedContent({ cachedContent: cache.name!.replace('cachedContents/', '') }));
  return cache;
}

ruleTests('GEN-CACHE-1', [
  [
    'cachedContent not of the form cachedContents/<id> is rejected',
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, model, { ...hello, cachedContent: 'my-cache' }), BAD);
    },
  ],
  [
    'an unknown cachedContent is NOT_FOUND; a stored one is used',
    async (t) => {
      const { client, model } = ctx(t);
      if (t.partlyJudged('a stateless target holds no cached contents')) return;
      await t.convention('an unknown cachedContent is answered 404 NOT_FOUND', async () => {
        await expectStatusError(
          t,
          () => generate(client, model, { ...hello, cachedContent: 'cachedContents/no-such-cache-0' }),
          { status: 'NOT_FOUND', http: 404 },
        );
      });
      const cache = await createCache(t, client, model);
      await generate(client, model, { ...hello, cachedContent: cache.name });
    },
  ],
]);

ruleTest('GEN-CACHED-1', 'with cachedContent, promptTokenCount counts the cached tokens too', async (t) => {
  const { client, model } = ctx(t);
  const cache = await createCache(t, client, model);
  const without = await generate(client, model, hello);
  const answer = await generate(client, model, { ...hello, cachedContent: cache.name });
  const usage = answer.usageMetadata!;
  expect(usage.cachedContentTokenCount ?? 0).toBeGreaterThan(0);
  expect(usage.promptTokenCount!).toBeGreaterThanOrEqual(usage.cachedContentTokenCount!);
  expect(usage.promptTokenCount!, "the cached tokens add to the request's own").toBeGreaterThan(
    without.usageMetadata!.promptTokenCount!,
  );
});

ruleTest('GEN-CACHE-2', 'create, get, list, update the expiration, delete', async (t) => {
  const { client, model } = ctx(t);
  const before = Date.now();
  const cache = await createCache(t, client, model);
  const id = cache.name!.replace('cachedContents/', '');
  expect(cache.model).toBe(`models/${model}`);
  expect(cache.usageMetadata?.totalTokenCount ?? 0).toBeGreaterThan(0);
  const expires = Date.parse(cache.expireTime!);
  expect(expires - before).toBeGreaterThan(500_000);
  expect(expires - before).toBeLessThanOrEqual(660_000);
  expect((await client.getCachedContent({ cachedContent: id })).name).toBe(cache.name);
  const names: string[] = [];
  for await (const c of client.listCachedContentsAll({})) names.push(c.name!);
  expect(names).toContain(cache.name);
  const updated = await client.updateCachedContent({
    cachedContent: id,
    updateMask: 'ttl',
    body: { ttl: '7200s' },
  } as never);
  expect(Date.parse(updated.expireTime!) - before).toBeGreaterThan(7_000_000);
  expect(updated.displayName).toBe(cache.displayName);
  // The update is judged by a later read, not by its own answer.
  const reread = await client.getCachedContent({ cachedContent: id });
  expect(Date.parse(reread.expireTime!) - before).toBeGreaterThan(7_000_000);
  // Both reads show it: the list answers the new expiration too.
  let listed: { expireTime?: string } | undefined;
  for await (const c of client.listCachedContentsAll({})) if (c.name === cache.name) listed = c;
  expect(listed, 'the updated cache is listed').toBeDefined();
  expect(Date.parse(listed!.expireTime!) - before, 'the listed expiration').toBeGreaterThan(7_000_000);
  expect(await client.deleteCachedContent({ cachedContent: id })).toEqual({});
  await expectStatusError(t, () => client.getCachedContent({ cachedContent: id }), { status: 'NOT_FOUND', http: 404 });
});

// =========================================================================================================
// Streaming
// =========================================================================================================

ruleTests('GEN-STREAM-1', [
  [
    'every event on the wire is a data: line holding a valid GenerateContentResponse; no sentinel',
    async (t) => {
      const { model } = ctx(t);
      const stream = await rawStream(t, model, user('Tell a story about a garden in 40 words.'));
      expectSseFraming(stream);
      const text = stream.events
        .flatMap((e) => (e as GenerateResponse).candidates?.[0]?.content?.parts?.map((p) => p.text ?? '') ?? [])
        .join('');
      expect(text.length).toBeGreaterThan(0);
    },
  ],
  [
    'the generated client reads the same stream',
    async (t) => {
      const { client, model } = ctx(t);
      const chunks: GenerateResponse[] = [];
      for await (const chunk of client.streamGenerateContent({ model, alt: 'sse', body: hello as never }))
        chunks.push(chunk);
      expect(chunks.length).toBeGreaterThan(0);
      for (const c of chunks) expect(validateEvent(c)).toBeUndefined();
    },
  ],
]);

ruleTest(
  'GEN-STREAM-2',
  'a long answer comes in several events; only the last has finishReason, with usageMetadata',
  async (t) => {
    const { client, model } = ctx(t);
    const prompt = user('Tell a long story about a garden in 150 words.');
    const stream = await rawStream(t, model, prompt);
    expectSseFraming(stream);
    const events = stream.events as GenerateResponse[];
    expect(events.length, 'several events').toBeGreaterThan(1);
    events
      .slice(0, -1)
      .forEach((e, i) => expect(e.candidates?.[0]?.finishReason, `event ${i} is not the last`).toBeUndefined());
    const last = events.at(-1)!;
    expect(last.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last.usageMetadata?.candidatesTokenCount ?? 0).toBeGreaterThan(0);
    const streamed = events.flatMap((e) => e.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '') ?? []).join('');
    const whole = await generate(client, model, prompt);
    expect(streamed.length).toBeGreaterThan(textOf(whole).length / 2);
  },
);

// =========================================================================================================
// Uploads and files
// =========================================================================================================

ruleTest('GEN-UPLOAD-1', 'a multipart upload creates the file with its metadata, size and hash', async (t) => {
  const { client } = ctx(t);
  const displayName = unique('multipart');
  const file = await upload(t, client, 'text/plain', 'hello', { displayName });
  expect(file.displayName).toBe(displayName);
  expect(file.sizeBytes).toBe('5');
  expect(file.mimeType).toBe('text/plain');
  expect(file.sha256Hash).toBe('LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=');
  // Created means stored: files.get answered it as created (upload), and the project's list holds it.
  if (t.partlyJudged('a stateless target stores nothing to read back')) return;
  expect(await listedNames(client)).toContain(file.name);
});

ruleTests('GEN-UPLOAD-2', [
  [
    "a resumable upload in chunks answers the file with the total size and the bytes' hash",
    async (t) => {
      const { client } = ctx(t);
      const data = new Uint8Array(600 * 1024).map((_, i) => (i * 7) % 251);
      const progress: number[] = [];
      const result = await client.uploadFileResumable({
        metadata: { file: { displayName: unique('resumable') } },
        source: data,
        mimeType: 'application/octet-stream',
        chunkSize: 256 * 1024,
        onProgress: (p) => progress.push(p.loaded),
      });
      t.defer(() => client.deleteFile({ file: idOf(result.file!.name!) }));
      expect(result.file?.sizeBytes).toBe(String(data.byteLength));
      expect(result.file?.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
      expect(progress.at(-1)).toBe(data.byteLength);
      if (t.partlyJudged('a stateless target stores nothing to read back')) return;
      await expectStored(client, result.file!);
      expect(await listedNames(client)).toContain(result.file!.name);
    },
  ],
  [
    'the session URL as returned takes chunks at their offsets, answers query, and refuses a wrong offset',
    async (t) => {
      const { f, client } = ctx(t);
      const upload = t.session.endpoints.generative!.uploadUrl;
      const data = Buffer.from('0123456789abcdefghij');
      const start = await t.clients.fetch(`${upload}/upload/v1beta/files`, {
        method: 'POST',
        headers: {
          'x-goog-api-key': f.apiKey,
          'content-type': 'application/json',
          'x-goog-upload-protocol': 'resumable',
          'x-goog-upload-command': 'start',
          'x-goog-upload-header-content-length': String(data.length),
          'x-goog-upload-header-content-type': 'text/plain',
        },
        body: JSON.stringify({ file: { displayName: unique('session') } }),
      });
      expect(start.status).toBe(200);
      const session = start.headers.get('x-goog-upload-url');
      expect(session, 'x-goog-upload-url').toBeTruthy();
      // The cookbook posts the chunks to the session URL as it is (public-service-notes 3.3).
      const step = (command: string, offset: number | undefined, body?: Buffer) =>
        t.clients.fetch(session!, {
          method: 'POST',
          headers: {
            'x-goog-upload-command': command,
            ...(offset !== undefined ? { 'x-goog-upload-offset': String(offset) } : {}),
          },
          ...(body ? { body: new Blob([new Uint8Array(body)]) } : {}),
        });
      const first = await step('upload', 0, data.subarray(0, 8));
      expect(first.status).toBe(200);
      expect(first.headers.get('x-goog-upload-status')).toBe('active');
      // The next chunk's offset is exactly the bytes received: one step before it and one step past are refused.
      for (const offset of [3, 7, 9]) {
        const wrong = await step('upload', offset, data.subarray(8, 12));
        expect(wrong.status, `a chunk at offset ${offset} after 8 bytes is refused`).toBe(400);
      }
      const query = await step('query', undefined);
      expect(query.headers.get('x-goog-upload-size-received')).toBe('8');
      const last = await step('upload, finalize', 8, data.subarray(8));
      expect(last.status).toBe(200);
      expect(last.headers.get('x-goog-upload-status')).toBe('final');
      const file = ((await last.json()) as { file: FileBody }).file;
      t.defer(() => client.deleteFile({ file: idOf(file.name!) }));
      expect(file.sizeBytes).toBe(String(data.length));
      expect(file.sha256Hash).toBe(createHash('sha256').update(data).digest('base64'));
      await expectStored(client, file);
    },
  ],
]);

ruleTests('GEN-FILE-1', [
  [
    'a file id with upper case is rejected at creation',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.createFile({ body: { file: { name: 'files/Bad-ID' } } }), BAD);
    },
  ],
  [
    'a file id of 41 characters is rejected at creation',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.createFile({ body: { file: { name: `files/${'a'.repeat(41)}` } } }), BAD);
    },
  ],
  [
    'a file id ending in a dash is rejected at creation',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.createFile({ body: { file: { name: 'files/ends-with-' } } }), BAD);
    },
  ],
  [
    'a valid id of 40 characters is accepted and named files/<id>',
    async (t) => {
      const { client } = ctx(t);
      const id = `x${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.slice(0, 20).padEnd(40, '0');
      const created = await client.createFile({ body: { file: { name: `files/${id}` } } });
      t.defer(() => client.deleteFile({ file: id }));
      if (t.partlyJudged('a stateless target answers its example file, not the one created')) return;
      expect(created.file?.name).toBe(`files/${id}`);
      expect((await client.getFile({ file: id })).name, 'the file reads back under its id').toBe(`files/${id}`);
    },
  ],
]);

ruleTest('GEN-FILE-2', 'a displayName of 513 characters is rejected; 512 are accepted', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => client.createFile({ body: { file: { displayName: 'd'.repeat(513) } } }), BAD);
  const created = await client.createFile({ body: { file: { displayName: 'd'.repeat(512) } } });
  t.defer(() => client.deleteFile({ file: idOf(created.file!.name!) }));
  if (t.partlyJudged('a stateless target answers its example file, not the one created')) return;
  expect(created.file?.displayName).toHaveLength(512);
  expect((await client.getFile({ file: idOf(created.file!.name!) })).displayName).toHaveLength(512);
});

ruleTest('GEN-FILE-3', 'files created without a name get distinct generated names', async (t) => {
  const { client } = ctx(t);
  const a = await upload(t, client, 'text/plain', 'one');
  const b = await upload(t, client, 'text/plain', 'two');
  const c = await client.createFile({ body: { file: { displayName: unique('meta') } } });
  t.defer(() => client.deleteFile({ file: idOf(c.file!.name!) }));
  expect(new Set([a.name, b.name, c.file?.name]).size).toBe(3);
  // Each generated name names a stored file of its own (a and b were read back as they were uploaded).
  if (t.partlyJudged('a stateless target stores nothing to read back')) return;
  expect((await client.getFile({ file: idOf(c.file!.name!) })).displayName).toBe(c.file?.displayName);
  const listed = await listedNames(client);
  for (const name of [a.name, b.name, c.file?.name]) expect(listed).toContain(name);
});

ruleTest(
  'GEN-FILE-4',
  'output-only fields are set by the service from the bytes, whatever the client sends',
  async (t) => {
    const { client } = ctx(t);
    const before = Date.now();
    const file = await upload(t, client, 'text/plain', 'abc', {
      sizeBytes: '999',
      sha256Hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      createTime: '2001-01-01T00:00:00Z',
      state: 'FAILED',
    } as FileBody);
    expect(file).toMatchObject({
      mimeType: 'text/plain',
      sizeBytes: '3',
      sha256Hash: 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=',
    });
    expect(file.state).not.toBe('FAILED');
    for (const key of ['createTime', 'updateTime'] as const) {
      expect(file[key], `${key} is RFC 3339 UTC with at most nine fractional digits`).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/,
      );
    }
    expect(Date.parse(file.createTime!)).toBeGreaterThanOrEqual(before - 60_000);
    expect(file.uri).toBeTypeOf('string');
  },
);

ruleTest('GEN-FILE-STATE-1', 'a video upload starts in PROCESSING', async (t) => {
  const { client } = ctx(t);
  const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
  expect(file.state).toBe('PROCESSING');
});

ruleTest(
  'GEN-FILE-STATE-2',
  'a processed video becomes ACTIVE and usable for generation',
  async (t) => {
    const { client, model } = ctx(t);
    const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
    const active = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(active.state).toBe('ACTIVE');
    expect(active.error).toBeUndefined();
    expect((await listedFile(client, file.name!))?.state, 'files.list shows the stored state').toBe('ACTIVE');
    const answer = await generate(client, model, fileTurn(active));
    expect(answer.candidates?.length).toBe(1);
  },
  SLOW,
);

ruleTest(
  'GEN-FILE-STATE-3',
  'a video that fails processing becomes FAILED with error set to a Status',
  async (t) => {
    const { client } = ctx(t);
    const file = await upload(t, client, 'video/mp4', media(t, 'unprocessableVideo'));
    const failed = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(failed.state).toBe('FAILED');
    expect((await listedFile(client, file.name!))?.state, 'files.list shows the stored state').toBe('FAILED');
    expect(failed.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect(failed.error!.code, 'a code of the standard RPC enumeration').toBeGreaterThanOrEqual(1);
    expect(failed.error!.code).toBeLessThanOrEqual(16);
    expect(failed.videoMetadata).toBeUndefined();
  },
  SLOW,
);

ruleTest(
  'GEN-FILE-STATE-4',
  'a PROCESSING file used for generation is FAILED_PRECONDITION; once ACTIVE it is accepted',
  async (t) => {
    const { client, model } = ctx(t);
    const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
    if (file.state !== 'PROCESSING') t.notApplicable('the video was processed before it could be referenced');
    const refused = await generate(client, model, fileTurn(file)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused, 'a request naming a PROCESSING file is refused').toBeDefined();
    await t.convention('the refusal is 400 FAILED_PRECONDITION', async () => {
      await expectStatusError(t, () => Promise.reject(refused), { status: 'FAILED_PRECONDITION', http: 400 });
    });
    expect((refused as { httpStatus?: number }).httpStatus ?? 0, 'a refusal in the 4xx range').toBeGreaterThanOrEqual(
      400,
    );
    expect((refused as { httpStatus?: number }).httpStatus ?? 0).toBeLessThan(500);
    const active = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(active.state).toBe('ACTIVE');
    await generate(client, model, fileTurn(active));
  },
  SLOW,
);

ruleTest(
  'GEN-FILE-VIDEO-1',
  'an ACTIVE video carries videoMetadata.videoDuration, its duration',
  async (t) => {
    const { client } = ctx(t);
    const seconds = t.fixture('shortVideoSeconds') as number;
    const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
    const active = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(active.state).toBe('ACTIVE');
    const duration = active.videoMetadata?.videoDuration;
    expect(duration).toMatch(/^\d+(\.\d{1,9})?s$/);
    expect(Math.abs(parseFloat(duration!) - seconds)).toBeLessThanOrEqual(0.1);
  },
  SLOW,
);

ruleTest(
  'GEN-FILE-DELETED-1',
  'generation referencing a deleted file is PERMISSION_DENIED (it was accepted before)',
  async (t) => {
    const { client, model } = ctx(t);
    const file = await upload(t, client, 'text/plain', 'soon gone');
    await generate(client, model, fileTurn(file));
    await client.deleteFile({ file: idOf(file.name!) });
    await expectStatusError(t, () => generate(client, model, fileTurn(file)), {
      status: 'PERMISSION_DENIED',
      http: 403,
    });
  },
);

ruleTest('GEN-FILE-DELETE-1', 'upload, get, list, delete; then not readable and not listed', async (t) => {
  const { client } = ctx(t);
  const file = await upload(t, client, 'text/plain', 'lifecycle');
  expect((await client.getFile({ file: idOf(file.name!) })).name).toBe(file.name);
  const names = () => listedNames(client);
  expect(await names()).toContain(file.name);
  expect(await client.deleteFile({ file: idOf(file.name!) })).toEqual({});
  // The public service answers 403 PERMISSION_DENIED ("... or it may not exist"); 404 NOT_FOUND is as clear.
  const refused = await client.getFile({ file: idOf(file.name!) }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused, 'reading a deleted file is refused').toBeDefined();
  const status = (refused as { status?: string }).status;
  await expectStatusError(
    t,
    () => Promise.reject(refused),
    status === 'NOT_FOUND' ? { status: 'NOT_FOUND', http: 404 } : { status: 'PERMISSION_DENIED', http: 403 },
  );
  expect(await names()).not.toContain(file.name);
});

ruleTests(
  'GEN-FILE-LIST-1',
  [
    [
      'without pageSize a page holds 10 files when more exist',
      async (t) => {
        const { client } = ctx(t);
        if (t.partlyJudged('a stateless target holds no files')) return;
        for (let i = 0; i < 11; i++) await upload(t, client, 'text/plain', `f${i}`);
        const page = await client.listFiles();
        expect(page.files?.length).toBe(10);
        expect(page.nextPageToken).toBeTypeOf('string');
      },
    ],
    [
      'pageSize 3 gives pages of 3 files',
      async (t) => {
        const { client } = ctx(t);
        if (t.partlyJudged('a stateless target holds no files')) return;
        for (let i = 0; i < 4; i++) await upload(t, client, 'text/plain', `g${i}`);
        const page = await client.listFiles({ pageSize: 3 });
        expect(page.files?.length).toBe(3);
      },
    ],
    // The public service coerces a pageSize above the maximum: answered, never refused.
    [
      'pageSize 101 is answered with at most 100 files',
      async (t) => {
        const { client } = ctx(t);
        expect((await client.listFiles({ pageSize: 101 })).files?.length ?? 0).toBeLessThanOrEqual(100);
      },
    ],
    // The range's top end and one step past it, with more files than a page holds.
    [
      'with more than 100 files, pageSize 100 and pageSize 101 each give exactly 100',
      async (t) => {
        const { client } = ctx(t);
        if (t.partlyJudged('a stateless target holds no files')) return;
        for (let i = 0; i < 101; i++) await upload(t, client, 'text/plain', `h${i}`);
        expect((await client.listFiles({ pageSize: 100 })).files?.length).toBe(100);
        expect((await client.listFiles({ pageSize: 101 })).files?.length).toBe(100);
      },
    ],
  ],
  SLOW,
);

ruleTest('GEN-FILE-LIST-2', 'nextPageToken walks every file once; the last page has none', async (t) => {
  const { client } = ctx(t);
  const made = [];
  for (let i = 0; i < 3; i++) made.push((await upload(t, client, 'text/plain', `page ${i}`)).name!);
  const names: string[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const page = await client.listFiles({ pageSize: 2, pageToken: token });
    expect(page.files?.length ?? 0).toBeLessThanOrEqual(2);
    names.push(...(page.files ?? []).map((f) => f.name!));
    token = page.nextPageToken;
    pages += 1;
    expect(pages, 'the walk ends').toBeLessThan(1000);
  } while (token);
  expect(pages).toBeGreaterThanOrEqual(2);
  for (const name of made) expect(names).toContain(name);
  expect(new Set(names).size).toBe(names.length);
});

ruleTest('GEN-FILE-LIST-3', "another project's files are not listed", async (t) => {
  const { client } = ctx(t);
  const otherKey = t.fixture('otherProjectApiKey') as string;
  const other = t.clients.generative(otherKey);
  const mine = await upload(t, client, 'text/plain', 'mine');
  const theirs = (
    await other.uploadFileMultipart({
      metadata: { file: { displayName: unique('theirs') } },
      data: new TextEncoder().encode('theirs'),
      mimeType: 'text/plain',
    })
  ).file!;
  t.defer(() => other.deleteFile({ file: idOf(theirs.name!) }));
  const names: string[] = [];
  for await (const f of client.listFilesAll({ pageSize: 100 })) names.push(f.name!);
  expect(names).toContain(mine.name);
  expect(names).not.toContain(theirs.name);
});

// Last in the file (see harness/run-order.ts): the key stays throttled after the burst.
ruleTest(
  'GEN-RATE-1',
  'a burst past the rate limit answers 429 RESOURCE_EXHAUSTED',
  async (t) => {
    const { client } = ctx(t);
    t.requireBursts();
    const burst = t.fixture('rateLimitBurst') as number;
    await expectStatusError(
      t,
      async () => {
        for (let i = 0; i <= burst; i++) await client.listFiles({ pageSize: 1 });
      },
      { status: 'RESOURCE_EXHAUSTED', http: 429 },
    );
  },
  SLOW,
);
