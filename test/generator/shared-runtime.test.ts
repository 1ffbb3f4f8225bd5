// `generate --spec F --out D --shared-runtime R`: packages that import one runtime folder instead of each carrying a
// copy. Two packages of two documents are written beside one runtime folder: neither holds a runtime/, every runtime
// import of both names a file of the shared folder, both compile strictly, each client talks to its own server
// through the one runtime (loaded once: both packages' ApiError is one class), and `--check` finds them up to date.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { ROOT } from '../../generator/model/root.js';
import { placeFile } from '../../generator/shared-runtime.js';
import { GENERATED_CODE_OPTIONS } from '../../generator/typecheck.js';
import { compilerHost } from '../support/installed-declarations.js';

const BIN = path.join(ROOT, 'generator', 'bin.mjs');
const run = (args: string[]) =>
  spawnSync(process.execPath, [BIN, 'generate', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });

/** A document of one resource: create it (a JSON body with a minimum length) and read it back by id. */
const documentOf = (resource: string) => {
  const schema = {
    type: 'object',
    required: ['id', 'text'],
    properties: { id: { type: 'string' }, text: { type: 'string', minLength: 1 } },
  };
  return {
    openapi: '3.1.0',
    info: { title: resource, version: '1' },
    paths: {
      [`/${resource}`]: {
        post: {
          operationId: 'create',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', minLength: 1 } } },
              },
            },
          },
          responses: { '201': { description: 'made', content: { 'application/json': { schema } } } },
        },
      },
      [`/${resource}/{id}`]: {
        get: {
          operationId: 'read',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
        },
      },
    },
  };
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-runtime-'));
const runtime = path.join(dir, 'runtime');
const KEYS = ['notes', 'tasks'] as const;
const folderOf = (key: string) => path.join(dir, key);
const specOf = (key: string) => path.join(dir, `${key}.json`);

/** Every file under a folder, relative to it, posix. */
const filesUnder = (folder: string): string[] =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();

beforeAll(() => {
  for (const key of KEYS) {
    fs.writeFileSync(specOf(key), JSON.stringify(documentOf(key)));
    const written = run(['--spec', specOf(key), '--out', folderOf(key), '--shared-runtime', runtime, '--quiet']);
    expect(written.stderr).toBe('');
    expect(written.status).toBe(0);
  }
}, 300_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('packages generated with one --shared-runtime', () => {
  it('hold no runtime of their own, and every runtime import of each names a file of the shared folder', () => {
    for (const key of KEYS) {
      const folder = folderOf(key);
      expect(fs.existsSync(path.join(folder, 'runtime'))).toBe(false);
      const imported = filesUnder(folder)
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) =>
          [...fs.readFileSync(path.join(folder, f), 'utf8').matchAll(/from '(\.[^']+)\.js'/g)].map((m) =>
            path.resolve(folder, path.dirname(f), `${m[1]}.ts`),
          ),
        )
        .filter((file) => !file.startsWith(folder + path.sep));
      expect(imported.length).toBeGreaterThan(0);
      for (const file of imported) {
        expect(file.startsWith(runtime + path.sep), file).toBe(true);
        expect(fs.existsSync(file), file).toBe(true);
      }
      expect(fs.readFileSync(path.join(folder, 'client.ts'), 'utf8')).toContain(`from '../runtime/client/core.js'`);
      expect(fs.readFileSync(path.join(folder, 'README.md'), 'utf8')).toContain('`../runtime/` (shared');
    }
    expect(filesUnder(runtime)).toEqual(expect.arrayContaining(['client/core.ts', 'server/index.ts']));
  });

  it('compile strictly together with the shared runtime', () => {
    const files = KEYS.flatMap((key) =>
      filesUnder(folderOf(key))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => path.join(folderOf(key), f)),
    );
    const program = ts.createProgram(files, GENERATED_CODE_OPTIONS, compilerHost(GENERATED_CODE_OPTIONS));
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${path.relative(dir, d.file.fileName)}: ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
    expect(diagnostics).toEqual([]);
  }, 120_000);

  describe('each client calls its own server through the one runtime', () => {
    const servers: RunningServer[] = [];
    afterAll(() => Promise.all(servers.map((s) => s.close())));

    it('round-trips both packages, whose error classes are the same module', async () => {
      const loaded = [];
      for (const key of KEYS) {
        const load = (file: string) => import(pathToFileURL(path.join(folderOf(key), file)).href);
        const [client, server] = [await load('client.ts'), await load('server.ts')];
        const name = key[0]!.toUpperCase() + key.slice(1);
        const kept = new Map<string, { id: string; text: string }>();
        const handlers = {
          create: async (input: { body: { text: string } }) => {
            const made = { id: String(kept.size + 1), text: input.body.text };
            kept.set(made.id, made);
            return { status: 201, body: made };
          },
          read: async (input: { path: { id: string } }) => ({ status: 200, body: kept.get(input.path.id) }),
        };
        const listening = await listenLocal(server[`create${name}Server`](handlers, { logger: false }));
        servers.push(listening);
        const api = new client[`${name}Client`]({ baseUrl: listening.baseUrl, maxRetries: 0 });
        const made = await api.create({ body: { text: key } });
        expect(made).toEqual({ id: '1', text: key });
        expect(await api.read({ id: '1' })).toEqual(made);
        // The server's validators, from the shared server runtime, still refuse an empty text.
        await expect(api.create({ body: { text: '' } })).rejects.toMatchObject({ httpStatus: 400 });
        loaded.push(client);
      }
      expect(loaded[0].ApiError).toBe(loaded[1].ApiError);
    });
  });

  it('are up to date for --check with the option, stale without it', () => {
    for (const key of KEYS) {
      const args = ['--spec', specOf(key), '--out', folderOf(key), '--check', '--quiet'];
      expect(run([...args, '--shared-runtime', runtime]).status).toBe(0);
      expect(run(args).status).toBe(1);
    }
  }, 300_000);
});

describe('generate --shared-runtime on the command line', () => {
  it('is listed by --help and refused without --spec or inside the package folder', () => {
    expect(run(['--help']).stdout).toContain('--shared-runtime');
    const alone = run(['--shared-runtime', runtime]);
    expect(alone.status).toBe(2);
    expect(alone.stderr.split('\n')[0]).toBe('--shared-runtime goes with --spec <file>');
    const inside = run(['--spec', specOf('notes'), '--out', folderOf('x'), '--shared-runtime', `${folderOf('x')}/rt`]);
    expect(inside.status).toBe(2);
    expect(inside.stderr.split('\n')[0]).toContain('is inside the package');
  });

  it("replaces a package's own runtime copy with the shared one, and --check then finds it up to date", () => {
    const folder = path.join(dir, 'switched');
    const args = ['--spec', specOf('notes'), '--out', folder, '--quiet'];
    expect(run(args).status).toBe(0);
    expect(fs.existsSync(path.join(folder, 'runtime', 'client', 'core.ts'))).toBe(true);
    expect(run([...args, '--shared-runtime', runtime]).status).toBe(0);
    expect(fs.existsSync(path.join(folder, 'runtime'))).toBe(false);
    expect(run([...args, '--shared-runtime', runtime, '--check']).status).toBe(0);
  }, 300_000);
});

describe("a package's runtime imports naming the shared folder", () => {
  const client = [
    "/** Says `from './runtime/x.js'` in a description. */",
    "import { request } from './runtime/client/core.js';",
    'import {',
    '  ApiError,',
    "} from './runtime/client/errors.js';",
    "export type { Schema } from './runtime/server/index.js';",
    'const text = "from \'./runtime/y.js\'";',
  ].join('\n');

  it('rewrites only import and export statements, leaving comments and strings as written', () => {
    const { content } = placeFile('client.ts', client, '../rt');
    expect(content.split('\n')).toEqual([
      "/** Says `from './runtime/x.js'` in a description. */",
      "import { request } from '../rt/client/core.js';",
      'import {',
      '  ApiError,',
      "} from '../rt/client/errors.js';",
      "export type { Schema } from '../rt/server/index.js';",
      'const text = "from \'./runtime/y.js\'";',
    ]);
  });

  it("quotes a folder's name as a string literal: a quote, a backslash or `$&` in it is a character", () => {
    const { content } = placeFile('client.ts', client, "../it's $& \\ rt");
    const specifiers = ts
      .createSourceFile('client.ts', content, ts.ScriptTarget.ESNext)
      .statements.filter((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s))
      .map((s) => ((s as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral).text);
    expect(specifiers).toEqual([
      "../it's $& \\ rt/client/core.js",
      "../it's $& \\ rt/client/errors.js",
      "../it's $& \\ rt/server/index.js",
    ]);
  });
});
