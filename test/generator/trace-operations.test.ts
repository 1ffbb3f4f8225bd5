// A TRACE operation (httpbin's `/anything`, seed 61): fetch refuses TRACE, one of the Fetch standard's forbidden
// methods, so generate warns with the operation's pointer; the generated client's call throws with fetch's own
// error unless its `fetch` option sends TRACE (here one written on node:http), and the generated server serves it.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { servedPackage } from '../support/served-package.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'traced', version: '1' },
  paths: {
    '/anything': {
      trace: {
        operationId: 'traceAnything',
        responses: {
          '200': {
            description: 'the request as received',
            content: { 'application/json': { schema: { type: 'object', properties: { method: { type: 'string' } } } } },
          },
        },
      },
    },
  },
};

const served = servedPackage('traced', DOCUMENT, {
  traceAnything: async () => ({ status: 200, body: { method: 'TRACE' } }),
});

/** A fetch that sends any method, on node:http (no body: TRACE carries none). */
const nodeFetch = (input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const request = http.request(String(input), { method: init?.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answer.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: answer }));
      });
    });
    request.on('error', reject);
    request.end();
  });

// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
const client = (options: Record<string, unknown> = {}): any =>
  new served.pkg.client.TracedClient({ baseUrl: served.baseUrl, maxRetries: 0, ...options });

describe('a TRACE operation', () => {
  it('is warned about by generate, at its pointer', () => {
    expect(served.pkg.warnings).toEqual([
      expect.objectContaining({
        pointer: '#/paths/~1anything/trace',
        message: expect.stringMatching(/^TRACE is a method fetch refuses/),
      }),
    ]);
  });

  it("is served, and called through a fetch that sends it; fetch's own refuses it", async () => {
    expect(await client({ fetch: nodeFetch }).traceAnything()).toEqual({ method: 'TRACE' });
    await expect(client().traceAnything()).rejects.toThrow(/TRACE/);
  });
});
