// The error runtime knows the two shape families only: every value of an answer (type, HTTP status, trace
// field) comes from the x-error-style data the generated package hands it, as these declarations show.
import { describe, expect, it } from 'vitest';
import { adCreativeErrorStyle, graphError } from '../../generated/ad-creative/server.js';
import { makeGraphError, makeStatusError, type ErrorStyle } from '../../generated/ad-creative/runtime/server/index.js';
import { graphErrorOf } from '../../generated/ad-creative/runtime/client/graph-error.js';

const ownGraph: ErrorStyle = {
  family: 'graph',
  traceField: 'trace_id',
  httpOf: { default: 422, '7': 503, '40-49': 401 },
  typeOf: { default: 'Problem', '9': 'NineProblem', '9/1': 'NineOneProblem' },
  answers: adCreativeErrorStyle.answers,
};

describe('graph family', () => {
  it('takes HTTP status and type from the style: exact code, then a range, then the default; code/subcode before code', () => {
    expect(makeGraphError(ownGraph, 7, 'm').httpStatus).toBe(503);
    expect(makeGraphError(ownGraph, 45, 'm').httpStatus).toBe(401);
    expect(makeGraphError(ownGraph, 50, 'm').httpStatus).toBe(422);
    expect(makeGraphError(ownGraph, 50, 'm', { http: 400 }).httpStatus).toBe(400);
    expect(makeGraphError(ownGraph, 9, 'm', { subcode: 1 }).body.error.type).toBe('NineOneProblem');
    expect(makeGraphError(ownGraph, 9, 'm', { subcode: 2 }).body.error.type).toBe('NineProblem');
    expect(makeGraphError(ownGraph, 8, 'm').body.error.type).toBe('Problem');
  });

  it('puts the trace id in the field the style names, and only there', () => {
    const body = makeGraphError(ownGraph, 8, 'm').body.error;
    expect(Object.keys(body)).toEqual(['message', 'type', 'code', 'trace_id']);
    expect(body.trace_id).toMatch(/^[\w-]{11}$/);
  });

  it("the ad creative package's graphError is bound to its spec's declaration", () => {
    expect(graphError(270, 'm').httpStatus).toBe(adCreativeErrorStyle.httpOf['200-299']);
    expect(graphError(1, 'm').httpStatus).toBe(adCreativeErrorStyle.httpOf['1']);
    expect(graphError(190, 'm').httpStatus).toBe(adCreativeErrorStyle.httpOf.default);
    expect(graphError(100, 'm', { subcode: 33 }).body.error.type).toBe(adCreativeErrorStyle.typeOf!['100/33']);
    expect(graphError(190, 'm').body.error).toHaveProperty(adCreativeErrorStyle.traceField!);
  });

  it("the client's error reads the trace id from the field its spec names", () => {
    const error = graphErrorOf('trace_id')(
      400,
      'op',
      { error: { message: 'm', code: 8, trace_id: 'T1', fbtrace_id: 'other' } },
      new Headers(),
    ) as any;
    expect(error.traceId).toBe('T1');
    const other = graphErrorOf('fbtrace_id')(
      400,
      'op',
      { error: { message: 'm', code: 8, trace_id: 'T1' } },
      new Headers(),
    ) as any;
    expect(other.traceId).toBeUndefined();
  });
});

describe('status family', () => {
  const ownStatus: ErrorStyle = {
    family: 'status',
    httpOf: { default: 502, GONE_AWAY: 410 },
    answers: adCreativeErrorStyle.answers,
  };
  it('takes the HTTP status of a status name from the style, the default for another', () => {
    expect(makeStatusError(ownStatus, 'GONE_AWAY', 'm').body).toEqual({
      error: { code: 410, message: 'm', status: 'GONE_AWAY' },
    });
    expect(makeStatusError(ownStatus, 'NOT_FOUND', 'm').httpStatus).toBe(502);
  });
});
