// Generative: the mutants of the GEN-STREAM-* rules (./stream.rules.ts), each to be caught under its own rule.
import type http from 'node:http';
import type { Mutant } from '../../mutants/mutant.js';
import type { Wrap } from '../../mutants/wire.js';
import { type Json, type Listener, answerEventJson, answerEvents, pathOf, wire } from './mutant-context.js';

/** The stream's events held back and sent as one at the end: the texts joined, the last event's other members. */
function streamInOneEvent(): Wrap {
  return (inner: Listener): Listener =>
    (req, res) => {
      if (!pathOf(req).endsWith(':streamGenerateContent')) return inner(req, res);
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      const events: Json[] = [];
      (res as any).write = (chunk: unknown) => {
        const data = /^data: (.*)\n\n$/s.exec(String(chunk))?.[1];
        if (data === undefined) return write(chunk);
        events.push(JSON.parse(data) as Json);
        return true;
      };
      (res as any).end = (chunk?: unknown) => {
        const last = events.at(-1);
        if (last) {
          const parts = events.flatMap((e) => e.candidates?.[0]?.content?.parts ?? []);
          const text = parts
            .filter((p: Json) => typeof p.text === 'string')
            .map((p: Json) => p.text)
            .join('');
          const others = parts.filter((p: Json) => typeof p.text !== 'string');
          const candidate = last.candidates?.[0];
          if (candidate?.content) candidate.content.parts = [...others, ...(text || !others.length ? [{ text }] : [])];
          write(`data: ${JSON.stringify(last)}\n\n`);
        }
        return end(chunk);
      };
      inner(req, res);
    };
}

export const MUTANTS: Mutant[] = [
  wire(
    'GEN-STREAM-1',
    'event-lines-and-sentinel',
    'each event gets event:/id: lines and the stream ends with data: [DONE]',
    answerEvents(
      (event, i) => `event: chunk\nid: ${i}\n${event}`,
      () => 'data: [DONE]\n\n',
    ),
  ),
  wire(
    'GEN-STREAM-1',
    'usage-as-text',
    'each event carries usageMetadata token counts as strings, not integers',
    answerEvents((event) =>
      event.replace(/"(promptTokenCount|candidatesTokenCount|totalTokenCount)":(\d+)/g, '"$1":"$2"'),
    ),
  ),
  wire('GEN-STREAM-2', 'one-event', 'the whole answer comes in one event', streamInOneEvent()),
  wire(
    'GEN-STREAM-2',
    'no-finish-reason',
    'the last event has no finishReason',
    answerEventJson((event) => {
      for (const c of event.candidates ?? []) delete c.finishReason;
    }),
  ),
  wire(
    'GEN-STREAM-2',
    'no-usage',
    'the last event has no usageMetadata',
    answerEventJson((event) => {
      if (event.candidates?.some((c: Json) => c.finishReason)) delete event.usageMetadata;
    }),
  ),
];
