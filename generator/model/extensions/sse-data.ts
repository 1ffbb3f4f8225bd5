// `x-sse-data` (an event-stream media type, or its schema): the schema of each event's data, where OpenAPI 3.1
// has no place for it (3.2's `itemSchema` is read too).
import type { JsonSchema } from '../types.js';

export function sseDataOf(eventStream: any): JsonSchema | undefined {
  return eventStream?.['x-sse-data'] ?? eventStream?.itemSchema ?? eventStream?.schema?.['x-sse-data'];
}
