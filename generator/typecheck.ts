// The generated package type-checked before anything is written: strict, with noUnusedLocals, in memory (the files
// are served to the compiler from the map the pipeline made). A generate whose output would not compile fails and
// says where; nothing is written.
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './model/root.js';

/**
 * Above this much generated TypeScript (the runtime copied from templates/runtime aside), `generate` does not
 * type-check a package unless asked (`--typecheck`): the check grows with the package and on a document of GitHub's
 * size costs more than all of the generation (about nine times its time, and twice its peak memory), while what it
 * checks is what the corpus test already type-checks, construct by construct (docs/adr/0007).
 */
export const DEFAULT_TYPECHECK_LIMIT_BYTES = 2 * 1024 * 1024;

/** The bytes of a package's generated TypeScript: what the default type-check limit is measured on. */
export function generatedTypeScriptBytes(files: ReadonlyMap<string, string>): number {
  let bytes = 0;
  for (const [name, content] of files)
    if (name.endsWith('.ts') && !name.startsWith('runtime/')) bytes += content.length;
  return bytes;
}

/** One compiler error in a generated file: the file (inside the package), its line and the message. */
export interface TypeError {
  file: string;
  line: number;
  message: string;
}

/** The compiler options generated code must pass (tests that type-check generated code use them too). */
export const GENERATED_CODE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  noUnusedLocals: true,
  skipLibCheck: true,
  types: ['node'],
  typeRoots: [path.join(ROOT, 'node_modules', '@types')],
};

/**
 * The errors of packages' TypeScript files (package key -> name inside the package -> content), in one program.
 * What the generator writes for the spec (client.ts, server.ts, index.ts, rules.ts) is checked whole; `types.ts`
 * (openapi-typescript's output) and the runtime copied from templates/runtime (checked with the project) are read
 * for what that code uses of them: checking them whole is most of the cost on a large document (GitHub's).
 */
export function typeCheckPackages(
  packages: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Map<string, TypeError[]> {
  // A folder that does not exist, so that nothing on disk answers for a generated file.
  const base = path.join(ROOT, 'node_modules', '.cache', 'spec-first-typecheck');
  const virtual = new Map<string, string>();
  for (const [key, files] of packages)
    for (const [name, content] of files) if (/\.(ts|js)$/.test(name)) virtual.set(path.join(base, key, name), content);
  const host = ts.createCompilerHost(GENERATED_CODE_OPTIONS, true);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const dirs = new Set([...virtual.keys()].flatMap((f) => ancestors(path.dirname(f))));
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (d) => dirs.has(d) || (directoryExists ? directoryExists(d) : false);
  host.fileExists = (f) => virtual.has(f) || fileExists(f);
  host.readFile = (f) => virtual.get(f) ?? readFile(f);
  host.getSourceFile = (f, language, onError, create) => {
    const text = virtual.get(f);
    return text !== undefined
      ? ts.createSourceFile(f, text, language, true)
      : getSourceFile(f, language, onError, create);
  };
  const roots = [...virtual.keys()].filter((f) => f.endsWith('.ts'));
  const program = ts.createProgram(roots, GENERATED_CODE_OPTIONS, host);
  const generated = program.getSourceFiles().filter((sf) => virtual.has(sf.fileName));
  const written = generated.filter((sf) => {
    const name = path.relative(base, sf.fileName).split(path.sep).slice(1).join('/');
    return name !== 'types.ts' && !name.startsWith('runtime/');
  });
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...generated.flatMap((sf) => program.getSyntacticDiagnostics(sf)),
    ...written.flatMap((sf) => program.getSemanticDiagnostics(sf)),
  ];
  const out = new Map<string, TypeError[]>([...packages.keys()].map((k) => [k, []]));
  for (const d of diagnostics) {
    const [key = '', ...rest] = d.file ? path.relative(base, d.file.fileName).split(path.sep) : [];
    const error = {
      file: rest.join('/'),
      line: d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0,
      message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    };
    // An error outside every package (the options) is each package's.
    for (const k of out.has(key) ? [key] : [...out.keys()]) out.get(k)!.push(error);
  }
  return out;
}

/** A folder and the folders above it. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    out.push(d);
    if (path.dirname(d) === d) return out;
  }
}
