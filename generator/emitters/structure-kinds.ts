// The values of ts-morph's StructureKind and VariableDeclarationKind members the emitters use, typed as those members:
// the emitters build ts-morph's structures without loading ts-morph (a few megabytes of code a run does not need
// since the structures are printed by structure-printer.ts). test/generator/print-structure.test.ts checks the values.
import type { StructureKind as Kind, VariableDeclarationKind as DeclarationKind } from 'ts-morph';

export const StructureKind = {
  Class: 2 as Kind.Class,
  Function: 13 as Kind.Function,
  Interface: 19 as Kind.Interface,
  TypeAlias: 38 as Kind.TypeAlias,
  VariableStatement: 41 as Kind.VariableStatement,
} as const;

export const VariableDeclarationKind = { Const: 'const' as DeclarationKind.Const } as const;
