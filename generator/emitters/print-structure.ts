// Prints ts-morph structures to TypeScript text. The own structure printer (structure-printer.ts) writes what
// ts-morph's printStructure writes (indent 2, single quotes) at a fraction of its cost; a structure it does not
// print goes to ts-morph's, loaded only then. Creating a source file in a Project would also parse the text with
// the compiler, which is not needed to emit.
import { createRequire } from 'node:module';
import type { OptionalKind, SourceFileStructure } from 'ts-morph';
import { printSourceFile, StructureNotPrinted } from './structure-printer.js';

/** The source file's text, by the own printer where it prints every structure, else by ts-morph's. */
export function printStructure(structure: OptionalKind<SourceFileStructure>): string {
  return printMarked(structure, (marked) => {
    try {
      return printSourceFile(marked);
    } catch (error) {
      if (!(error instanceof StructureNotPrinted)) throw error;
      return printWithTsMorph(marked);
    }
  });
}

/** The own printer only: throws StructureNotPrinted for a structure it does not print. */
export function printStructureWithOwnPrinter(structure: OptionalKind<SourceFileStructure>): string {
  return printMarked(structure, printSourceFile);
}

/** ts-morph's printer on the same structure: the reference the own printer is tested against. */
export function printStructureWithTsMorph(structure: OptionalKind<SourceFileStructure>): string {
  return printMarked(structure, printWithTsMorph);
}

function printWithTsMorph(structure: OptionalKind<SourceFileStructure>): string {
  const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph');
  return tsMorph.printStructure(
    { ...structure, kind: tsMorph.StructureKind.SourceFile },
    { indentNumberOfSpaces: 2, useSingleQuote: true },
  );
}

function printMarked(
  structure: OptionalKind<SourceFileStructure>,
  print: (structure: OptionalKind<SourceFileStructure>) => string,
): string {
  // A statement given as text is written as it is, but a writer would still walk it character by character
  // (a route table or a dispatch switch is megabytes for a large document): it prints a marker in its place, and
  // the text goes where the marker is. Leading and trailing newlines stay with the marker, so that the writer's
  // blank-line decisions are the same.
  const texts: string[] = [];
  const given = structure.statements;
  const marked =
    Array.isArray(given) && !given.some((statement) => typeof statement === 'string' && statement.includes('\u0000'));
  const statements = marked
    ? given.map((statement) => {
        if (typeof statement !== 'string') return statement;
        const [, lead, body, trail] = /^(\n*)([\s\S]*?)(\n*)$/.exec(statement)!;
        texts.push(body!);
        return `${lead}${marker(texts.length - 1)}${trail}`;
      })
    : given;
  const printed = print({ ...structure, statements });
  return texts.length ? printed.replace(MARKER, (_m, index: string) => texts[Number(index)]!) : printed;
}

/** A marker no statement holds (a statement with a NUL character in it is printed whole). */
const marker = (index: number) => `\u0000${index}\u0000`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the marker is made of NUL characters on purpose (above).
const MARKER = /\u0000(\d+)\u0000/g;

/** JSDoc text from a summary, a description and extra lines, with comment terminators defused. */
export function docText(...parts: Array<string | undefined>): string {
  return parts
    .filter((p): p is string => !!p && p.trim() !== '')
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .trim();
}
