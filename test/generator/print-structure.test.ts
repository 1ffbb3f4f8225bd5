// The structures' own printer (generator/emitters/structure-printer.ts) writes exactly what ts-morph's printStructure
// writes, for every structure file the emitters print (client.ts, server.ts, rules.ts) of every corpus document
// (GitHub's included) and of the spec list's services, without falling back to ts-morph.
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import { describe, expect, it, vi } from 'vitest';
import { emitClient } from '../../generator/emitters/client.js';
import { emitRules } from '../../generator/emitters/rules.js';
import { emitServer } from '../../generator/emitters/server.js';
import {
  StructureKind as KIND,
  VariableDeclarationKind as DECLARATION_KIND,
} from '../../generator/emitters/structure-kinds.js';
import { printSourceFile, StructureNotPrinted } from '../../generator/emitters/structure-printer.js';
import { buildServiceModel } from '../../generator/model/build.js';
import { loadModel, loadSpecFile, serviceKeys } from '../../generator/model/load.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { corpusDocuments } from './corpus.js';

const compared = vi.hoisted(() => ({ files: 0 }));

// Every printStructure call of the emitters prints with both printers and checks that they agree.
vi.mock('../../generator/emitters/print-structure.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../generator/emitters/print-structure.js')>();
  return {
    ...original,
    printStructure: (structure: Parameters<typeof original.printStructure>[0]) => {
      const theirs = original.printStructureWithTsMorph(structure);
      const ours = original.printStructureWithOwnPrinter(structure);
      if (ours !== theirs) {
        const at = [...ours].findIndex((c, i) => c !== theirs[i]);
        expect(ours.slice(Math.max(0, at - 300), at + 300)).toBe(theirs.slice(Math.max(0, at - 300), at + 300));
        expect(ours.length).toBe(theirs.length);
      }
      compared.files++;
      return theirs;
    },
  };
});

function compareOn(model: ServiceModel): number {
  const before = compared.files;
  emitClient(model);
  emitServer(model);
  if (model.rules.length) emitRules(model);
  return compared.files - before;
}

describe("the structures' own printer", () => {
  it("builds with the values of ts-morph's structure and declaration kinds", () => {
    expect(KIND).toEqual({
      Class: StructureKind.Class,
      Function: StructureKind.Function,
      Interface: StructureKind.Interface,
      TypeAlias: StructureKind.TypeAlias,
      VariableStatement: StructureKind.VariableStatement,
    });
    expect(DECLARATION_KIND).toEqual({ Const: VariableDeclarationKind.Const });
  });

  it.each(serviceKeys())('prints the %s service as ts-morph does', async (key) => {
    expect(compareOn(await loadModel(key))).toBe(3);
  });

  it.each(corpusDocuments().map((d) => [d.name, d.spec]))(
    'prints the corpus document %s as ts-morph does',
    async (name, spec) => {
      const loaded = await loadSpecFile(name, spec);
      expect(compareOn(buildServiceModel(name, loaded.document))).toBeGreaterThanOrEqual(2);
    },
    240_000,
  );

  it('prints hanging indents, comments and strings across lines as ts-morph does', async () => {
    const { printStructureWithOwnPrinter, printStructureWithTsMorph } = await vi.importActual<
      typeof import('../../generator/emitters/print-structure.js')
    >('../../generator/emitters/print-structure.js');
    const structure = {
      statements: [
        {
          kind: StructureKind.TypeAlias,
          isExported: true,
          name: 'Union',
          docs: ['Line one\r\n\nline */ three', ''],
          type: "'a'\n  | `b${'\\n'}\n`\n  | /* c\n d */ 'e'",
        },
        {
          kind: StructureKind.Function,
          name: 'f',
          isAsync: true,
          typeParameters: [{ name: 'T', isConst: true, constraint: 'string', default: "'x'" }, 'U'],
          parameters: [
            { name: 'a', type: 'T\n| U', initializer: "'q'" },
            { name: 'b', hasQuestionToken: true },
            { name: 'c', isRestParameter: true, type: 'string[]' },
          ],
          returnType: 'Promise<void>',
          statements: [
            'const s = `first\nsecond ${"x"}\nthird`;',
            "// a comment with a quote '\nif (s) {\n  return;\n}",
            "const r = /a'b/;\nconst t = 'it\\'s';",
            'const u = "c:\\\\";\nfoo(\n  1,\n);',
          ],
        },
        {
          kind: StructureKind.Class,
          name: 'C',
          isExported: true,
          docs: ['A class.'],
          properties: [
            { name: 'p', isReadonly: true, type: 'string', docs: ['A property.'] },
            { name: 'q', hasExclamationToken: true, type: 'number', scope: 'private' as never },
          ],
          ctors: [{ parameters: [{ name: 'p', type: 'string' }], statements: ['this.p = p;'] }],
          methods: [
            { name: 'm', statements: [] },
            { name: 'n', isStatic: true, returnType: 'void', statements: ['return;'] },
          ],
        },
        '/* an open comment',
        {
          kind: StructureKind.Interface,
          name: 'I',
          extends: ['A', 'B'],
          properties: [{ name: 'x', hasQuestionToken: true, type: '{\n  y: 1;\n}' }],
          methods: [{ name: 'm', hasQuestionToken: true, parameters: [{ name: 'i', type: 'I' }], returnType: 'void' }],
        },
        {
          kind: StructureKind.VariableStatement,
          declarationKind: VariableDeclarationKind.Const,
          docs: ['Two.'],
          declarations: [
            { name: 'one', initializer: '{\n  a: 1,\n}' },
            { name: 'two', type: 'number', initializer: '2' },
          ],
        },
        'export {};',
      ],
    };
    // biome-ignore lint/suspicious/noExplicitAny: a hand-made structure of every option the emitters may set.
    expect(printStructureWithOwnPrinter(structure as any)).toBe(printStructureWithTsMorph(structure as any));
  });

  it('declines a structure kind it does not print (the caller then uses ts-morph)', async () => {
    const { printStructure, printStructureWithTsMorph } = await vi.importActual<
      typeof import('../../generator/emitters/print-structure.js')
    >('../../generator/emitters/print-structure.js');
    const structure = {
      statements: [{ kind: StructureKind.Enum, name: 'E', members: [{ name: 'A' }] }, 'export {};'],
    } as never;
    expect(() => printSourceFile(structure)).toThrow(StructureNotPrinted);
    expect(() =>
      printSourceFile({
        statements: [
          {
            kind: StructureKind.TypeAlias,
            name: 'T',
            type: 'X',
            typeParameters: [{ name: 'A', variance: 1 }],
            leadingTrivia: '// x',
          },
        ],
      } as never),
    ).toThrow(StructureNotPrinted);
    expect(printStructure(structure)).toBe(printStructureWithTsMorph(structure));
    expect(printStructure(structure)).toContain('enum E');
  });
});
