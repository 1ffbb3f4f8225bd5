// What the generative rule families (./<family>.rules.ts) share. Their tests go through the generated
// GenerativeClient (and raw
// fetch where the wire itself is judged: SSE framing, the resumable session URL). Every test that creates a
// resource deletes it (t.defer). Inputs that only some services understand (prompts rated at a probability,
// a playable video, an unprocessable file, a cache big enough) are fixtures (contracts/targets/fixtures/
// generative.ts); without them the tests that need them are not applicable.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { expect } from 'vitest';
import type { GenerativeClient } from '../../../generated/generative/client.js';
import type { components } from '../../../generated/generative/types.js';
import { expectStatusError, unique } from '../../harness/expect-error.js';
import type { RuleContext } from '../../harness/rule-test.js';
import type { GenerativeFixtures, SafetyCategory, SafetyProbability } from '../../targets/fixtures/generative.js';

type Case = [string, (t: RuleContext) => Promise<unknown>];
export type Schemas = components['schemas'];
export type GenerateResponse = Schemas['GenerateContentResponse'];
export type FileBody = Schemas['File'];
export function ctx(t: RuleContext) {
  const f = t.session.fixtures.generative;
  return { f, client: t.clients.generative(), model: f.model };
}
export const BAD = { status: 'INVALID_ARGUMENT', http: 400 };
export const user = (text: string) => ({ contents: [{ role: 'user' as const, parts: [{ text }] }] });
export const hello = user('Say hello.');
/**
 * Negative cases as a table: one test per [title, body], each a generateContent request the target must refuse
 * with INVALID_ARGUMENT (the body is copied per run, so a test cannot change another's).
 */
export const refusedBodies = (cases: Array<[title: string, body: Record<string, unknown>]>): Case[] =>
  cases.map(([title, body]) => [
    title,
    async (t) => {
      const { client, model } = ctx(t);
      await expectStatusError(t, () => generate(client, model, structuredClone(body)), BAD);
    },
  ]);
export const SLOW = { timeout: 60_000 };
export function generate(client: GenerativeClient, model: string, body: Record<string, unknown>) {
  return client.generateContent({ collection: 'models', model, body: body as never });
}
export const idOf = (name: string) => name.replace(/^files\//, '');
export const textOf = (answer: GenerateResponse) =>
  (answer.candidates?.[0]?.content?.parts ?? []).map((p) => p.text ?? '').join('');
export async function upload(
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
export async function expectStored(client: GenerativeClient, file: FileBody): Promise<void> {
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
export async function listedNames(client: GenerativeClient): Promise<string[]> {
  const out: string[] = [];
  for await (const f of client.listFilesAll({ pageSize: 100 })) out.push(f.name!);
  return out;
}

export const RANK: Record<string, number> = { NEGLIGIBLE: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
export const CATEGORIES: SafetyCategory[] = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
];
export function safetyPrompts(
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
export function strongest(t: RuleContext, category?: SafetyCategory) {
  const all = safetyPrompts(t).filter((p) => p.probability !== 'NEGLIGIBLE' && (!category || p.category === category));
  if (!all.length)
    t.notApplicable(
      `fixture generative.safetyPrompts has no prompt rated above NEGLIGIBLE${category ? ` for ${category}` : ''}`,
    );
  return all.sort((a, b) => RANK[b.probability]! - RANK[a.probability]!)[0]!;
}
/** Every other supported category set to BLOCK_NONE, so only `category`'s threshold can block. */
export function onlyThreshold(category: SafetyCategory, threshold: string) {
  return CATEGORIES.map((c) => ({ category: c, threshold: c === category ? threshold : 'BLOCK_NONE' }));
}
/** Where a value breaks a request Schema (OpenAPI subset with upper-case types); [] when it conforms. */
export function breaks(value: unknown, schema: Schemas['Schema'], at = '$'): string[] {
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

export interface RawStream {
  contentType: string | null;
  text: string;
  events: unknown[];
  messages: EventSourceMessage[];
}
export async function rawStream(t: RuleContext, model: string, body: unknown): Promise<RawStream> {
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

export async function createCache(t: RuleContext, client: GenerativeClient, model: string) {
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
