// The engine's judge reads an answer by the media type it came in: a response that documents an event stream
// first and JSON after judges a JSON answer by its JSON schema (not the first media type's), and an event stream by
// the schema declared for each event's data (`x-sse-data`), both under response_schema_conformance.
import { describe, expect, it } from 'vitest';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { judgeAnswer } from '../../contracts/engine/judge.js';
import { DocumentPointers, DocumentSchemas } from '../../contracts/engine/schemas.js';

const chunk = { type: 'object', required: ['text'], properties: { text: { type: 'string' } } };
const document = {
  openapi: '3.1.0',
  info: { title: 'Chunks', version: '1' },
  paths: {
    '/chunks': {
      get: {
        operationId: 'streamChunks',
        responses: {
          '200': {
            description: 'the chunks, as a stream or as one JSON array',
            content: {
              'text/event-stream': { schema: { type: 'string' }, 'x-sse-data': { $ref: '#/components/schemas/Chunk' } },
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Chunk' } } },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Chunk: chunk } },
};

function judge(contentType: string, body: string) {
  const model = engineModel('chunks', structuredClone(document) as never);
  const op = model.operations[0]!;
  const found = judgeAnswer(model, new DocumentSchemas(model.document), new DocumentPointers(model.document), op, {
    status: 200,
    headers: { 'content-type': contentType },
    contentType,
    body,
    truncated: false,
  });
  return found.filter((j) => j.check === 'response_schema_conformance');
}

describe('the media type an answer is judged by', () => {
  it('a JSON answer by the JSON media type of the response, though an event stream is documented first', () => {
    expect(judge('application/json', JSON.stringify([{ text: 'Once' }, { text: ' upon' }]))).toEqual([
      { check: 'response_schema_conformance', failure: undefined, refused: undefined },
    ]);
    expect(judge('application/json', JSON.stringify([{ words: 'Once' }]))[0]?.failure).toMatch(
      /\/0 must have required property 'text'/,
    );
  });

  it("an event stream by each event's declared data schema", () => {
    expect(judge('text/event-stream', 'data: {"text": "Once"}\n\ndata: {"text": " upon"}\n\n')).toEqual([
      { check: 'response_schema_conformance', failure: undefined },
    ]);
    expect(judge('text/event-stream', 'data: {"text": "Once"}\n\ndata: [DONE]\n\n')[0]?.failure).toMatch(
      /event 2 is not JSON/,
    );
    expect(judge('text/event-stream', 'data: {"words": 1}\n\n')[0]?.failure).toMatch(
      /event 1 does not match the declared event schema: \(root\) must have required property 'text'/,
    );
  });
});
