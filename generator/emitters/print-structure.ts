// Prints ts-morph structures to TypeScript text with ts-morph's printStructure (indent 2, single quotes). Creating a
// source file in a Project would also parse the text with the compiler, which is not needed to emit.
import {
  type OptionalKind,
  printStructure as printWithTsMorph,
  type SourceFileStructure,
  StructureKind,
} from 'ts-morph';

/** The source file's text as ts-morph prints the structure. */
export function printStructure(structure: OptionalKind<SourceFileStructure>): string {
  // A statement given as text is written as it is, but ts-morph's writer would still walk it character by character
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
  const printed = printWithTsMorph(
    { ...structure, statements, kind: StructureKind.SourceFile },
    { indentNumberOfSpaces: 2, useSingleQuote: true },
  );
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
