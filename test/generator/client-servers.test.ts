// Operations that declare servers of their own go to their own base address: another host as the spec writes it
// (GitHub's release-asset upload goes to its uploads host), variables filled from the options or their defaults,
// a server below the document's first one following the caller's baseUrl, each overridable by its URL; and an API
// key the spec takes in a cookie travels in the Cookie header.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'foreign-features', 'openapi.yaml');
let dir: string;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let client: any;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'servers-package-'));
  writePackage(dir, await generatePackage({ key: 'features', spec: SPEC }));
  client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A client whose fetch records each request and answers from `answer`. */
function recording(options: Record<string, unknown> = {}) {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, headers: Object.fromEntries(new Headers(init.headers).entries()) });
    const text = url.includes('/status') ? 'ok' : url.includes('/exports') ? '{"id":"e1"}' : '';
    const status = url.includes('/attachment') ? 204 : 200;
    return new Response(status === 204 ? null : text, { status });
  };
  const api = new client.FeaturesClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k 1', fetch, ...options });
  return { api, sent };
}

describe("an operation's own servers", () => {
  it('another host is used as the spec writes it, whatever the baseUrl', async () => {
    const { api, sent } = recording();
    await api.uploadAttachment({ id: 'n1', body: new Uint8Array([1]) });
    expect(sent[0]!.url).toBe('https://uploads.example.test/notes/n1/attachment');
  });

  it("variables take the caller's values, else their defaults", async () => {
    const { api, sent } = recording();
    await api.startExport();
    const custom = recording({ serverVariables: { region: 'us' } });
    await custom.api.startExport();
    expect([sent[0]!.url, custom.sent[0]!.url]).toEqual([
      'https://eu.exports.example.test/v2/exports',
      'https://us.exports.example.test/v2/exports',
    ]);
  });

  it("a server below the document's first follows baseUrl (a mock, a local instance)", async () => {
    const { api, sent } = recording();
    expect(await api.getStatus()).toBe('ok');
    expect(sent[0]!.url).toBe('http://127.0.0.1:9/v1/status-area/status');
  });

  it('each is overridable by its URL as written; uploadUrl stands for all of them', async () => {
    const byUrl = recording({ servers: { 'https://uploads.example.test': 'http://127.0.0.1:9/up/' } });
    await byUrl.api.uploadAttachment({ id: 'n1', body: new Uint8Array([1]) });
    await byUrl.api.startExport();
    const all = recording({ uploadUrl: 'http://127.0.0.1:9/other' });
    await all.api.startExport();
    expect([...byUrl.sent, ...all.sent].map((s) => s.url)).toEqual([
      'http://127.0.0.1:9/up/notes/n1/attachment',
      'https://eu.exports.example.test/v2/exports',
      'http://127.0.0.1:9/other/exports',
    ]);
  });

  it('operations without one go to baseUrl', async () => {
    const { api, sent } = recording();
    await api.getNote({ id: 'n1' }).catch(() => undefined);
    expect(sent[0]!.url).toBe('http://127.0.0.1:9/v1/notes/n1');
  });
});

describe('an API key in a cookie', () => {
  it('travels in the Cookie header, beside the caller’s own cookies', async () => {
    const { api, sent } = recording({ headers: { Cookie: 'theme=dark' } });
    await api.getNote({ id: 'n1' }).catch(() => undefined);
    expect(sent[0]!.headers.cookie).toBe('session_key=k%201; theme=dark');
    expect(sent[0]!.url).not.toContain('session_key');
  });

  it('is not sent where the operation takes no credential', async () => {
    const { api, sent } = recording();
    await api.getStatus();
    expect(sent[0]!.headers.cookie).toBeUndefined();
  });
});
