// `generate --spec F --out D --client-only`: the package a program calling the API needs. It holds the types, the
// client and the client runtime, no server, validators or server runtime; it compiles strictly with its README's
// examples, and its client talks to the server of the full package made from the same document.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/root.js';
import { generatePackage } from '../../generator/pipeline.js';
import { GENERATED_CODE_OPTIONS, typeCheckPackages } from '../../generator/typecheck.js';
import { writePackage } from '../support/package-folder.js';
import { servedPackage } from '../support/served-package.js';
import { compilerHost } from '../support/installed-declarations.js';

const NOTE = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string' }, text: { type: 'string', minLength: 1 } },
};

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        operationId: 'createNote',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
            },
          },
        },
        responses: { '201': { description: 'created', content: { 'application/json': { schema: NOTE } } } },
      },
    },
    '/notes/{id}': {
      get: {
        operationId: 'getNote',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: NOTE } } } },
      },
    },
  },
};

const notes = new Map<string, { id: string; text: string }>();
const served = servedPackage('notes', DOCUMENT, {
  createNote: async (input: { body: { text: string } }) => {
    const note = { id: String(notes.size + 1), text: input.body.text };
    notes.set(note.id, note);
    return { status: 201, body: note };
  },
  getNote: async (input: { path: { id: string } }) => ({ status: 200, body: notes.get(input.path.id) }),
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-only-'));
const spec = path.join(dir, 'notes.json');
const out = path.join(dir, 'notes');
let files: Map<string, string>;

beforeAll(async () => {
  fs.writeFileSync(spec, JSON.stringify(DOCUMENT));
  files = await generatePackage({ key: 'notes', spec }, { single: true, out, clientOnly: true });
  writePackage(out, files);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a client-only package', () => {
  it('holds the types, the client and the client runtime, and no server part', () => {
    const names = [...files.keys()];
    expect(names).toEqual(expect.arrayContaining(['client.ts', 'index.ts', 'types.ts', 'README.md']));
    expect(names.filter((n) => n === 'server.ts' || n === 'validators.ts' || n.startsWith('runtime/server/'))).toEqual(
      [],
    );
    expect(names.some((n) => n.startsWith('runtime/client/'))).toBe(true);
    // Every module index.ts exports is in the package.
    for (const [, target] of files.get('index.ts')!.matchAll(/from '\.\/([^']+)\.js'/g))
      expect(files.has(`${target}.ts`), target).toBe(true);
    // Its banners and README make the same package again, and the README describes no server.
    expect(files.get('client.ts')!.split('\n', 1)[0]).toContain('--client-only');
    const readme = files.get('README.md')!;
    expect(readme).toContain('--client-only');
    expect(readme).not.toMatch(/server\.ts|validators\.ts|## Server|server runtime\)/);
  });

  it('compiles strictly, with its README examples', () => {
    expect(typeCheckPackages(new Map([['notes', files]])).get('notes')).toEqual([]);
    const blocks = [...files.get('README.md')!.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    const snippets = blocks.map((code, i) => {
      const file = path.join(dir, `snippet-${i}.mts`);
      fs.writeFileSync(file, `${code.replaceAll(`'./notes/`, `'${out.split(path.sep).join('/')}/`)}\nexport {};\n`);
      return file;
    });
    const options = { ...GENERATED_CODE_OPTIONS, noUnusedLocals: false };
    const program = ts.createProgram(snippets, options, compilerHost(options));
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 120_000);

  it("calls the full package's server for the same document", async () => {
    const client = await import(pathToFileURL(path.join(out, 'client.ts')).href);
    const Client = client.NotesClient;
    const api = new Client({ baseUrl: served.baseUrl, maxRetries: 0 });
    const created = await api.createNote({ body: { text: 'hello' } });
    expect(created).toEqual({ id: '1', text: 'hello' });
    expect(await api.getNote({ id: '1' })).toEqual(created);
    // The full server's validators still stand between them: an empty text is refused.
    await expect(api.createNote({ body: { text: '' } })).rejects.toMatchObject({ httpStatus: 400 });
  });
});

describe('generate --client-only on the command line', () => {
  const BIN = path.join(ROOT, 'generator', 'bin.mjs');
  const run = (args: string[]) =>
    spawnSync(process.execPath, [BIN, 'generate', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });

  it('is listed by --help and refused in one line without --spec', () => {
    expect(run(['--help']).stdout).toContain('--client-only');
    const refused = run(['--client-only']);
    expect(refused.status).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe('--client-only goes with --spec <file>');
  });

  it('writes the client-only package, over a full one too, which --check then finds up to date', () => {
    const folder = path.join(dir, 'cli-notes');
    expect(run(['--spec', spec, '--out', folder, '--quiet']).status).toBe(0);
    expect(fs.existsSync(path.join(folder, 'server.ts'))).toBe(true);
    const written = run(['--spec', spec, '--out', folder, '--client-only', '--quiet']);
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
    expect(fs.existsSync(path.join(folder, 'client.ts'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'server.ts'))).toBe(false);
    expect(fs.existsSync(path.join(folder, 'runtime', 'server'))).toBe(false);
    expect(run(['--spec', spec, '--out', folder, '--client-only', '--check', '--quiet']).status).toBe(0);
    // The full package is another package: --check without the flag finds the folder stale.
    expect(run(['--spec', spec, '--out', folder, '--check', '--quiet']).status).toBe(1);
  }, 300_000);
});
