// A path key's fragment is never sent: AWS's `/v1/email/tags#ResourceArn` (GET) and
// `/v1/email/tags#ResourceArn&TagKeys` (DELETE) are both requests to /v1/email/tags. unsupported_method compared
// the templates with their fragments, so it counted GET undocumented for the DELETE's key and FAILed the GET the
// document gives (pinpoint-email on seed 43). A method documented at any key of the same request path is documented.
import { describe, expect, it } from 'vitest';
import { failures, faithfulRun } from '../support/faithful-run.js';

const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
const arn = { name: 'ResourceArn', in: 'query', required: true, schema: { type: 'string', pattern: '^[a-z]{3,8}$' } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Tags', version: '1' },
  paths: {
    '/tags#ResourceArn': { get: { operationId: 'listTags', parameters: [arn], responses: ok } },
    '/tags': { post: { operationId: 'tagResource', responses: ok } },
    // weatherbit's keys carry a query: GET is documented for /alerts.
    '/alerts?lat={lat}': {
      get: {
        operationId: 'alertsByPlace',
        parameters: [{ name: 'lat', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 9 } }],
        responses: ok,
      },
    },
    '/tags#ResourceArn&TagKeys': {
      delete: {
        operationId: 'untagResource',
        parameters: [
          arn,
          { name: 'TagKeys', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: ok,
      },
    },
  },
};

describe('methods documented at path keys that differ by their fragment', () => {
  it('are documented for each of them: no unsupported_method FAIL', async () => {
    const outcomes = await faithfulRun('tags', document);
    expect(failures(outcomes)).toEqual([]);
    const unsupported = outcomes.filter((o) => o.check === 'unsupported_method');
    expect(unsupported.map((o) => o.operation.split(' ')[0])).not.toContain('GET');
    expect(unsupported.some((o) => o.verdict === 'pass')).toBe(true);
  }, 300_000);
});
