// The generated server against requests written to hurt it, for a spec that trusts what it says: a pattern with
// nested quantifiers runs on a linear-time engine (a crafted value cannot hold the server), numbers beyond the
// double range are refused in a body and in the query, parameters named after Object.prototype's members are
// the values sent or absent, a path is routed as sent (dot segments are not resolved), and a handler's Location
// that node refuses to write is a plain 500.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from '../support/inline-package.js';

const json = { 'application/json': { schema: { type: 'object' } } };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'hostile', version: '1' },
  paths: {
    '/echo': {
      post: {
        operationId: 'echo',
        parameters: [
          { name: 'tag', in: 'query', schema: { type: 'string', pattern: '^(a+)+$' } },
          { name: 'n', in: 'query', schema: { type: 'number', maximum: 100 } },
          { name: 'constructor', in: 'query', schema: { type: 'string' } },
          { name: 'hasOwnProperty', in: 'query', schema: { type: 'integer' } },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { amount: { type: 'number', maximum: 100 }, count: { type: 'integer' } },
              },
            },
          },
        },
        responses: { '200': { description: 'ok', content: json } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: json } },
      },
    },
    '/proto/{__proto__}': {
      get: {
        operationId: 'getProto',
        parameters: [{ name: '__proto__', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: json } },
      },
    },
    '/go': {
      get: {
        operationId: 'go',
        parameters: [{ name: 'to', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '302': { description: 'elsewhere', headers: { Location: { schema: { type: 'string' } } } } },
      },
    },
  },
};

type Input = { path: Record<string, unknown>; query: Record<string, unknown>; body?: unknown };
const own = (record: Record<string, unknown>, name: string) =>
  Object.hasOwn(record, name) ? record[name] : '(absent)';
const HANDLERS = `{
  echo: (input) => ({ status: 200, body: { query: Object.fromEntries(Object.entries(input.query)), body: input.body ?? null } }),
  getItem: (input) => ({ status: 200, body: { id: input.path.id } }),
  getProto: (input) => ({ status: 200, body: { proto: Object.hasOwn(input.path, '__proto__') ? input.path['__proto__'] : null } }),
  go: (input) => ({ status: 302, headers: { location: input.query.to } }),
}`;

let pkg: InlinePackage;
let server: RunningServer;
let child: ChildProcess | undefined;
let childBase: string;

beforeAll(async () => {
  pkg = await inlinePackage('hostile', DOCUMENT);
  const handlers = {
    echo: (input: Input) => ({
      status: 200,
      body: {
        constructor: own(input.query, 'constructor'),
        hasOwnProperty: own(input.query, 'hasOwnProperty'),
        body: input.body ?? null,
      },
    }),
    getItem: (input: Input) => ({ status: 200, body: { id: input.path.id } }),
    getProto: (input: Input) => ({ status: 200, body: { proto: own(input.path, '__proto__') } }),
    go: (input: Input) => ({ status: 302, headers: { location: input.query.to } }),
  };
  server = await listenLocal(pkg.server.createHostileServer(handlers, { logger: false }));
  // The pattern test's server runs in a process of its own: a backtracking engine would hold this one too.
  const script = path.join(pkg.dir, 'listen.ts');
  fs.writeFileSync(
    script,
    [
      `import http from 'node:http';`,
      `import { createHostileServer } from './server.ts';`,
      `const server = http.createServer(createHostileServer(${HANDLERS}, { logger: false }));`,
      `server.listen(0, '127.0.0.1', () => console.log(JSON.stringify(server.address())));`,
    ].join('\n'),
  );
  const started = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: path.join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = started;
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    started.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    started.once('exit', (code) => reject(new Error(`the server process ended (${code}) before listening`)));
  });
  childBase = `http://127.0.0.1:${JSON.parse(line).port}`;
}, 120_000);

afterAll(async () => {
  if (child?.pid !== undefined && child.exitCode === null) child.kill('SIGKILL');
  await server?.close();
  pkg?.remove();
});

/** A request whose target is sent as written (fetch would resolve its dot segments). */
function raw(base: string, target: string, method = 'GET'): Promise<{ status: number; reason: string; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: target }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, reason: res.statusMessage!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const post = (target: string, body?: string) =>
  fetch(`${server.baseUrl}${target}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body,
  });

describe('a spec pattern with nested quantifiers', () => {
  it('does not hold the server: a request sent right after a 40-character attack is answered', async () => {
    const attack = fetch(`${childBase}/echo?tag=${'a'.repeat(40)}!`, { method: 'POST' });
    // On a backtracking engine the attack holds the server's one thread for hours; this bound is far above
    // what a linear engine takes on the slowest machine (the speed itself is measured in bench/hostile-pattern.ts).
    const normal = fetch(`${childBase}/items/abc`, { signal: AbortSignal.timeout(10_000) });
    const [refused, answered] = await Promise.all([attack, normal]);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ id: 'abc' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('tag');
  }, 30_000);

  it('still checks the pattern', async () => {
    expect((await fetch(`${childBase}/echo?tag=aaaa`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${childBase}/echo?tag=aab`, { method: 'POST' })).status).toBe(400);
  });
});

describe('numbers beyond the double range', () => {
  it('are refused in a JSON body, whatever the bound on the other side', async () => {
    for (const text of ['-1e309', '1e309'])
      for (const field of ['amount', 'count']) {
        const answer = await post('/echo', `{"${field}": ${text}}`);
        expect({ field, text, status: answer.status }).toEqual({ field, text, status: 400 });
      }
    expect((await post('/echo', '{"amount": -1e300, "count": 5}')).status).toBe(200);
  });

  it('are refused in the query', async () => {
    for (const text of ['-1e309', '1e309', '1E400']) {
      const answer = await post(`/echo?n=${text}`);
      expect({ text, status: answer.status }).toEqual({ text, status: 400 });
      expect(await answer.text()).toContain('n');
    }
    expect((await post('/echo?n=-1e300')).status).toBe(200);
  });
});

describe("parameters named after Object.prototype's members", () => {
  it('are absent when not sent, not the prototype`s functions', async () => {
    const answer = await post('/echo');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ constructor: '(absent)', hasOwnProperty: '(absent)' });
  });

  it('carry the values sent', async () => {
    const answer = await post('/echo?constructor=made&hasOwnProperty=7');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ constructor: 'made', hasOwnProperty: 7 });
  });

  it('a path parameter named __proto__ keeps its value', async () => {
    const answer = await fetch(`${server.baseUrl}/proto/kept`);
    expect(await answer.json()).toEqual({ proto: 'kept' });
  });
});

describe('the path is routed as sent', () => {
  it('does not resolve dot segments, plain or percent-encoded', async () => {
    expect((await raw(server.baseUrl, '/echo/../items/abc')).status).toBe(404);
    expect((await raw(server.baseUrl, '/echo/%2e%2e/items/abc')).status).toBe(404);
    expect((await raw(server.baseUrl, '/items/x/%2E%2e')).status).toBe(404);
    const dots = await raw(server.baseUrl, '/items/%2e%2e');
    expect(dots.status).toBe(200);
    expect(JSON.parse(dots.body)).toEqual({ id: '..' });
    const plain = await raw(server.baseUrl, '/items/..');
    expect(JSON.parse(plain.body)).toEqual({ id: '..' });
  });
});

describe("a handler's Location node refuses to write", () => {
  it('is the internal error, with its own status line', async () => {
    const answer = await raw(server.baseUrl, `/go?to=${encodeURIComponent('/x\r\nSet-Cookie: a=b')}`);
    expect(answer.status).toBe(500);
    expect(answer.reason).toBe('Internal Server Error');
    expect((await raw(server.baseUrl, '/go?to=%2Fsomewhere')).status).toBe(302);
  });
});
