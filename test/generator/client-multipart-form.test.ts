// A client body of multipart/form-data: an operation whose only body is a form upload (its schema a reference,
// as public documents write it) type-checks with bytes in its file field and arrives at the generated server as
// a file part beside its text fields.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from '../support/package-folder.js';
import { compilerHost } from '../support/installed-declarations.js';

const SPEC = path.join(import.meta.dirname, 'fixtures', 'uploads', 'openapi.yaml');
let dir: string;
let server: RunningServer;
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
let client: any;
/** How each file part reached the handler: a spooled file (size, path on disk, stream) and never bytes. */
const fileParts: Array<{ isBytes: boolean; hasData: boolean; existed: boolean; streams: boolean }> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-package-'));
  writePackage(dir, await generatePackage({ key: 'uploads', spec: SPEC }));
  const serverPkg = await import(pathToFileURL(path.join(dir, 'server.ts')).href);
  client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
  server = await listenLocal(
    serverPkg.createUploadsServer(
      {
        // biome-ignore lint/suspicious/noExplicitAny: the handler's input type lives in the generated package
        createAttachment: async (input: any) => {
          const file = input.body.file;
          fileParts.push({
            isBytes: file instanceof Uint8Array,
            hasData: 'data' in file,
            existed: fs.existsSync(file.path),
            streams: typeof file.stream === 'function',
          });
          return {
            status: 201,
            body: {
              parent: input.body.parent,
              size: input.body.file.size,
              name: new TextDecoder().decode(await input.body.file.bytes()),
              tags: input.body.tags,
              source: input.body.meta?.source,
            },
          };
        },
      },
      { logger: false },
    ),
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a multipart/form-data request body', () => {
  it('sends bytes as a file part, arrays as repeated parts and objects as JSON text', async () => {
    const core = client.createUploadsCore({ baseUrl: server.baseUrl });
    const fromBytes = await client.createAttachment(core, {
      body: { file: new TextEncoder().encode('hello'), parent: 'p1', tags: ['a', 'b'], meta: { source: 'camera' } },
    });
    expect(fromBytes).toEqual({ parent: 'p1', size: 5, name: 'hello', tags: ['a', 'b'], source: 'camera' });
    const fromBlob = await client.createAttachment(core, { body: { file: new Blob(['abc']), parent: 'p2' } });
    expect(fromBlob).toMatchObject({ parent: 'p2', size: 3, name: 'abc' });
    expect(fileParts).toEqual([
      { isBytes: false, hasData: false, existed: true, streams: true },
      { isBytes: false, hasData: false, existed: true, streams: true },
    ]);
  });

  it('types the file field as bytes and keeps the required fields required', () => {
    const file = path.join(dir, 'use.ts');
    fs.writeFileSync(
      file,
      [
        "import type { CreateAttachmentParams } from './client.js';",
        "export const ok: CreateAttachmentParams = { body: { file: new Uint8Array([1]), parent: 'p' } };",
        "export const blob: CreateAttachmentParams = { body: { file: new Blob(['x']), parent: 'p' } };",
        '// @ts-expect-error the file is required',
        "export const missing: CreateAttachmentParams = { body: { parent: 'p' } };",
      ].join('\n'),
    );
    const options: ts.CompilerOptions = {
      strict: true,
      noUnusedLocals: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      allowImportingTsExtensions: false,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [path.join(import.meta.dirname, '../../node_modules/@types')],
    };
    const program = ts.createProgram([file], options, compilerHost(options));
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
