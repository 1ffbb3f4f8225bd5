// The model reads what is specific to a service from the spec's extensions and refuses an incomplete
// declaration with a message naming the operation and the member, instead of guessing a wire name.
import { describe, expect, it } from 'vitest';
import { buildServiceModel } from '../../generator/model/build.js';
import { statusErrorStyle } from './fixtures/error-style.js';

const resumable = {
  granularity: 4,
  chunkSize: 8,
  start: { headers: { 'Upload-Step': 'begin' }, sizeHeader: 'Upload-Length', sessionHeader: 'Location' },
  chunk: { method: 'patch', headers: {}, lastHeaders: { 'Upload-Final': 'true' }, offsetHeader: 'Upload-Offset' },
  query: { method: 'GET', headers: {}, receivedHeader: 'Upload-Received' },
};

function documentWith(op: Record<string, unknown>, root: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    'x-error-style': statusErrorStyle,
    ...root,
    paths: {
      '/things': {
        post: {
          operationId: 'upload',
          responses: { '200': { description: 'ok' } },
          requestBody: {
            content: {
              'multipart/related': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'object' } },
            },
          },
          ...op,
        },
      },
    },
  } as any;
}

describe('x-media-upload', () => {
  it('is carried whole, methods upper-cased', () => {
    const op = buildServiceModel(
      't',
      documentWith({ 'x-media-upload': { multipart: { headers: { 'Upload-Kind': 'multipart' } }, resumable } }),
    ).operations[0]!;
    expect(op.mediaUpload).toEqual({
      multipart: { headers: { 'Upload-Kind': 'multipart' } },
      resumable: { ...resumable, chunk: { ...resumable.chunk, method: 'PATCH' } },
    });
  });

  it.each([
    [
      { resumable: { ...resumable, start: { headers: {} } } },
      'upload: x-media-upload.resumable.start.sessionHeader must be a header name',
    ],
    [
      { resumable: { ...resumable, chunk: { headers: {} } } },
      'upload: x-media-upload.resumable.chunk.offsetHeader must be a header name',
    ],
    [{ resumable: { ...resumable, query: undefined } }, 'upload: x-media-upload.resumable.query is required'],
    [
      { resumable: { ...resumable, chunkSize: 6 } },
      'upload: x-media-upload.resumable.chunkSize must be a positive multiple of granularity',
    ],
    [
      { resumable: { ...resumable, start: { ...resumable.start, headers: { 'Upload-Step': 1 } } } },
      'upload: x-media-upload.resumable.start.headers must map header names to string values',
    ],
    [
      { resumable: { ...resumable, query: { ...resumable.query, method: 'FETCH' } } },
      'upload: x-media-upload.resumable.query.method must be an HTTP method',
    ],
  ])('refuses an incomplete declaration (%#)', (declaration, message) => {
    expect(() => buildServiceModel('t', documentWith({ 'x-media-upload': declaration }))).toThrow(message);
  });

  it('a multipart protocol needs a multipart/related body', () => {
    const doc = documentWith({
      'x-media-upload': { multipart: { headers: {} } },
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    });
    expect(() => buildServiceModel('t', doc)).toThrow(
      'upload: x-media-upload.multipart needs a multipart/related request body',
    );
  });
});

describe('x-pagination', () => {
  it('names the token parameter and the page fields; a cursor style may name the field that says more follow', () => {
    const pagination = {
      style: 'cursor',
      items: 'data',
      tokenParam: 'after',
      nextField: 'paging.cursors.after',
      moreField: 'paging.next',
    };
    expect(buildServiceModel('t', documentWith({ 'x-pagination': pagination })).operations[0]!.pagination).toEqual(
      pagination,
    );
  });

  it('refuses a declaration without its token parameter or next field (nothing is assumed)', () => {
    expect(() => buildServiceModel('t', documentWith({ 'x-pagination': { style: 'cursor', items: 'data' } }))).toThrow(
      'upload: x-pagination.tokenParam is required',
    );
    expect(() =>
      buildServiceModel(
        't',
        documentWith({ 'x-pagination': { style: 'page-token', items: 'items', tokenParam: 'pageToken' } }),
      ),
    ).toThrow('upload: x-pagination.nextField is required');
  });
});

describe('x-request-id-headers', () => {
  it('are read from the root, lower-cased; none by default', () => {
    expect(
      buildServiceModel('t', documentWith({}, { 'x-request-id-headers': ['X-Trace-Id'] })).requestIdHeaders,
    ).toEqual(['x-trace-id']);
    expect(buildServiceModel('t', documentWith({})).requestIdHeaders).toEqual([]);
  });
});

describe('x-error-style', () => {
  const graphStyle = {
    family: 'graph',
    traceField: 'trace',
    'x-evidence': { kind: 'convention', ref: 'kept out of the model' },
    httpOf: { default: 400, '7': 500, '300-399': 403 },
    typeOf: { default: 'ClientError', '5/9': 'RouteError' },
    answers: Object.fromEntries(
      ['missingCredential', 'unknownRoute', 'wrongMethod', 'invalidRequest', 'bodyTooLarge', 'internal'].map(
        (name, i) => [name, { http: 400, code: i + 1, type: 'ClientError', message: name }],
      ),
    ),
  };
  const withStyle = (style: unknown) => documentWith({}, { 'x-error-style': style });

  it('is carried whole: the family, its tables and every router answer (evidence left out)', () => {
    const model = buildServiceModel('t', withStyle(graphStyle));
    expect(model.errorStyle).toEqual({
      family: 'graph',
      traceField: 'trace',
      httpOf: { default: 400, '7': 500, '300-399': 403 },
      typeOf: { default: 'ClientError', '5/9': 'RouteError' },
      answers: expect.objectContaining({ internal: { http: 400, code: 6, type: 'ClientError', message: 'internal' } }),
    });
    expect(buildServiceModel('t', withStyle(statusErrorStyle)).errorStyle.answers.invalidRequest).toEqual({
      http: 400,
      status: 'INVALID_ARGUMENT',
      message: '{reason}',
    });
  });

  it('takes no short form; without one, the router answers RFC 9457 problem details', () => {
    expect(() => buildServiceModel('t', withStyle('graph'))).toThrow('t: x-error-style must be an object');
    const style = buildServiceModel('t', withStyle(undefined)).errorStyle;
    expect(style.family).toBe('problem');
    expect(style.answers.unknownRoute).toEqual({ http: 404, message: 'No operation at {method} {path}' });
    expect(style.answers.wrongMethod.http).toBe(405);
  });

  const without = (path: string[]) => {
    const copy = structuredClone(graphStyle) as any;
    const parent = path.slice(0, -1).reduce((node, key) => node[key], copy);
    delete parent[path.at(-1)!];
    return copy;
  };
  it.each([
    [['family'], 't: x-error-style.family must be graph | status'],
    [['traceField'], 't: x-error-style.traceField is required (a string)'],
    [['httpOf'], 't: x-error-style.httpOf is required'],
    [['httpOf', 'default'], 't: x-error-style.httpOf.default is required'],
    [['typeOf', 'default'], 't: x-error-style.typeOf.default is required'],
    [['answers', 'missingCredential'], 't: x-error-style.answers.missingCredential is required'],
    [['answers', 'unknownRoute', 'code'], 't: x-error-style.answers.unknownRoute.code is required (an integer)'],
    [['answers', 'wrongMethod', 'type'], 't: x-error-style.answers.wrongMethod.type is required (a string)'],
    [['answers', 'bodyTooLarge', 'http'], 't: x-error-style.answers.bodyTooLarge.http is required (an integer)'],
    [['answers', 'internal', 'message'], 't: x-error-style.answers.internal.message is required (a string)'],
  ])('refuses a graph declaration without %j', (path, message) => {
    expect(() => buildServiceModel('t', withStyle(without(path as string[])))).toThrow(message);
  });

  it('refuses a status answer without its status, a status table keyed by codes, and a graph member in a status style', () => {
    const noStatus = structuredClone(statusErrorStyle) as any;
    delete noStatus.answers.invalidRequest.status;
    expect(() => buildServiceModel('t', withStyle(noStatus))).toThrow(
      't: x-error-style.answers.invalidRequest.status is required (a string)',
    );
    expect(() =>
      buildServiceModel('t', withStyle({ ...statusErrorStyle, httpOf: { default: 500, '404': 404 } })),
    ).toThrow('t: x-error-style.httpOf: 404 is not a status name');
    expect(() => buildServiceModel('t', withStyle({ ...statusErrorStyle, traceField: 'trace' }))).toThrow(
      'traceField and typeOf belong to the graph family',
    );
    expect(() => buildServiceModel('t', withStyle({ ...graphStyle, httpOf: { default: 200 } }))).toThrow(
      't: x-error-style.httpOf.default must be an HTTP error status',
    );
  });
});

describe('cookie parameters', () => {
  const withCookie = (cookie: Record<string, unknown>) => documentWith({ parameters: [{ in: 'cookie', ...cookie }] });
  const build = (cookie: Record<string, unknown>) =>
    buildServiceModel('t', withCookie(cookie)).operations[0]!.parameters[0]!;

  it('are read in the form style: a primitive exploded by default, an array or object only unexploded', () => {
    expect(build({ name: 'session', schema: { type: 'string' } })).toMatchObject({
      in: 'cookie',
      style: 'form',
      explode: true,
      type: 'string',
    });
    expect(build({ name: 'ids', explode: false, schema: { type: 'array', items: { type: 'integer' } } })).toMatchObject(
      { style: 'form', explode: false, type: 'array' },
    );
    expect(build({ name: 'rgb', style: 'form', explode: false, schema: { type: 'object' } })).toMatchObject({
      explode: false,
      type: 'object',
    });
  });

  it('an exploded array or object, another style, or a name that is no cookie token is a warning with its pointer', () => {
    const warned = (cookie: Record<string, unknown>) => {
      const warnings: Array<{ pointer: string; message: string }> = [];
      const parameters = buildServiceModel('t', withCookie(cookie), (w) => warnings.push(w)).operations[0]!.parameters;
      return { parameters, warnings };
    };
    // Read unexploded: the one form a Cookie header pair holds.
    const ids = warned({ name: 'ids', schema: { type: 'array', items: { type: 'integer' } } });
    expect(ids.parameters[0]).toMatchObject({ name: 'ids', style: 'form', explode: false, type: 'array' });
    expect(ids.warnings).toEqual([
      {
        pointer: '#/paths/~1things/post/parameters/0',
        message:
          "cookie parameter ids: an exploded array has no Cookie header form (OpenAPI's exploded form style is a query string); sent and read unexploded (ids=a,b,c)",
      },
    ]);
    const rgb = warned({ name: 'rgb', explode: true, schema: { type: 'object' } });
    expect(rgb.parameters[0]).toMatchObject({ explode: false, type: 'object' });
    expect(rgb.warnings[0]!.message).toContain('sent and read unexploded (rgb=k1,v1,k2,v2)');
    // Another style is read as form.
    const simple = warned({ name: 'ids', style: 'simple', explode: false, schema: { type: 'array' } });
    expect(simple.parameters[0]).toMatchObject({ style: 'form', explode: false });
    expect(simple.warnings).toEqual([
      {
        pointer: '#/paths/~1things/post/parameters/0/style',
        message: 'cookie parameter ids: style simple is not a cookie style; read as form',
      },
    ]);
    // No Cookie header can carry the name: left out.
    for (const name of ['my session', 'a;b']) {
      const untoken = warned({ name, schema: { type: 'string' } });
      expect(untoken.parameters).toEqual([]);
      expect(untoken.warnings[0]!.message).toContain('its name is not an RFC 6265 token');
    }
  });
});

describe('x-field-selection', () => {
  const withFields = (extension: Record<string, unknown>) =>
    documentWith({
      parameters: [{ name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } }, ...extension }],
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { type: 'object', properties: { id: {}, name: {} } } } },
        },
      },
    });

  it('makes a fields parameter a Graph field selection only where the spec asks for it', () => {
    const asked = buildServiceModel('t', withFields({ 'x-field-selection': true })).operations[0]!;
    expect(asked.selectableFields).toEqual(['id', 'name']);
    // A parameter that happens to be named fields (GitHub's are field ids) stays an ordinary parameter.
    const plain = buildServiceModel('t', withFields({})).operations[0]!;
    expect(plain.selectableFields).toBeUndefined();
  });
});
