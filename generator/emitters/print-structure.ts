// Prints ts-morph structures to TypeScript text. ts-morph's printStructure writes the text straight
// from the structures; creating a source file in a Project would also parse that text with the
// compiler, which was a third of a cold `generate` and is not needed to emit.
import { printStructure as printTs, type SourceFileStructure, StructureKind, type OptionalKind } from 'ts-morph';

export function printStructure(structure: OptionalKind<SourceFileStructure>): string {
  return printTs({ ...structure, kind: StructureKind.SourceFile }, { indentNumberOfSpaces: 2, useSingleQuote: true });
}

/** JSDoc text from a summary, a description and extra lines, with comment terminators defused. */
export function docText(...parts: Array<string | undefined>): string {
  return parts
    .filter((p): p is string => !!p && p.trim() !== '')
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .trim();
}
