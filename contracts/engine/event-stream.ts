// What a document says of an event stream whose response declares the schema of each event's data (`x-sse-data`,
// or 3.2's `itemSchema`): `data:` events only, each JSON valid against that schema, every event ended by a blank
// line. A sentinel (`data: [DONE]`) is not JSON, so it breaks it too. Judged under response_schema_conformance.
import { createParser } from 'eventsource-parser';
import type { JsonSchema } from '../../generator/model/index.js';
import type { DocumentSchemas } from './schemas.js';

/** Every way the stream breaks its declared shape (empty when it conforms). */
export function eventStreamProblems(schemas: DocumentSchemas, text: string, schema: JsonSchema): string[] {
  const problems: string[] = [];
  const events: Array<{ event?: string; id?: string; data: string }> = [];
  const parser = createParser({
    onEvent: (e) => events.push(e),
    onRetry: () => problems.push('a `retry:` field (the stream is `data:` events only)'),
  });
  parser.feed(text);
  const complete = events.length;
  parser.feed('\n\n'); // ends a pending event: one that shows up now was never terminated by a blank line
  if (events.length > complete) problems.push('the stream ends inside an event (no blank line after the last `data:`)');
  events.forEach((e, i) => {
    const at = `event ${i + 1}`;
    if (e.event) problems.push(`${at} has an \`event: ${e.event}\` field (the stream is \`data:\` events only)`);
    if (e.id) problems.push(`${at} has an \`id:\` field (the stream is \`data:\` events only)`);
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      problems.push(
        `${at} is not JSON: ${JSON.stringify(e.data.slice(0, 60))} (no sentinel such as [DONE]: the stream just ends)`,
      );
      return;
    }
    const problem = schemas.problem(schema, data);
    if (problem) problems.push(`${at} does not match the declared event schema: ${problem}`);
  });
  return problems;
}
