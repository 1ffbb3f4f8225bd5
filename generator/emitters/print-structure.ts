// Prints ts-morph structures to TypeScript text with ts-morph's printStructure (indent 2, single quotes). Creating a
// source file in a Project would also parse the text with the compiler, which is not needed to emit.
import { randomBytes } from 'node:crypto';
import {
  type OptionalKind,
  printStructure as printWithTsMorph,
  type SourceFileStructure,
  StructureKind,
} from 'ts-morph';
import { commentText } from './escape.js';

/** The source file's text as ts-morph prints the structure. */
export function printStructure(structure: OptionalKind<SourceFileStructure>): string {
  // A statement given as text is written as it is, but ts-morph's writer would still walk it character by character
  // (a route table or a dispatch switch is megabytes for a large document): it prints a marker in its place, and
  // the text goes where the marker is. Leading and trailing newlines stay with the marker, so that the writer's
  // blank-line decisions are the same. The marker holds a random key of this print: a document's text (which
  // reaches the docs) cannot name it, so no text of the document is ever swapped for a statement.
  const texts: string[] = [];
  const key = randomBytes(12).toString('hex');
  const given = structure.statements;
  const marked =
    Array.isArray(given) && !given.some((statement) => typeof statement === 'string' && statement.includes('\u0000'));
  const statements = marked
    ? given.map((statement) => {
        if (typeof statement !== 'string') return withSafeDocs(statement);
        const [, lead, body, trail] = /^(\n*)([\s\S]*?)(\n*)$/.exec(statement)!;
        texts.push(body!);
        return `${lead}\u0000${key}:${texts.length - 1}\u0000${trail}`;
      })
    : Array.isArray(given)
      ? given.map((statement) => (typeof statement === 'string' ? statement : withSafeDocs(statement)))
      : given;
  const printed = printWithTsMorph(
    { ...structure, statements, kind: StructureKind.SourceFile },
    { indentNumberOfSpaces: 2, useSingleQuote: true },
  );
  if (!texts.length) return printed;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the marker is made of NUL characters on purpose (above).
  const marker = new RegExp(`\u0000${key}:(\\d+)\u0000`, 'g');
  return printed.replace(marker, (_m, index: string) => texts[Number(index)]!);
}

/**
 * The structure with every JSDoc text in it (at any depth: a class's methods, an interface's properties) made
 * safe for a comment: the one place every doc passes, whatever emitter wrote it from whatever document text.
 */
function withSafeDocs<T>(structure: T): T {
  if (Array.isArray(structure)) return structure.map(withSafeDocs) as T;
  if (!structure || typeof structure !== 'object') return structure;
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(structure)) {
    if (name === 'docs' && Array.isArray(value))
      copy[name] = value.map((doc) => (typeof doc === 'string' ? commentText(doc) : withSafeDocs(doc)));
    else if (name === 'description' && typeof value === 'string') copy[name] = commentText(value);
    else copy[name] = value && typeof value === 'object' ? withSafeDocs(value) : value;
  }
  return copy as T;
}

/** JSDoc text from a summary, a description and extra lines, with comment terminators defused. */
export function docText(...parts: Array<string | undefined>): string {
  return commentText(
    parts
      .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
      .join('\n\n')
      .trim(),
  );
}
