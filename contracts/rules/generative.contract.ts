// Rules of the generative content and file service (GEN-*), through the generated GenerativeClient.
import { expect } from 'vitest';
import type { GenerativeClient } from '../../generated/generative/client.js';
import { expectStatusError, unique } from '../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../harness/rule-test.js';

function ctx(t: RuleContext) {
  const f = t.session.fixtures.generative;
  return { f, client: t.clients.generative(), model: f.model };
}

const BAD = { status: 'INVALID_ARGUMENT', http: 400 };
const hello = { contents: [{ role: 'user' as const, parts: [{ text: 'Say hello.' }] }] };

function generate(client: GenerativeClient, model: string, body: Record<string, unknown>) {
  return client.generateContent({ model, body: body as never });
}

const idOf = (name: string) => name.replace(/^files\//, '');

async function upload(client: GenerativeClient, mimeType: string, text: string, displayName = unique('file')) {
  const created = await client.uploadFileMultipart({ metadata: { file: { displayName } }, data: new TextEncoder().encode(text), mimeType });
  expect(created.file?.name).toMatch(/^files\/[a-z0-9-]+$/);
  return created.file!;
}

async function waitForState(client: GenerativeClient, name: string, done: (state: string) => boolean) {
  for (let i = 0; i < 50; i++) {
    const file = await client.getFile({ file: idOf(name) });
    if (done(file.state ?? '')) return file;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not leave PROCESSING`);
}

ruleTest('GEN-AUTH-1', 'the API key in the key query parameter is accepted', async (t) => {
  const { f, model } = ctx(t);
  const client = t.clients.generative(f.apiKey, 'query');
  await generate(client, model, hello);
  expect(t.recorder.last()!.url).toContain('key=');
});

ruleTest('GEN-AUTH-2', 'the API key in the x-goog-api-key header is accepted on generation and file endpoints', async (t) => {
  const { f, model } = ctx(t);
  const client = t.clients.generative(f.apiKey, 'header');
  await generate(client, model, hello);
  await client.listFiles({ pageSize: 1 });
  for (const e of t.recorder.exchanges) expect(e.url).not.toContain('key=');
});

ruleTests('GEN-AUTH-3', [
  ['a request without a key is rejected', async (t) => {
    const response = await t.clients.fetch(`${t.clients.baseUrl('generative')}/v1beta/files`);
    const body = (await response.json().catch(() => undefined)) as { error?: { status?: string } } | undefined;
    t.mockLimitationIf(!body?.error?.status, `the mock answered HTTP ${response.status} in its own shape`);
    expect([401, 403]).toContain(response.status);
    expect(['PERMISSION_DENIED', 'UNAUTHENTICATED']).toContain(body?.error?.status);
  }],
  ['an invalid key is rejected', async (t) => {
    const { f, model } = ctx(t);
    const client = t.clients.generative(f.invalidApiKey);
    const e = await expectStatusError(t, () => generate(client, model, hello), { status: 'INVALID_ARGUMENT', http: 400 }).catch(async () =>
      expectStatusError(t, () => generate(client, model, hello), { status: 'PERMISSION_DENIED', http: 403 }));
    expect(e.message).toMatch(/key/i);
  }],
]);

ruleTests('GEN-REQ-1', [
  ['a request without contents is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { generationConfig: { temperature: 1 } }), BAD);
  }],
  ['a request with empty contents is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { contents: [] }), BAD);
  }],
]);

ruleTests('GEN-GENCFG-1', [
  ['six stop sequences are rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] } }), BAD);
  }],
  ['five stop sequences are accepted', async (t) => {
    const { client, model } = ctx(t);
    await generate(client, model, { ...hello, generationConfig: { stopSequences: ['a', 'b', 'c', 'd', 'e'] } });
  }],
]);

ruleTest('GEN-GENCFG-2', 'candidateCount 2 is rejected', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { candidateCount: 2 } }), BAD);
});

ruleTests('GEN-GENCFG-3', [
  ['temperature 2.1 is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { temperature: 2.1 } }), BAD);
  }],
  ['temperature -0.1 is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { temperature: -0.1 } }), BAD);
  }],
  ['temperatures 0 and 2 are accepted', async (t) => {
    const { client, model } = ctx(t);
    await generate(client, model, { ...hello, generationConfig: { temperature: 0 } });
    await generate(client, model, { ...hello, generationConfig: { temperature: 2 } });
  }],
]);

ruleTests('GEN-GENCFG-4', [
  ['responseSchema without responseMimeType is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } } }), BAD);
  }],
  ['responseSchema with text/plain is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { responseMimeType: 'text/plain', responseSchema: { type: 'STRING' } } }), BAD);
  }],
  ['responseSchema with application/json is accepted', async (t) => {
    const { client, model } = ctx(t);
    await generate(client, model, { ...hello, generationConfig: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } } });
  }],
]);

ruleTest('GEN-GENCFG-5', 'responseMimeType text/html is rejected', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, generationConfig: { responseMimeType: 'text/html' } }), BAD);
});

ruleTest('GEN-SAFETY-1', 'an unsafe prompt under BLOCK_LOW_AND_ABOVE is blocked', async (t) => {
  const { f, client, model } = ctx(t);
  if (!f.unsafePrompt) t.notApplicable('no unsafePrompt fixture');
  const answer = await generate(client, model, { contents: [{ role: 'user', parts: [{ text: f.unsafePrompt }] }], safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }] });
  expect(answer.promptFeedback?.blockReason).toBe('SAFETY');
  expect(answer.candidates ?? []).toEqual([]);
});

ruleTest('GEN-SAFETY-2', 'two settings for one category are rejected', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, safetySettings: [
    { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' },
    { category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' },
  ] }), BAD);
});

ruleTest('GEN-SAFETY-3', 'a listed category replaces its default, so the same prompt passes with BLOCK_NONE', async (t) => {
  const { f, client, model } = ctx(t);
  if (!f.unsafePrompt) t.notApplicable('no unsafePrompt fixture');
  const prompt = { contents: [{ role: 'user', parts: [{ text: f.unsafePrompt }] }] };
  const strict = await generate(client, model, { ...prompt, safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }] });
  const open = await generate(client, model, { ...prompt, safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }] });
  expect(strict.promptFeedback?.blockReason).toBe('SAFETY');
  expect(open.promptFeedback?.blockReason).toBeUndefined();
  expect(open.candidates?.length).toBe(1);
});

ruleTests('GEN-SAFETY-4', [
  ['HARM_CATEGORY_MEDICAL in safetySettings is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, safetySettings: [{ category: 'HARM_CATEGORY_MEDICAL', threshold: 'BLOCK_NONE' }] }), BAD);
  }],
  ['the four supported categories are accepted', async (t) => {
    const { client, model } = ctx(t);
    await generate(client, model, { ...hello, safetySettings: ['HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_HARASSMENT'].map((category) => ({ category, threshold: 'BLOCK_ONLY_HIGH' })) });
  }],
]);

ruleTest('GEN-RESP-1', 'an answer has exactly one candidate, or none with promptFeedback.blockReason', async (t) => {
  const { client, model } = ctx(t);
  const answer = await generate(client, model, hello);
  const count = answer.candidates?.length ?? 0;
  if (count === 0) expect(answer.promptFeedback?.blockReason).toBeDefined();
  else expect(count).toBe(1);
});

ruleTest('GEN-RESP-2', 'a blocked prompt has blockReason and no candidates', async (t) => {
  const { f, client, model } = ctx(t);
  if (!f.unsafePrompt) t.notApplicable('no unsafePrompt fixture');
  const answer = await generate(client, model, { contents: [{ role: 'user', parts: [{ text: f.unsafePrompt }] }], safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_LOW_AND_ABOVE' }] });
  expect(['SAFETY', 'OTHER']).toContain(answer.promptFeedback?.blockReason);
  expect(answer.candidates ?? []).toHaveLength(0);
  expect(answer.promptFeedback?.safetyRatings?.some((r) => r.category === 'HARM_CATEGORY_HARASSMENT')).toBe(true);
});

ruleTest('GEN-RESP-3', 'safety ratings hold at most one rating per category', async (t) => {
  const { client, model } = ctx(t);
  const answer = await generate(client, model, hello);
  const lists = [answer.promptFeedback?.safetyRatings ?? [], ...(answer.candidates ?? []).map((c) => c.safetyRatings ?? [])];
  for (const list of lists) {
    const categories = list.map((r) => r.category);
    expect(new Set(categories).size).toBe(categories.length);
  }
});

ruleTest('GEN-SYSINSTR-1', 'a system instruction with a non-text part is rejected', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, systemInstruction: { parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] } }), BAD);
});

ruleTests('GEN-TOOLS-1', [
  ['a function declaration without description is rejected', async (t) => {
    const { client, model } = ctx(t);
    await expectStatusError(t, () => generate(client, model, { ...hello, tools: [{ functionDeclarations: [{ name: 'get_weather' }] }] }), BAD);
  }],
  ['a function declaration with OBJECT parameters is accepted', async (t) => {
    const { client, model } = ctx(t);
    await generate(client, model, { ...hello, tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'Weather of a city', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] } }] }], toolConfig: { functionCallingConfig: { mode: 'AUTO' } } });
  }],
]);

ruleTest('GEN-CACHE-1', 'cachedContent not of the form cachedContents/<id> is rejected', async (t) => {
  const { client, model } = ctx(t);
  await expectStatusError(t, () => generate(client, model, { ...hello, cachedContent: 'my-cache' }), BAD);
});

ruleTest('GEN-CACHED-1', 'with cachedContent, promptTokenCount includes cachedContentTokenCount', async (t) => {
  const { client, model } = ctx(t);
  const cache = await client.createCachedContent({ body: { model: `models/${model}`, contents: [{ role: 'user', parts: [{ text: 'A long reusable context. '.repeat(50) }] }], ttl: '600s' } });
  const answer = await generate(client, model, { ...hello, cachedContent: cache.name });
  const usage = answer.usageMetadata!;
  expect(usage.cachedContentTokenCount).toBeGreaterThan(0);
  expect(usage.promptTokenCount!).toBeGreaterThanOrEqual(usage.cachedContentTokenCount!);
  expect(usage.totalTokenCount).toBe(usage.promptTokenCount! + (usage.candidatesTokenCount ?? 0));
  await client.deleteCachedContent({ cachedContent: cache.name!.replace('cachedContents/', '') });
});

ruleTest('GEN-MODEL-1', 'an unknown model is NOT_FOUND', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => generate(client, 'no-such-model-0', hello), { status: 'NOT_FOUND', http: 404 });
});

ruleTest('GEN-STREAM-1', 'the stream yields GenerateContentResponse chunks over SSE', async (t) => {
  const { client, model } = ctx(t);
  const chunks = [];
  for await (const chunk of client.streamGenerateContent({ model, alt: 'sse', body: hello as never })) chunks.push(chunk);
  const sent = t.recorder.last()!;
  expect(sent.url).toContain('alt=sse');
  expect(sent.responseContentType).toMatch(/^text\/event-stream/);
  expect(chunks.length).toBeGreaterThan(0);
  for (const c of chunks) expect(Array.isArray(c.candidates) || c.promptFeedback !== undefined).toBe(true);
  const text = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '') ?? []).join('');
  expect(text.length).toBeGreaterThan(0);
});

ruleTest('GEN-UPLOAD-1', 'a multipart upload creates the file with its size and hash', async (t) => {
  const { client } = ctx(t);
  const file = await upload(client, 'text/plain', 'hello');
  expect(file.sizeBytes).toBe('5');
  expect(file.mimeType).toBe('text/plain');
  expect(file.sha256Hash).toBe('LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=');
});

ruleTest('GEN-UPLOAD-2', 'a resumable upload in chunks answers the file with the total size', async (t) => {
  const { client } = ctx(t);
  const data = new Uint8Array(600 * 1024).map((_, i) => i % 251);
  const progress: number[] = [];
  const result = await client.uploadFileResumable({ metadata: { file: { displayName: unique('resumable') } }, source: data, mimeType: 'application/octet-stream', chunkSize: 256 * 1024, onProgress: (p) => progress.push(p.loaded) });
  expect(result.file?.sizeBytes).toBe(String(data.byteLength));
  expect(progress.at(-1)).toBe(data.byteLength);
});

ruleTests('GEN-FILE-1', [
  ['a file id with upper case is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.getFile({ file: 'Bad-ID' }), BAD);
  }],
  ['a file id of 41 characters is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.getFile({ file: 'a'.repeat(41) }), BAD);
  }],
  ['a file id ending in a dash is rejected at creation', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.createFile({ body: { file: { name: 'files/ends-with-' } } }), BAD);
  }],
]);

ruleTest('GEN-FILE-2', 'a displayName of 513 characters is rejected', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => client.createFile({ body: { file: { displayName: 'd'.repeat(513) } } }), BAD);
});

ruleTest('GEN-FILE-3', 'files created without a name get distinct generated names', async (t) => {
  const { client } = ctx(t);
  const a = await upload(client, 'text/plain', 'one');
  const b = await upload(client, 'text/plain', 'two');
  expect(a.name).not.toBe(b.name);
});

ruleTest('GEN-FILE-4', 'output-only fields are set by the service from the bytes', async (t) => {
  const { client } = ctx(t);
  const file = await upload(client, 'text/plain', 'abc');
  expect(file).toMatchObject({ mimeType: 'text/plain', sizeBytes: '3', sha256Hash: 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=' });
  expect(Date.parse(file.createTime!)).not.toBeNaN();
  expect(file.uri).toBeTypeOf('string');
  expect(file.state).toBeDefined();
});

ruleTest('GEN-FILE-STATE-1', 'a video upload starts in PROCESSING', async (t) => {
  const { client } = ctx(t);
  const file = await upload(client, 'video/mp4', 'fake video bytes');
  expect(file.state).toBe('PROCESSING');
});

ruleTest('GEN-FILE-STATE-2', 'a processed video becomes ACTIVE and usable for generation', async (t) => {
  const { client, model } = ctx(t);
  const file = await upload(client, 'video/mp4', 'fake video bytes');
  const active = await waitForState(client, file.name!, (s) => s !== 'PROCESSING');
  expect(active.state).toBe('ACTIVE');
  await generate(client, model, { contents: [{ role: 'user', parts: [{ fileData: { fileUri: active.uri, mimeType: 'video/mp4' } }, { text: 'Describe it.' }] }] });
});

ruleTest('GEN-FILE-STATE-3', 'a video that fails processing becomes FAILED with error set', async (t) => {
  const { client } = ctx(t);
  const file = await upload(client, 'video/mp4', 'CORRUPT video bytes', 'corrupt-video');
  const failed = await waitForState(client, file.name!, (s) => s !== 'PROCESSING');
  expect(failed.state).toBe('FAILED');
  expect(failed.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
});

ruleTest('GEN-FILE-STATE-4', 'a PROCESSING file used for generation is FAILED_PRECONDITION', async (t) => {
  const { client, model } = ctx(t);
  const file = await upload(client, 'video/mp4', 'fake video bytes');
  expect(file.state).toBe('PROCESSING');
  await expectStatusError(t, () => generate(client, model, { contents: [{ role: 'user', parts: [{ fileData: { fileUri: file.uri, mimeType: 'video/mp4' } }] }] }), { status: 'FAILED_PRECONDITION', http: 400 });
});

ruleTest('GEN-FILE-DELETED-1', 'generation referencing a deleted file is PERMISSION_DENIED', async (t) => {
  const { client, model } = ctx(t);
  const file = await upload(client, 'text/plain', 'soon gone');
  await client.deleteFile({ file: idOf(file.name!) });
  await expectStatusError(t, () => generate(client, model, { contents: [{ role: 'user', parts: [{ fileData: { fileUri: file.uri, mimeType: 'text/plain' } }] }] }), { status: 'PERMISSION_DENIED', http: 403 });
});

ruleTest('GEN-FILE-DELETE-1', 'upload, get, list, delete, get-after-delete', async (t) => {
  const { client } = ctx(t);
  const file = await upload(client, 'text/plain', 'lifecycle');
  expect((await client.getFile({ file: idOf(file.name!) })).name).toBe(file.name);
  const names: string[] = [];
  for await (const f of client.listFilesAll({ pageSize: 100 })) names.push(f.name!);
  expect(names).toContain(file.name);
  expect(await client.deleteFile({ file: idOf(file.name!) })).toEqual({});
  await expectStatusError(t, () => client.getFile({ file: idOf(file.name!) }), { status: 'NOT_FOUND', http: 404 });
});

ruleTests('GEN-FILE-LIST-1', [
  ['pageSize 101 is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.listFiles({ pageSize: 101 }), BAD);
  }],
  ['pageSize 0 is rejected', async (t) => {
    const { client } = ctx(t);
    await expectStatusError(t, () => client.listFiles({ pageSize: 0 }), BAD);
  }],
  ['without pageSize a page holds at most 10 files', async (t) => {
    const { client } = ctx(t);
    if (!t.isMock) for (let i = 0; i < 11; i++) await upload(client, 'text/plain', `f${i}`);
    const page = await client.listFiles();
    expect(page.files?.length ?? 0).toBeLessThanOrEqual(10);
    if (!t.isMock) expect(page.nextPageToken).toBeTypeOf('string');
  }],
]);

ruleTest('GEN-FILE-LIST-2', 'nextPageToken walks every file once; the last page has none', async (t) => {
  const { client } = ctx(t);
  for (let i = 0; i < 3; i++) await upload(client, 'text/plain', `page ${i}`);
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.listFiles({ pageSize: 2, pageToken: token });
    names.push(...(page.files ?? []).map((f) => f.name!));
    token = page.nextPageToken;
  } while (token);
  expect(names.length).toBeGreaterThanOrEqual(3);
  expect(new Set(names).size).toBe(names.length);
});

// Last in the file (see harness/run-order.ts): the key stays throttled after the burst.
ruleTest('GEN-RATE-1', 'a burst past the rate limit answers 429 RESOURCE_EXHAUSTED', async (t) => {
  const { f, client } = ctx(t);
  if (!f.rateLimitBurst) t.notApplicable('no rateLimitBurst fixture');
  await expectStatusError(t, async () => {
    for (let i = 0; i <= f.rateLimitBurst!; i++) await client.listFiles({ pageSize: 1 });
  }, { status: 'RESOURCE_EXHAUSTED', http: 429 });
});
