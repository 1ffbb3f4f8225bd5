// The model reads what is specific to a service from the spec's extensions and refuses an incomplete
// declaration with a message naming the operation and the member, instead of guessing a wire name.
import { describe, expect, it } from 'vitest';
import { buildServiceModel } from '../../generator/model/build.js';

const resumable = {
  granularity: 4, chunkSize: 8,
  start: { headers: { 'Upload-Step': 'begin' }, sizeHeader: 'Upload-Length', sessionHeader: 'Location' },
  chunk: { method: 'patch', headers: {}, lastHeaders: { 'Upload-Final': 'true' }, offsetHeader: 'Upload-Offset' },
  query: { method: 'GET', headers: {}, receivedHeader: 'Upload-Received' },
};

function documentWith(op: Record<string, unknown>, root: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0', info: { title: 'T', version: '1' }, 'x-error-style': 'status', ...root,
    paths: {
      '/things': {
        post: {
          operationId: 'upload', responses: { '200': { description: 'ok' } },
          requestBody: { content: { 'multipart/related': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } } },
          ...op,
        },
      },
    },
  } as any;
}

describe('x-media-upload', () => {
  it('is carried whole, methods upper-cased', () => {
    const op = buildServiceModel('t', documentWith({ 'x-media-upload': { multipart: { headers: { 'Upload-Kind': 'multipart' } }, resumable } })).operations[0]!;
    expect(op.mediaUpload).toEqual({
      multipart: { headers: { 'Upload-Kind': 'multipart' } },
      resumable: { ...resumable, chunk: { ...resumable.chunk, method: 'PATCH' } },
    });
  });

  it.each([
    [{ resumable: { ...resumable, start: { headers: {} } } }, 'upload: x-media-upload.resumable.start.sessionHeader must be a header name'],
    [{ resumable: { ...resumable, chunk: { headers: {} } } }, 'upload: x-media-upload.resumable.chunk.offsetHeader must be a header name'],
    [{ resumable: { ...resumable, query: undefined } }, 'upload: x-media-upload.resumable.query is required'],
    [{ resumable: { ...resumable, chunkSize: 6 } }, 'upload: x-media-upload.resumable.chunkSize must be a positive multiple of granularity'],
    [{ resumable: { ...resumable, start: { ...resumable.start, headers: { 'Upload-Step': 1 } } } }, 'upload: x-media-upload.resumable.start.headers must map header names to string values'],
    [{ resumable: { ...resumable, query: { ...resumable.query, method: 'FETCH' } } }, 'upload: x-media-upload.resumable.query.method must be an HTTP method'],
  ])('refuses an incomplete declaration (%#)', (declaration, message) => {
    expect(() => buildServiceModel('t', documentWith({ 'x-media-upload': declaration }))).toThrow(message);
  });

  it('a multipart protocol needs a multipart/related body', () => {
    const doc = documentWith({ 'x-media-upload': { multipart: { headers: {} } }, requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } });
    expect(() => buildServiceModel('t', doc)).toThrow('upload: x-media-upload.multipart needs a multipart/related request body');
  });
});

describe('x-pagination', () => {
  it('names the token parameter and the page fields; a cursor style may name the field that says more follow', () => {
    const pagination = { style: 'cursor', items: 'data', tokenParam: 'after', nextField: 'paging.cursors.after', moreField: 'paging.next' };
    expect(buildServiceModel('t', documentWith({ 'x-pagination': pagination })).operations[0]!.pagination).toEqual(pagination);
  });

  it('refuses a declaration without its token parameter or next field (nothing is assumed)', () => {
    expect(() => buildServiceModel('t', documentWith({ 'x-pagination': { style: 'cursor', items: 'data' } }))).toThrow('upload: x-pagination.tokenParam is required');
    expect(() => buildServiceModel('t', documentWith({ 'x-pagination': { style: 'page-token', items: 'items', tokenParam: 'pageToken' } }))).toThrow('upload: x-pagination.nextField is required');
  });
});

describe('x-request-id-headers', () => {
  it('are read from the root, lower-cased; none by default', () => {
    expect(buildServiceModel('t', documentWith({}, { 'x-request-id-headers': ['X-Trace-Id'] })).requestIdHeaders).toEqual(['x-trace-id']);
    expect(buildServiceModel('t', documentWith({})).requestIdHeaders).toEqual([]);
  });
});
