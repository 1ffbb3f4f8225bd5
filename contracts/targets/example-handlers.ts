// Handlers for the generated server stubs that answer every operation with its spec's first documented
// success example (JSON bodies as they are, event streams as their `data:` events). Stateless: they
// store nothing, so they stand where Prism stands, with the generated servers' own request validation
// and error shapes in front of them.
import { generatedSpec, operationsOf, resolveRef } from '../../generator/model/index.js';
import type { ServiceKey } from '../harness/services.js';
import { exampleOf } from '../harness/example-request.js';

/** The events of an SSE example: each `data:` line's JSON. */
function sseEvents(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice('data:'.length)));
}

type ExampleAnswer = { status: number; body?: unknown } | { status: number; events: unknown[] };
type HandlerResult = { status: number; body?: unknown } | { status: number; sse: AsyncIterable<unknown> };

/** Every operation's first 2xx answer, by operationId. */
function exampleAnswers(service: ServiceKey): Map<string, ExampleAnswer> {
  const { document: doc, model } = generatedSpec(service);
  const answers = new Map<string, ExampleAnswer>();
  for (const { id: operationId, operation } of operationsOf(model)) {
    const [status, raw] = Object.entries(operation.responses ?? {}).find(([s]) => s.startsWith('2'))!;
    const response = resolveRef(doc, raw);
    const sse = response.content?.['text/event-stream'];
    if (sse) {
      answers.set(operationId, { status: Number(status), events: sseEvents(String(exampleOf(doc, sse) ?? '')) });
      continue;
    }
    answers.set(operationId, { status: Number(status), body: exampleOf(doc, response.content?.['application/json']) });
  }
  return answers;
}

/** A handlers object for `create<Service>Server`: each method answers its operation's example. */
export function exampleHandlers(service: ServiceKey): Record<string, () => Promise<HandlerResult>> {
  return Object.fromEntries(
    [...exampleAnswers(service)].map(([id, answer]) => [
      id,
      async (): Promise<HandlerResult> => {
        if (!('events' in answer)) return answer;
        // A new iterator per call: a stream is read once.
        const { events } = answer;
        return {
          status: answer.status,
          sse: (async function* () {
            yield* events;
          })(),
        };
      },
    ]),
  );
}
