// A document written by an attacker: a payload that writes a marker file, in a form made to break out of each
// printed context (a comment, a string, a template literal, a line, the printer's own markers, a type's index), in
// every string position OpenAPI allows and wrong types in its non-string ones. The package it generates must
// parse, import and run every operation, the client against the package's own server, without any payload running
// and without anything changing outside the test's folder. Each finding of the review's section A also has a test of
// its own below, on the smallest document that showed it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { emitServer } from '../../generator/emitters/server.js';
import { emitClient, emitTypes } from '../../generator/emitters/typescript.js';
import { buildServiceModel, ROOT } from '../../generator/model/index.js';
import type { SchemaWarning } from '../../generator/model/normalise-schemas.js';
import { generatePackage } from '../../generator/pipeline.js';
import { parseError, shownByShapes } from '../../generator/syntax-check.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-document-'));
const markers = path.join(dir, 'markers');
fs.mkdirSync(markers);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Code that leaves a file named `tag` in the markers folder when it runs. */
const code = (tag: string) =>
  `import('node:fs').then((f) => f.writeFileSync(${JSON.stringify(path.join(markers, tag))}, 'ran'))`;

/** Payloads, each made to leave a different context: the tag names the place and the form. */
const FORMS: Record<string, (tag: string) => string> = {
  comment: (t) => `*/ ${code(t)}; /*`,
  jsdocLine: (t) => `x\n */ ${code(t)}; /**`,
  double: (t) => `" + ${code(t)} + "`,
  single: (t) => `' + ${code(t)} + '`,
  backtick: (t) => `\` + ${code(t)} + \``,
  substitution: (t) => `\${${code(t)}}`,
  newline: (t) => `x\n${code(t)};\n//`,
  lineSeparator: (t) => `x\u2028${code(t)};\u2028//`,
  carriage: (t) => `x\r${code(t)};\r//`,
  nulMarker: (t) => `\u00000\u0000 \u00003\u0000 ${t}`,
  index: (t) => `x'];${code(t)};type Q_${t.length}=components['schemas']['x`,
  script: (t) => `</script><script>${code(t)}</script>`,
  braces: (t) => `]}); ${code(t)}; ({[`,
};
const forms = Object.keys(FORMS);
let counter = 0;
/**
 * Ends every payload: every escaper writes a line separator otherwise (an escape in a literal, a line break in a
 * comment), and neither JSON.stringify nor a bare template string does, so one left raw in a printed file is document
 * text that reached it past the escapers.
 */
const CANARY = '\u2028';
/** A payload for a place, its form chosen in turn so that every place meets several forms over the document. */
function payload(place: string, form = forms[counter++ % forms.length]!): string {
  return FORMS[form]!(`${place}-${form}`.replace(/[^A-Za-z0-9-]/g, '_')) + CANARY;
}
/** A payload fit for a name (a key: a path, a parameter's or a property's name), in one of the forms. */
const named = (place: string) => payload(place).replace(/[{}]/g, '_');

function hostileDocument(): Record<string, unknown> {
  const schemaName = payload('schemaName', 'index');
  const property = named('property');
  const queryName = named('queryName');
  const headerName = 'x-h'; // a header name a fetch can send (any other is refused by fetch, not by the package)
  const pathKey = `/items/{id}/${named('pathKey')}`;
  const schema = {
    type: 'object',
    title: payload('schemaTitle'),
    description: payload('schemaDescription'),
    properties: {
      [property]: {
        type: 'string',
        description: payload('propertyDescription'),
        default: payload('default'),
        example: payload('example'),
        enum: [payload('enum', 'double'), payload('enum', 'backtick')],
        'x-vendor': payload('extension'),
      },
      plain: { type: 'string', format: payload('format'), examples: [payload('examples')] },
    },
    'x-note': { [payload('extensionKey')]: payload('extensionValue') },
  };
  const parameters = [
    {
      name: 'id',
      in: 'path',
      required: true,
      description: payload('pathParam'),
      schema: { type: 'string' },
    },
    {
      name: queryName,
      in: 'query',
      description: payload('queryDescription'),
      explode: payload('explode'),
      required: payload('required'),
      allowReserved: payload('allowReserved'),
      deprecated: payload('deprecated'),
      schema: { type: 'array', items: { type: 'string' } },
    },
    { name: 'constructor', in: 'query', schema: { type: 'string' }, style: 7 },
    { name: 'hasOwnProperty', in: 'query', schema: { type: 'integer' } },
    { name: headerName, in: 'header', description: payload('headerDescription'), schema: { type: 'string' } },
    { name: 'session', in: 'cookie', description: payload('cookieDescription'), schema: { type: 'string' } },
  ];
  const operation = (id: unknown) => ({
    operationId: id,
    summary: payload('summary'),
    description: payload('description'),
    tags: [payload('tag')],
    security: [{ oauth: [named('scope')] }, {}],
    parameters,
    'x-errors': [{ http: 400, code: payload('errorCode', 'double'), when: payload('errorWhen') }],
    requestBody: {
      description: payload('bodyDescription'),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${escapePointer(schemaName)}` } } },
    },
    responses: {
      '200': {
        description: payload('responseDescription'),
        headers: { 'x-r': { description: payload('responseHeader'), schema: { type: 'string' } } },
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${escapePointer(schemaName)}` } } },
      },
      '4XX = 1; x */ y': { description: payload('statusKey') },
      [`5XX${payload('statusKey2', 'comment')}`]: { description: 'x' },
      default: { description: payload('defaultDescription') },
    },
    callbacks: {
      [payload('callbackName', 'comment')]: {
        [`{$request.body#/${payload('callbackExpression', 'backtick')}}`]: {
          post: {
            description: payload('callbackDescription'),
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: { '200': { description: payload('callbackResponse') } },
          },
        },
      },
    },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: payload('title', 'comment'),
      description: payload('infoDescription'),
      version: payload('version'),
      summary: payload('infoSummary'),
      'x-logo': { url: payload('logo') },
    },
    servers: [
      { url: 'http://127.0.0.1:9/base', description: payload('serverDescription') },
      {
        url: 'http://{host}:9/{stage}',
        variables: {
          host: { default: '127.0.0.1', enum: ['127.0.0.1', payload('serverEnum', 'double')] },
          stage: { default: payload('serverDefault', 'backtick'), description: payload('serverVariable') },
        },
      },
    ],
    'x-request-id-headers': [named('requestIdHeader')],
    'x-idempotency-key': 'x-idem',
    tags: [{ name: payload('tag'), description: payload('tagDescription') }],
    paths: {
      [pathKey]: { post: operation(payload('operationId', 'double')) },
      [`/other/${named('pathKey2')}`]: { put: operation('constructor') },
      '/numbered': {
        get: {
          operationId: 42,
          summary: { nested: payload('objectSummary') },
          'x-idempotency-key': named('idempotencyKey'),
          responses: { '204': { description: 'ok' } },
        },
      },
    },
    webhooks: {
      [payload('webhookName', 'comment')]: {
        post: {
          summary: payload('webhookSummary'),
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: { '200': { description: payload('webhookResponse') } },
        },
      },
    },
    components: {
      schemas: { [schemaName]: schema, x: { type: 'string' } },
      securitySchemes: {
        [named('scheme')]: { type: 'apiKey', in: 'header', name: 'x-key', description: payload('schemeDescription') },
        oauth: {
          type: 'oauth2',
          flows: {
            clientCredentials: { tokenUrl: payload('tokenUrl'), scopes: { [named('scope')]: payload('scope') } },
          },
        },
      },
    },
  };
}

/** Each line of a printed file that holds the canary raw, with where it came from. */
const rawCanaries = (text: string) => text.split('\n').filter((line) => line.includes(CANARY));

const escapePointer = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

/** The project's working tree as git sees it: a payload writing anywhere in it would show. */
const treeState = () =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT }).toString();

const write = (name: string, document: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
};

async function generateInto(
  folder: string,
  spec: string,
  warnings: SchemaWarning[] = [],
): Promise<Map<string, string>> {
  const files = await generatePackage({ key: 'hostile', spec }, { onWarning: (_s, w) => warnings.push(w) });
  for (const [name, content] of files) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), content);
  }
  return files;
}

/** Pieces that end a string, comment or template early, open one, or run tokens together. */
const HOSTILE_PIECES = ['"', "'", '`', '\\', '${', '}', '*/', '\n', ';', ',', '<', '/', '01', '"constructor"', 'a b'];

describe('a hostile document', () => {
  it('generates a package that parses, imports and runs every operation without running any payload', async () => {
    const spec = write('hostile.json', hostileDocument());
    const before = treeState();
    const warnings: SchemaWarning[] = [];
    const pkg = path.join(dir, 'pkg');
    const files = await generateInto(pkg, spec, warnings);
    // Wrong types are warned about with their pointers and ignored.
    const pointers = warnings.map((w) => w.pointer);
    expect(pointers.some((p) => p.endsWith('/explode'))).toBe(true);
    expect(pointers.some((p) => p.endsWith('/required'))).toBe(true);
    expect(pointers.some((p) => p.includes('4XX = 1'))).toBe(true);
    expect(pointers).toContain('#/paths/~1numbered/get/summary');
    for (const [name, content] of files)
      if (name.endsWith('.ts')) {
        expect(parseError(name, content), name).toBe(undefined);
        expect(rawCanaries(content), name).toEqual([]);
      }
    // The client and server are shown to parse by their shapes (generator/shape-proof.ts), and the proof agrees
    // with the parser on each with a hostile piece put in at random places.
    for (const name of ['client.ts', 'server.ts']) {
      const content = files.get(name)!;
      expect(shownByShapes(content, true), name).toBe(true);
      for (let i = 0; i < 60; i++) {
        const at = Math.floor(Math.random() * content.length);
        const piece = HOSTILE_PIECES[i % HOSTILE_PIECES.length]!;
        const edited = content.slice(0, at) + piece + content.slice(at);
        if (shownByShapes(edited, true)) expect(parseError(name, edited), `${piece} at ${at}`).toBe(undefined);
      }
    }

    // Every module imported.
    const modules: Record<string, any> = {};
    for (const name of files.keys())
      if (name.endsWith('.ts') && !name.endsWith('.d.ts'))
        modules[name] = await import(pathToFileURL(path.join(pkg, name)).href);
    const server = modules['server.ts'];
    const client = modules['client.ts'];
    // The package's server, every handler answering an empty 200, and the client calling every operation on it.
    const handlers = new Proxy({}, { get: () => async () => ({ status: 200, body: {} }) });
    const listener = http.createServer(server.createHostileServer(handlers));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    let requests = 0;
    listener.on('request', () => requests++);
    const anything: any = new Proxy({}, { get: (_t, key) => (key === 'then' ? undefined : 'v') });
    try {
      const api = new client.HostileClient({ baseUrl, maxRetries: 0 });
      const methods = Object.getOwnPropertyNames(client.HostileClient.prototype).filter((m) => m !== 'constructor');
      expect(methods.length).toBeGreaterThanOrEqual(3);
      for (const method of methods) {
        await Promise.resolve()
          .then(() => api[method]({ id: 'i', body: {} }, { timeoutMs: 5000 }))
          .catch(() => {});
        await Promise.resolve()
          .then(() => api[method](anything, { timeoutMs: 5000 }))
          .catch(() => {});
      }
      // Every exported function of every module called too (senders, callback URLs, helpers).
      for (const exported of Object.values(modules))
        for (const value of Object.values(exported))
          if (typeof value === 'function' && !/^class /.test(Function.prototype.toString.call(value)))
            await Promise.resolve()
              .then(() => (value as (...a: unknown[]) => unknown)(anything, anything))
              .catch(() => {});
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
    expect(requests).toBeGreaterThan(0);
    // Any payload would write its marker asynchronously (a dynamic import): one turn of the file system first.
    await fs.promises.readdir(markers);
    await new Promise((resolve) => setImmediate(resolve));
    expect(fs.readdirSync(markers)).toEqual([]);
    expect(treeState()).toBe(before);
  }, 120_000);

  it('refuses x-errors with a status that is not an integer, in one line naming its pointer', async () => {
    const document = hostileDocument() as any;
    document.paths['/numbered'].get['x-errors'] = [{ http: `400 }; ${code('xerr')}; type Z_ = { a: 1`, code: 'A' }];
    const error = await generatePackage({ key: 'hostile', spec: write('xerr.json', document) }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(error).toBe('#/paths/~1numbered/get/x-errors/0/http: must be an HTTP status (an integer from 100 to 599)');
  });
});

/** A small document whose one operation and components the test changes. */
function small(change: (d: any) => void = () => {}): any {
  const d: any = {
    openapi: '3.1.0',
    info: { title: 'Small', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'getA',
          parameters: [{ name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'string' } } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: { schemas: {} },
  };
  change(d);
  return d;
}

/** Whether a printed file holds any dynamic import: no generated module has one, so one is document text run as code. */
function dynamicImports(name: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      found.push(node.getText(file));
    ts.forEachChild(node, visit);
  };
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  visit(file);
  return found;
}

function printed(document: any) {
  const model = buildServiceModel('small', structuredClone(document));
  return { server: emitServer(model), client: emitClient(model), types: emitTypes(model) };
}

function expectInert(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    expect(parseError(`${name}.ts`, text), name).toBe(undefined);
    expect(dynamicImports(name, text), name).toEqual([]);
  }
}

describe('each finding of the review (section A)', () => {
  it('1a: info.title stays inside the server comments', () => {
    expectInert(printed(small((d) => (d.info.title = `Pwn */ ${code('title')}; /* `))));
  });

  it('1b: a parameter explode that is not a boolean is ignored with a warning, never printed', () => {
    const warnings: SchemaWarning[] = [];
    const d = small((d) => (d.paths['/a'].get.parameters[0].explode = `[${code('explode')}].length > 0`));
    const model = buildServiceModel('small', d, (w) => warnings.push(w));
    expect(model.operations[0]!.parameters[0]!.explode).toBe(true);
    expect(warnings.map((w) => w.pointer)).toEqual(['#/paths/~1a/get/parameters/0/explode']);
    expectInert({ server: emitServer(model), client: emitClient(model) });
  });

  it('1c: a callback name stays a quoted key and inside its comment', () => {
    const d = small((d) => {
      d.paths['/a'].get.callbacks = {
        [`cb */ pwn: [${code('callback')}], /* `]: {
          '{$request.query.ids}': { post: { responses: { '200': { description: 'ok' } } } },
        },
      };
    });
    expectInert(printed(d));
  });

  it("2: a path key's backtick and ${ stay inside the client's template literal", () => {
    const d = small((d) => {
      d.paths[`/a\`+(${code('path')},'')+\`/$\{id}/\${${code('path2')}`] = d.paths['/a'];
      d.paths['/a'].get.parameters.push({ name: 'id', in: 'path', required: true, schema: { type: 'string' } });
      delete d.paths['/a'];
    });
    expectInert(printed(d));
  });

  it('3: a response status key that is not a status is ignored with a warning', () => {
    const warnings: SchemaWarning[] = [];
    const d = small((d) => (d.paths['/a'].get.responses['4XX = 1; x */ y'] = { description: 'bad' }));
    const model = buildServiceModel('small', d, (w) => warnings.push(w));
    expect(model.operations[0]!.responses.map((r) => r.status)).toEqual(['200']);
    expect(warnings[0]!.pointer).toBe('#/paths/~1a/get/responses/4XX = 1; x *~1 y');
  });

  it("4: a schema name reaches types.ts quoted (openapi-typescript's root types)", () => {
    const name = `x'];${code('schema')};export type Q=components['schemas']['x`;
    const { types } = printed(small((d) => (d.components.schemas = { [name]: { type: 'string' }, x: {} })));
    expectInert({ types });
    expect(types).toContain(`= components['schemas']['x\\'];import(`);
  });

  it("5: the printer's NUL markers in a description are not replaced by statements", () => {
    const d = small((d) => {
      d.paths['/a'].get.description = 'D \u00000\u0000 \u00005\u0000 E';
      d.webhooks = { hook: { post: { description: `\u00005\u0000 ; ${code('nul')}; /* `, responses: {} } } };
    });
    const files = printed(d);
    expectInert(files);
    expect(files.client).toContain('D \\u00000\\u0000 \\u00005\\u0000 E');
  });

  it('19: an operation named constructor generates, and the README and banner name the spec as given', async () => {
    const folder = path.join(dir, 'named\nimport(1)');
    fs.mkdirSync(folder);
    const spec = path.join(folder, 'odd.json');
    fs.writeFileSync(spec, JSON.stringify(small((d) => (d.paths['/a'].get.operationId = 'constructor'))));
    const files = await generatePackage({ key: 'odd', spec });
    for (const [name, content] of files)
      if (name.endsWith('.ts')) expect(parseError(name, content), name).toBe(undefined);
    expect(files.get('client.ts')).toMatch(/constructor_\(/);
    expect(files.get('README.md')).toContain(`${dir}/named import(1)/odd.json`);
    expect(files.get('client.ts')!.split('\n')[0]).toContain('named import(1)/odd.json');
  });
});
