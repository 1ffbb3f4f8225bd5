// Issue 10, generative: answers of the public service (as public-service-notes §3 and the generative review
// record them) pass the harness's answer check, requests written the public way are accepted by the generated
// server, and requests the document forbids are still refused, in either JSON spelling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchanges } from '../../contracts/harness/conformance.js';
import type { Exchange } from '../../contracts/harness/recorder.js';
import type { RunningServer } from '../../contracts/targets/listen-local.js';
import { generatedServer, isStatusError, recorded, send } from './recorded.js';

const BASE = 'https://generative.example.test';
const GENERATE = `${BASE}/v1beta/models/text-model-1:generateContent?key=k`;
const text = (t: string) => ({ content: { role: 'model', parts: [{ text: t }] }, index: 0 });

/** Recorded public answers, each accepted by the answer check. */
const ACCEPTED = {
  // Open answer enums (review 7.12): values the public service has beyond the document's lists.
  'finishReason MALFORMED_FUNCTION_CALL': recorded('POST', GENERATE, 200, {
    candidates: [
      { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'MALFORMED_FUNCTION_CALL', index: 0 },
    ],
    usageMetadata: { promptTokenCount: 12, totalTokenCount: 12 },
  }),
  'a HARM_CATEGORY_CIVIC_INTEGRITY rating and a later probability': recorded('POST', GENERATE, 200, {
    candidates: [
      {
        ...text('Hello.'),
        finishReason: 'STOP',
        safetyRatings: [{ category: 'HARM_CATEGORY_CIVIC_INTEGRITY', probability: 'NEGLIGIBLE' }],
      },
    ],
  }),
  'a prompt blocked with blockReason PROHIBITED_CONTENT and no candidates': recorded('POST', GENERATE, 200, {
    promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
    usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
  }),
  'members the document does not list (thought parts, thoughtsTokenCount, responseId)': recorded(
    'POST',
    GENERATE,
    200,
    {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Thinking', thought: true },
              { text: 'Answer', thoughtSignature: 'c2ln' },
            ],
          },
          finishReason: 'STOP',
          index: 0,
          avgLogprobs: -0.2,
        },
      ],
      usageMetadata: {
        promptTokenCount: 3,
        candidatesTokenCount: 2,
        thoughtsTokenCount: 40,
        totalTokenCount: 45,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 3 }],
      },
      modelVersion: 'text-model-1-001',
      responseId: 'r-1',
    },
  ),
  // Tuned models (review 1.1): generateContent on tunedModels/<id>.
  'a tuned model answers': recorded('POST', `${BASE}/v1beta/tunedModels/my-tuned-1:generateContent?key=k`, 200, {
    candidates: [{ ...text('Hi.'), finishReason: 'STOP' }],
  }),
  // alt optional (review 1.2): without alt the chunks come as one JSON array.
  'streamGenerateContent without alt: a JSON array of chunks': recorded(
    'POST',
    `${BASE}/v1beta/models/text-model-1:streamGenerateContent?key=k`,
    200,
    [{ candidates: [text('Once')] }, { candidates: [{ ...text(' upon a time.'), finishReason: 'STOP' }] }],
  ),
  // GEN-AUTH-3 (review 2.2-k): an invalid key is 400 API_KEY_INVALID, a missing one 403.
  'an invalid key: 400 INVALID_ARGUMENT with ErrorInfo': recorded('POST', GENERATE, 400, {
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'platform.example',
          metadata: { service: 'generative.platform.example' },
        },
        {
          '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
          locale: 'en-US',
          message: 'API key not valid. Please pass a valid API key.',
        },
      ],
    },
  }),
  'a missing key: 403 PERMISSION_DENIED': recorded('GET', `${BASE}/v1beta/files`, 403, {
    error: {
      code: 403,
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      status: 'PERMISSION_DENIED',
    },
  }),
  // 504 in the public error table (review 1.11).
  'a generation timeout: 504 DEADLINE_EXCEEDED': recorded('POST', GENERATE, 504, {
    error: { code: 504, message: 'Deadline expired before operation could complete.', status: 'DEADLINE_EXCEEDED' },
  }),
  // Deleted-file read (review 2.2-e): the public service answers 403, not 404.
  'reading a deleted file: 403 PERMISSION_DENIED': recorded('GET', `${BASE}/v1beta/files/abc-123?key=k`, 403, {
    error: {
      code: 403,
      message: 'You do not have permission to access the File abc-123 or it may not exist.',
      status: 'PERMISSION_DENIED',
    },
  }),
  'reading a deleted file: 404 NOT_FOUND (another implementation)': recorded(
    'GET',
    `${BASE}/v1beta/files/abc-123?key=k`,
    404,
    { error: { code: 404, message: 'File not found.', status: 'NOT_FOUND' } },
  ),
  // pageSize above 100 (review 1.4): coerced, so a page of at most 100 files comes back.
  'listFiles with pageSize=500: a page, not a refusal': recorded(
    'GET',
    `${BASE}/v1beta/files?pageSize=500&key=k`,
    200,
    {
      files: [
        {
          name: 'files/abc-123',
          mimeType: 'text/plain',
          sizeBytes: '5',
          createTime: '2024-05-01T12:00:00.123456789Z',
          updateTime: '2024-05-01T12:00:00.123456789Z',
          state: 'ACTIVE',
          source: 'UPLOADED',
          downloadUri: 'https://x.example/f',
        },
      ],
    },
  ),
  // A taken file name (review 4, HTTP mapping): 409 ALREADY_EXISTS is a possible answer.
  'a create with a taken name: 409 ALREADY_EXISTS': recorded('POST', `${BASE}/v1beta/files?key=k`, 409, {
    error: { code: 409, message: 'File files/abc-123 already exists.', status: 'ALREADY_EXISTS' },
  }),
  'a file in a state a later version added': recorded('GET', `${BASE}/v1beta/files/abc-123?key=k`, 200, {
    name: 'files/abc-123',
    state: 'STATE_ARCHIVED',
  }),
};

/** A recorded event stream: one `data:` line per chunk, a blank line after each, EOF ends it (notes 3.2). */
function stream(chunks: unknown[]): Exchange {
  return {
    method: 'POST',
    url: `${BASE}/v1beta/models/text-model-1:streamGenerateContent?alt=sse&key=k`,
    status: 200,
    responseContentType: 'text/event-stream',
    responseBody: chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join(''),
  };
}

describe('generative: recorded public streams pass the per-event check', () => {
  it('a stream whose last chunk has finishReason MALFORMED_FUNCTION_CALL and an unknown rating category', async () => {
    const exchange = stream([
      { candidates: [text('Calling')], usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 } },
      {
        candidates: [
          {
            ...text(''),
            finishReason: 'MALFORMED_FUNCTION_CALL',
            safetyRatings: [{ category: 'HARM_CATEGORY_CIVIC_INTEGRITY', probability: 'LOW' }],
          },
        ],
        modelVersion: 'm-001',
        responseId: 'r-2',
      },
    ]);
    expect((await checkExchanges('generative', [exchange])).map((v) => v.message)).toEqual([]);
  });

  it('still refuses a stream chunk that breaks the document (a rating without probability)', async () => {
    const exchange = stream([
      { candidates: [{ ...text('x'), safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT' }] }] },
    ]);
    expect(await checkExchanges('generative', [exchange])).toHaveLength(1);
  });
});

describe('generative: recorded public answers pass the answer check', () => {
  it.each(Object.entries(ACCEPTED))('%s', async (_, exchange) => {
    expect((await checkExchanges('generative', [exchange])).map((v) => v.message)).toEqual([]);
  });

  it.each([
    ['a finishReason that is not a string', { candidates: [{ ...text('x'), finishReason: 3 }] }],
    [
      'candidates beside a blockReason (the document: none are returned)',
      { promptFeedback: { blockReason: 'SAFETY' }, candidates: [text('x')] },
    ],
    [
      'a safety rating without probability',
      { candidates: [{ ...text('x'), safetyRatings: [{ category: 'HARM_CATEGORY_HARASSMENT' }] }] },
    ],
  ])('still refuses an answer with %s', async (_, body) => {
    expect(await checkExchanges('generative', [recorded('POST', GENERATE, 200, body)])).toHaveLength(1);
  });

  it.each([
    [
      'a createTime with an offset (the document: UTC)',
      { name: 'files/abc-123', createTime: '2024-05-01T14:00:00+02:00' },
    ],
    [
      'a processing error code outside the RPC codes',
      { name: 'files/abc-123', state: 'FAILED', error: { code: 42, message: 'x' } },
    ],
  ])('still refuses a File with %s', async (_, body) => {
    expect(
      await checkExchanges('generative', [recorded('GET', `${BASE}/v1beta/files/abc-123?key=k`, 200, body)]),
    ).toHaveLength(1);
  });
});

describe('generative: the generated server takes requests written the public way, and refuses what the document forbids', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await generatedServer('generative');
  });
  afterAll(() => server?.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const generate = (body: unknown, collection = 'models') =>
    post(`/v1beta/${collection}/text-model-1:generateContent?key=k`, body);
  const hello = [{ role: 'user', parts: [{ text: 'hello' }] }];

  it('addresses tuned models (tunedModels/<id>) as well as models, and nothing else', async () => {
    expect((await generate({ contents: hello })).status).toBe(200);
    expect((await generate({ contents: hello }, 'tunedModels')).status).toBe(200);
    expect(isStatusError(await generate({ contents: hello }, 'files'), 400)).toBe(true);
  });

  it('accepts a request in the proto field names (snake_case), as the public service does', async () => {
    const body = {
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'describe' },
            { inline_data: { mime_type: 'text/plain', data: 'aGk=' } },
            { file_data: { file_uri: 'http://127.0.0.1/v1beta/files/abc-123', mime_type: 'text/plain' } },
          ],
        },
      ],
      system_instruction: { parts: [{ text: 'Be brief.' }] },
      generation_config: {
        candidate_count: 1,
        max_output_tokens: 64,
        stop_sequences: ['END'],
        response_mime_type: 'application/json',
        response_schema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } },
        top_p: 0.9,
        top_k: 20,
      },
      safety_settings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }],
      tools: [
        {
          function_declarations: [
            {
              name: 'lookup',
              description: 'Looks up',
              parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } } },
            },
          ],
        },
      ],
      tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['lookup'] } },
      cached_content: 'cachedContents/cache-1',
    };
    const answer = await generate(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it.each([
    ['candidate_count 2', { generation_config: { candidate_count: 2 } }],
    ['six stop_sequences', { generation_config: { stop_sequences: ['1', '2', '3', '4', '5', '6'] } }],
    ['response_schema without application/json', { generation_config: { response_schema: { type: 'STRING' } } }],
    [
      'a part with text and inline_data',
      { contents: [{ role: 'user', parts: [{ text: 'x', inline_data: { mime_type: 'text/plain', data: 'aGk=' } }] }] },
    ],
    ['a tool of another kind (search_retrieval)', { tools: [{ search_retrieval: {} }] }],
    [
      'an inline_data without a MIME type',
      { contents: [{ role: 'user', parts: [{ inline_data: { data: 'aGk=' } }] }] },
    ],
    [
      'a system_instruction with a non-text part',
      { system_instruction: { parts: [{ inline_data: { mime_type: 'text/plain', data: 'aGk=' } }] } },
    ],
    [
      'the OFF threshold (not in the document)',
      { safety_settings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }] },
    ],
  ])('refuses %s in the snake_case spelling too (400 in the Status shape)', async (_, change) => {
    expect(isStatusError(await generate({ contents: hello, ...change }), 400)).toBe(true);
  });

  it('refuses the same limits in the lowerCamelCase spelling', async () => {
    expect(isStatusError(await generate({ contents: hello, generationConfig: { candidateCount: 2 } }), 400)).toBe(true);
    expect(isStatusError(await generate({ contents: hello, generationConfig: { temperature: 2.5 } }), 400)).toBe(true);
    expect(isStatusError(await generate({ generationConfig: { temperature: 1 } }), 400)).toBe(true);
  });

  it('createFile: an empty name (a generated one follows) and display_name are accepted; a bad name or an overlong display_name refused', async () => {
    expect((await post('/v1beta/files?key=k', { file: { name: '', displayName: 'x' } })).status).toBe(200);
    expect(
      (await post('/v1beta/files?key=k', { file: { display_name: 'Quarterly report', mime_type: 'text/plain' } }))
        .status,
    ).toBe(200);
    expect(isStatusError(await post('/v1beta/files?key=k', { file: { name: 'files/-bad-' } }), 400)).toBe(true);
    expect(isStatusError(await post('/v1beta/files?key=k', { file: { display_name: 'x'.repeat(513) } }), 400)).toBe(
      true,
    );
  });

  it('listFiles: pageSize 0 and 500 are not refused (the public service coerces); a negative one or a non-number is', async () => {
    for (const size of ['0', '500'])
      expect((await send(`${server.baseUrl}/v1beta/files?key=k&pageSize=${size}`)).status).toBe(200);
    for (const size of ['-1', 'many'])
      expect(isStatusError(await send(`${server.baseUrl}/v1beta/files?key=k&pageSize=${size}`), 400), size).toBe(true);
  });

  it('streamGenerateContent is accepted without alt', async () => {
    expect((await post('/v1beta/models/text-model-1:streamGenerateContent?key=k', { contents: hello })).status).toBe(
      200,
    );
  });

  it('resumable chunks go to the session URL without a key, with upload, finalize spelt with or without the space', async () => {
    const chunk = (command: string) =>
      send(`${server.baseUrl}/upload/v1beta/files?upload_id=s1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'x-goog-upload-command': command,
          'x-goog-upload-offset': '0',
        },
        body: 'hello',
      });
    for (const command of ['upload', 'upload, finalize', 'upload,finalize'])
      expect((await chunk(command)).status, command).toBe(200);
    expect(isStatusError(await chunk('explode'), 400)).toBe(true);
  });

  it('other requests still need the key', async () => {
    // The spec says 403 (GEN-AUTH-3); the generated router's default for a missing credential is 401 until an
    // implementation passes its own missingCredentials answer, so either refusal is accepted here.
    for (const answer of [
      await send(`${server.baseUrl}/v1beta/files`),
      await post('/v1beta/models/text-model-1:generateContent', { contents: hello }),
    ]) {
      expect(isStatusError(answer, 403) || isStatusError(answer, 401), JSON.stringify(answer)).toBe(true);
    }
  });
});
