// Every TypeScript file of a package is parsed before anything is written, whatever the package's size: the full
// type-check may be skipped above its size limit (docs/adr/0007), but a parse is cheap, and a file that does not
// parse means document text reached code (the escapers in emitters/escape.ts are meant to make that impossible;
// this is what holds if one is missed). A parse only: TypeScript's syntactic diagnostics through its public API
// (a program of the one file, without the standard library or any import resolved). types.ts is shown to parse by its
// tree instead where every leaf of it passes emitters/parse-proof.ts, validators.ts by its template and pieces
// (emitters/validators-file.ts), the others (client.ts, server.ts) by the shapes of their parts (shape-proof.ts);
// a file is parsed where its proof fails.
import { createHash } from 'node:crypto';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './model/root.js';
import { parseRecords } from './parse-records.js';
import { listedAsParsed, runtimeRecord } from './runtime-parsed.js';
import { type ShapeRecords, shapesParse } from './shape-proof.js';
import { takeShown } from './shown-to-parse.js';

export { shownToParse } from './shown-to-parse.js';

const OPTIONS: ts.CompilerOptions = { noLib: true, noResolve: true, types: [], target: ts.ScriptTarget.ES2022 };

/**
 * Results by content: every package carries the same runtime files, parsed once per process. Only texts of up to
 * 1 MB are kept (the runtime's are far smaller; a large document's own files are parsed once anyway).
 */
const known = new Map<string, string | undefined>();

/**
 * Texts of the runtime (templates/runtime/, the same in every package) that parsed, between processes: one empty
 * file per text, named by the hash of the compiler's version and the text. Parsing them was about a third of a
 * small document's `generate`. A text that does not parse is never recorded, so it is parsed, and named, each run.
 * The folder is bounded (parse-records.ts); the toolkit's own runtime texts are listed as parsing in generated/
 * (runtime-parsed.ts), so a fresh install does not parse them either.
 */
const PARSED = parseRecords(path.join(ROOT, 'node_modules', '.cache', 'spec-first-parsed'));

/** Whether a package file is the runtime's, copied from the toolkit's templates rather than made from the document. */
const isRuntime = (name: string) => name.startsWith('runtime/');

/** Whether `content` is line comments and then a text shown to parse (shown-to-parse.ts), its template parsing. */
function shownParses(content: string): boolean {
  const shown = takeShown(content);
  return (
    shown !== undefined && (shown.template === undefined || parseError('template.ts', shown.template) === undefined)
  );
}

/** The first syntax error of a TypeScript file as `line N: message`, or undefined when it parses. */
export function syntaxError(name: string, content: string): string | undefined {
  if (known.has(content)) return known.get(content);
  if (shownParses(content)) return undefined;
  if (!isRuntime(name) && shownByShapes(content)) return undefined;
  const record = isRuntime(name) ? runtimeRecord(content) : undefined;
  if (record && listedAsParsed(record)) return undefined;
  const error = record && PARSED.has(record) ? undefined : parseError(name, content);
  if (record && !error) PARSED.add(record);
  if (content.length <= 1 << 20) known.set(content, error);
  return error;
}

/** The first syntax error of a TypeScript file, by parsing it (nothing recorded or remembered is taken). */
export function parseError(name: string, content: string): string | undefined {
  const { file, first } = parsed(name, content);
  if (!first) return undefined;
  const line = first.start === undefined ? 0 : file.getLineAndCharacterOfPosition(first.start).line + 1;
  return `line ${line}: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`;
}

/**
 * Whether a file is shown to parse by the shapes of its statements, members and elements (shape-proof.ts). Shapes
 * recur across documents and runs: each shown is recorded as the runtime's texts are (PARSED), by the hash of the
 * compiler's version and the shape with its place, unless `fresh` (every shape parsed).
 */
export function shownByShapes(content: string, fresh = false): boolean {
  return shapesParse(content, parsedTree, fresh ? FRESH : SHAPE_RECORDS);
}

const recordOf = (id: string) =>
  createHash('sha256').update(`${ts.version}\0shape-proof 1\0${id}`).digest('hex').slice(0, 32);
const SHAPE_RECORDS: ShapeRecords = {
  has: (id) => PARSED.has(recordOf(id)),
  add: (id) => PARSED.add(recordOf(id)),
};
const FRESH: ShapeRecords = { has: () => false, add: () => {} };

/** The tree of a text of shapes (shape-proof.ts), or undefined when it has a syntax error. */
const parsedTree = (content: string) => {
  const { file, first } = parsed('shapes.ts', content);
  return first ? undefined : file;
};

/** A TypeScript file's tree and its first syntactic diagnostic. */
function parsed(name: string, content: string): { file: ts.SourceFile; first: ts.Diagnostic | undefined } {
  // JSDoc's structure is not built: a TypeScript file's syntactic diagnostics never include it (a comment is still
  // scanned to its end, so a `*/` that closes one early is still found), and building it was a third of the parse.
  const file = ts.createSourceFile(
    name,
    content,
    { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    ts.ScriptKind.TS,
  );
  const host: ts.CompilerHost = {
    getSourceFile: (requested) => (requested === name ? file : undefined),
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => f === name,
    readFile: () => undefined,
  };
  const [first] = ts.createProgram({ rootNames: [name], options: OPTIONS, host }).getSyntacticDiagnostics(file);
  return { file, first };
}

/** Whether a package file is TypeScript the parse applies to. */
export const isTypeScript = (name: string) => name.endsWith('.ts');
