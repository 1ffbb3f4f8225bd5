// The bench's faithful handlers send every documented answer header but the transport's: a Content-Encoding they
// do not apply (idealspot's `gzip`, listed among its answers' headers) made every answer unreadable, an error on
// each operation (seed 61). They leave it to the server, as Content-Length; the other headers are still judged.
import { describe, expect, it } from 'vitest';
import { failures, faithfulRun } from '../support/faithful-run.js';

const document = {
  openapi: '3.0.3',
  info: { title: 'Insights', version: '1' },
  paths: {
    '/insights': {
      get: {
        operationId: 'listInsights',
        responses: {
          '200': {
            description: 'the insights',
            headers: {
              'Content-Encoding': { schema: { type: 'string', default: 'gzip' } },
              'X-Region': { schema: { type: 'string', enum: ['us-east-1'] } },
            },
            content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } } } } },
          },
        },
      },
    },
  },
};

describe('an answer header of the transport in the document', () => {
  it('is not sent by the faithful handlers: no error, the other headers judged', async () => {
    const outcomes = await faithfulRun('insights', document);
    expect(failures(outcomes)).toEqual([]);
    expect(outcomes.find((o) => o.check === 'response_headers_conformance')?.verdict).toBe('pass');
  }, 300_000);
});
