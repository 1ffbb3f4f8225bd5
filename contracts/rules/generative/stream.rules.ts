// Generative: the GEN-STREAM-* rules (GEN-STREAM-1, GEN-STREAM-2); their mutants are in ./stream.mutants.ts.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { generatedSpec } from '../../../generator/model/index.js';
import { ruleTest, ruleTests } from '../../harness/rule-test.js';
import { type GenerateResponse, type RawStream, ctx, generate, hello, rawStream, textOf, user } from './context.js';

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
