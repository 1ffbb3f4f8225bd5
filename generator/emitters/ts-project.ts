// One in-memory ts-morph project per generation run: files are built from structures in bulk and
// printed once (node-by-node editing is ts-morph's slow path).
import { IndentationText, Project, QuoteKind, type SourceFileStructure, StructureKind, type OptionalKind } from 'ts-morph';

let project: Project | undefined;

export function printStructure(fileName: string, structure: OptionalKind<SourceFileStructure>): string {
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  });
  const file = project.createSourceFile(fileName, { ...structure, kind: StructureKind.SourceFile }, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text;
}

/** JSDoc text from a summary, a description and extra lines, with comment terminators defused. */
export function docText(...parts: Array<string | undefined>): string {
  return parts
    .filter((p): p is string => !!p && p.trim() !== '')
    .join('\n\n')
    .replace(/\*\//g, '*\\/')
    .trim();
}
