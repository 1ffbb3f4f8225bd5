// The generated packages as a user consumes them: the client entry (and the package index) reach no Node
// built-in, no validators, no server runtime and no multipart parser; and the README snippets compile
// against the package (strict), so the documentation shows code that works.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { compilerHost } from '../support/installed-declarations.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICES = ['ad-creative', 'analytics', 'generative'] as const;

/** Every module a file reaches through its static imports and re-exports (type-only ones excluded). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.startsWith('node:') || !fs.existsSync(file)) return;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s*['"]([^'"]+)['"]/gm)) {
      if (m[2]) continue; // import type / export type: erased
      const spec = m[3]!;
      if (!spec.startsWith('.')) {
        visit(spec);
        continue;
      }
      const target = path.resolve(path.dirname(file), spec);
      const candidates = [target.replace(/\.js$/, '.ts'), target];
      visit(candidates.find((c) => fs.existsSync(c)) ?? target);
    }
  };
  visit(entry);
  return seen;
}

describe.each(SERVICES)('the %s package', (service) => {
  const dir = path.join(ROOT, 'generated', service);

  it.each(['client.ts', 'index.ts'])(
    '%s reaches no Node built-in, validator, server runtime or multipart parser',
    (entry) => {
      const files = [...reachable(path.join(dir, entry))].map((f) =>
        f.startsWith('node:') ? f : path.relative(dir, f),
      );
      // `server.ts` and `runtime/server/`, not a client module about servers (operation-servers.ts).
      expect(
        files.filter((f) => f.startsWith('node:') || /validators|(^|\/)server(\.ts$|\/)|multipart-parser/.test(f)),
      ).toEqual([]);
      expect(files).toContain('runtime/client/core.ts');
    },
  );

  it('server.ts is where node:http, the validators and the multipart parser are', () => {
    const files = [...reachable(path.join(dir, 'server.ts'))].map((f) =>
      f.startsWith('node:') ? f : path.relative(dir, f),
    );
    expect(files).toEqual(
      expect.arrayContaining([
        'validators.ts',
        'runtime/server/vendor/ajv.js',
        'runtime/server/router.ts',
        'runtime/server/vendor/multipart-parser.js',
      ]),
    );
  });
});

/** Documents of the idioms a user's spec brings: no x-error-style (problem details), bearer auth, basic auth. */
const FOREIGN_DOCUMENTS = {
  notes: {
    openapi: '3.1.0',
    info: { title: 'Notes', version: '2' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths: {
      '/notes': {
        get: {
          operationId: 'listNotes',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
            },
            '404': { description: 'none', content: { 'application/problem+json': { schema: { type: 'object' } } } },
          },
        },
      },
    },
  },
  letters: {
    openapi: '3.0.3',
    info: { title: 'Letters', version: '1' },
    components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } },
    security: [{ basic: [] }],
    paths: {
      '/letters/{id}': {
        get: {
          operationId: 'getLetter',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  },
};

/** The TypeScript blocks of a package's README, each as a module importing the package from `pkg`. */
function snippetFiles(readme: string, key: string, pkg: string, out: string): string[] {
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length, key).toBeGreaterThanOrEqual(1);
  return blocks.map((code, i) => {
    const file = path.join(out, `${key}-${i}.mts`);
    // The snippets import './<key>/...' from the folder that holds the package.
    fs.writeFileSync(file, code.replaceAll(`'./${key}/`, `'${pkg.split(path.sep).join('/')}/`) + '\nexport {};\n');
    return file;
  });
}

describe('README snippets', () => {
  it('compile against their package under strict, for the services and for documents of a user', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-snippets-'));
    const files: string[] = [];
    try {
      for (const service of SERVICES) {
        const readme = fs.readFileSync(path.join(ROOT, 'generated', service, 'README.md'), 'utf8');
        expect(readme.match(/```ts/g)?.length ?? 0, service).toBeGreaterThanOrEqual(2);
        files.push(...snippetFiles(readme, service, path.join(ROOT, 'generated', service), out));
      }
      for (const [key, document] of Object.entries(FOREIGN_DOCUMENTS)) {
        const spec = path.join(out, `${key}.json`);
        fs.writeFileSync(spec, JSON.stringify(document));
        const pkg = path.join(out, key);
        for (const [name, content] of await generatePackage({ key, spec }, { single: true })) {
          fs.mkdirSync(path.dirname(path.join(pkg, name)), { recursive: true });
          fs.writeFileSync(path.join(pkg, name), content);
        }
        const readme = fs.readFileSync(path.join(pkg, 'README.md'), 'utf8');
        // The README names the document it was made from and the command that makes it again.
        expect(readme).toContain(`from \`${spec}\``);
        expect(readme).toContain(`generate --spec ${spec}`);
        expect(readme).not.toContain('specs/');
        files.push(...snippetFiles(readme, key, pkg, out));
      }
      const options: ts.CompilerOptions = {
        strict: true,
        noUnusedLocals: false,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules', '@types')],
        skipLibCheck: true,
        noEmit: true,
        allowJs: false,
      };
      const program = ts.createProgram(files, options, compilerHost(options));
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map(
          (d) =>
            `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        );
      expect(diagnostics).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
