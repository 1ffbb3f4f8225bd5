// The runtime a package carries (templates/runtime, copied into runtime/) is the same for every package that has
// the same runtime files: it is type-checked once, strictly with noUnusedLocals, and what the per-spec files are
// checked against is its declarations (.d.ts), emitted by that check and cached under node_modules/.cache, each
// file's keyed by the compiler's version, its options and the contents of that file and of those it imports. A
// package's per-spec files are then checked without parsing, binding and inferring the runtime's implementation.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './model/root.js';

/** One compiler error in a generated file: the file (inside the package), its line and the message. */
export interface CompileError {
  file: string;
  line: number;
  message: string;
}

/** The runtime's check: its errors (file names inside the package), or its declarations by file name. */
export type RuntimeCheck = { errors: CompileError[] } | { declarations: Map<string, string> };

const CACHE = path.join(ROOT, 'node_modules', '.cache', 'spec-first-runtime-declarations');
// The folder the runtime is served from to the compiler: one that does not exist, so nothing on disk answers.
const VIRTUAL = path.join(ROOT, 'node_modules', '.cache', 'spec-first-typecheck-runtime');

/** The runtime's TypeScript files of a package (its declaration files included), by name inside the package. */
export function runtimeSources(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...files].filter(([name]) => name.startsWith('runtime/') && name.endsWith('.ts')).sort());
}

/** The cache key of a runtime: the compiler's version, the options and every file's name and content. */
export function runtimeKey(runtime: ReadonlyMap<string, string>, options: ts.CompilerOptions): string {
  const hash = createHash('sha256');
  hash.update(`${ts.version}\0${JSON.stringify(options)}\0`);
  for (const [name, content] of runtime) hash.update(`${name}\0${content.length}\0${content}\0`);
  return hash.digest('hex').slice(0, 32);
}

// Within one process (several packages, or tests), each runtime is checked or read once.
const known = new Map<string, RuntimeCheck>();

/**
 * The runtime's check, from the cache when each of its files was checked before with the same files it imports
 * (directly or not), by the same compiler with the same options: a package whose client runtime is cut to other
 * modules reuses what another package's check proved of the modules they share. Otherwise the runtime is checked
 * now (semantic errors of every file included) and, when it compiles, each file's declarations are cached. A cache
 * that cannot be written (a read-only install) only costs the check on every run.
 */
export function checkRuntime(
  runtime: ReadonlyMap<string, string>,
  options: ts.CompilerOptions,
  parsed?: Map<string, ts.SourceFile>,
): RuntimeCheck {
  const key = runtimeKey(runtime, options);
  const seen = known.get(key);
  if (seen) return seen;
  const keys = fileKeys(runtime, options);
  let result: RuntimeCheck | undefined;
  try {
    const declarations = new Map<string, string>();
    for (const [name, content] of runtime)
      declarations.set(
        declarationName(name),
        name.endsWith('.d.ts') ? content : fs.readFileSync(path.join(CACHE, `${keys.get(name)}.d.ts`), 'utf8'),
      );
    result = { declarations };
  } catch {
    result = compileRuntime(runtime, options, parsed);
    if ('declarations' in result)
      try {
        fs.mkdirSync(CACHE, { recursive: true });
        for (const [name, k] of keys) {
          // Written whole, then renamed: a concurrent run reads the old state or the new, never half a file.
          const file = path.join(CACHE, `${k}.d.ts`);
          fs.writeFileSync(`${file}.${process.pid}.tmp`, result.declarations.get(declarationName(name))!);
          fs.renameSync(`${file}.${process.pid}.tmp`, file);
        }
      } catch {
        // Not cached: checked again next time.
      }
  }
  known.set(key, result);
  return result;
}

/** The declaration file's name of a runtime file (a declaration file's own). */
function declarationName(name: string): string {
  return name.endsWith('.d.ts') ? name : name.replace(/\.ts$/, '.d.ts');
}

/**
 * Each runtime implementation file's cache key: the compiler's version, the options, the file and every runtime
 * file it imports, directly or not (whether it compiles, and its declarations, depend on nothing else).
 */
function fileKeys(runtime: ReadonlyMap<string, string>, options: ts.CompilerOptions): Map<string, string> {
  const imports = new Map<string, string[]>();
  for (const [name, content] of runtime)
    imports.set(
      name,
      ts
        .preProcessFile(content, true, true)
        .importedFiles.map((i) => i.fileName)
        .filter((f) => f.startsWith('.'))
        .map((f) => path.posix.normalize(path.posix.join(path.posix.dirname(name), f)))
        .flatMap((f) => [f.replace(/\.js$/, '.ts'), f.replace(/\.js$/, '.d.ts'), f].filter((c) => runtime.has(c))),
    );
  const keys = new Map<string, string>();
  for (const name of runtime.keys()) {
    if (name.endsWith('.d.ts')) continue;
    const closure = new Set([name]);
    for (const f of closure) for (const g of imports.get(f) ?? []) closure.add(g);
    const hash = createHash('sha256');
    // The file's own name first: files that import each other have one closure, not one declaration.
    hash.update(`${ts.version}\0${JSON.stringify(options)}\0${name}\0`);
    for (const f of [...closure].sort()) hash.update(`${f}\0${runtime.get(f)!.length}\0${runtime.get(f)}\0`);
    keys.set(name, hash.digest('hex').slice(0, 32));
  }
  return keys;
}

/** Type-checks the runtime's files on their own and emits their declarations (declaration files kept as they are). */
function compileRuntime(
  runtime: ReadonlyMap<string, string>,
  options: ts.CompilerOptions,
  parsed?: Map<string, ts.SourceFile>,
): RuntimeCheck {
  const emitOptions: ts.CompilerOptions = {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: VIRTUAL,
    outDir: VIRTUAL,
  };
  const virtual = new Map([...runtime].map(([name, content]) => [path.join(VIRTUAL, name), content]));
  const host = virtualHost(emitOptions, virtual, parsed);
  const program = ts.createProgram([...virtual.keys()], emitOptions, host);
  const sources = program.getSourceFiles().filter((sf) => virtual.has(sf.fileName));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...sources.flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]),
  ];
  if (diagnostics.length > 0) return { errors: diagnostics.map((d) => typeError(d, VIRTUAL)) };
  const declarations = new Map<string, string>();
  for (const [name, content] of runtime) if (name.endsWith('.d.ts')) declarations.set(name, content);
  const emitted = program.emit(undefined, (fileName, text) => {
    declarations.set(path.relative(VIRTUAL, fileName).split(path.sep).join('/'), text);
  });
  if (emitted.diagnostics.length > 0) return { errors: emitted.diagnostics.map((d) => typeError(d, VIRTUAL)) };
  return { declarations: new Map([...declarations].sort()) };
}

/** A diagnostic as file (relative to a folder), line and message. */
export function typeError(d: ts.Diagnostic, base: string): CompileError {
  return {
    file: d.file ? path.relative(base, d.file.fileName).split(path.sep).join('/') : '',
    line: d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0,
    message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
  };
}

/**
 * A compiler host that serves files of a map (by absolute name) before the disk, and keeps the source files it
 * parses from disk (the standard library, @types/node) in `parsed` when given one, so that the next program
 * reuses them parsed and bound.
 */
export function virtualHost(
  options: ts.CompilerOptions,
  virtual: ReadonlyMap<string, string>,
  parsed?: Map<string, ts.SourceFile>,
): ts.CompilerHost {
  // What `tsc` does: no parent pointers set at parse (the binder sets them), and JSDoc parsed only where it can make a
  // type error (@see, @link), not the documentation that fills @types/node.
  const host = ts.createCompilerHost(options);
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  const dirs = new Set([...virtual.keys()].flatMap((f) => ancestors(path.dirname(f))));
  host.directoryExists = (d) => dirs.has(d) || (directoryExists ? directoryExists(d) : false);
  host.fileExists = (f) => virtual.has(f) || fileExists(f);
  host.readFile = (f) => virtual.get(f) ?? readFile(f);
  host.getSourceFile = (f, language, onError, create) => {
    const text = virtual.get(f);
    if (text !== undefined) return ts.createSourceFile(f, text, language);
    const kept = parsed?.get(f);
    if (kept) return kept;
    const sf = getSourceFile(f, language, onError, create);
    if (sf && parsed) parsed.set(f, sf);
    return sf;
  };
  return host;
}

/** A folder and the folders above it. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    out.push(d);
    if (path.dirname(d) === d) return out;
  }
}
