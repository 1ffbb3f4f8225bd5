// A route whose query parameters are all scalars reads its query straight from the search text (params.ts,
// readPlainQuery), percent-encoded or not: the same values the decoded pairs give (the last of a repeated name),
// and the same refusal, naming the same parameter, for a pair whose percent-encoding is not UTF-8.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPlainQuery, readQuery, planParams } from '../../templates/runtime/server/params.js';
import { InvalidQueryError, RequestTarget } from '../../templates/runtime/server/request-target.js';
import type { RouteDef } from '../../templates/runtime/server/route-def.js';

const route = {
  operationId: 'read',
  params: [
    { name: 'a', in: 'query', type: 'string' },
    { name: 'b c', in: 'query', type: 'integer' },
    { name: 'é', in: 'query', type: 'boolean' },
  ],
} as unknown as RouteDef;
const plan = planParams(route);

/** What a read gives: the values, or the refusal's parameter name. */
function outcome(read: () => Record<string, unknown>): { values: Record<string, unknown> } | { refused: string } {
  try {
    return { values: { ...read() } };
  } catch (error) {
    if (error instanceof InvalidQueryError) return { refused: error.field };
    throw error;
  }
}

const pieces = [
  'a',
  'b',
  '+c',
  'b%20c',
  '%C3%A9',
  'é',
  '=',
  '&',
  '%',
  '%zz',
  '%ED%A0%80',
  '%3D%3D',
  'x',
  '1',
  ',',
  '+',
];
const search = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => `/p?${parts.join('')}`);

describe('readPlainQuery', () => {
  it('reads any query of scalars as the decoded pairs do, refusals by the same name included', () => {
    expect(plan.scalarQuery).toBe(true);
    fc.assert(
      fc.property(search, (raw) => {
        const target = new RequestTarget(raw);
        expect(outcome(() => readPlainQuery(target.search))).toEqual(outcome(() => readQuery(target.query, plan)));
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes percent-encoded names and values and `+` as a space', () => {
    expect({ ...readPlainQuery('?a=channel%3D%3DMINE&b+c=1%2C2&%C3%A9=x+y') }).toEqual({
      a: 'channel==MINE',
      'b c': '1,2',
      é: 'x y',
    });
    expect(outcome(() => readPlainQuery('?a=1&%C3%A9=%ED%A0%80'))).toEqual({ refused: 'é' });
    expect(outcome(() => readPlainQuery('?%zz=1'))).toEqual({ refused: 'query' });
  });
});
