// The generated package type-checked before anything is written: strict, with noUnusedLocals, in memory (the files
// are served to the compiler from the map the pipeline made). A generate whose output would not compile fails and
// says where; nothing is written.
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './model/root.js';
import { checkRuntime, runtimeSources, type CompileError, typeError, virtualHost } from './runtime-declarations.js';

export type { CompileError } from './runtime-declarations.js';

/** The compiler options generated code must pass (tests that type-check generated code use them too). */
export const GENERATED_CODE_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // Node's own declarations, no DOM: the package compiles in a Node project (@tsconfig/node20's lib), and the check
  // does not parse DOM's 2 MB of declarations.
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  noUnusedLocals: true,
  skipLibCheck: true,
  types: ['node'],
  // Where @types/node is installed: the toolkit's own node_modules, or the project's that installed the toolkit.
  typeRoots: [path.dirname(path.dirname(createRequire(import.meta.url).resolve('@types/node/package.json')))],
};

/**
 * The errors of packages' TypeScript files (package key -> name inside the package -> content), in one program.
 * What the generator writes for the spec (client.ts, server.ts, index.ts, rules.ts) is checked whole; `types.ts`
 * (openapi-typescript's output) is read for what that code uses of it: checking it whole is most of the cost on a
 * large document (GitHub's). The runtime copied from templates/runtime is checked once, whole, and the per-spec
 * files against its declarations (runtime-declarations.ts).
 */
export function typeCheckPackages(
  packages: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Map<string, CompileError[]> {
  return new TypeChecker().check(packages);
}

/**
 * A type-checker that keeps what it parsed from disk (the standard library, @types/node): `warm` parses and binds
 * them before any package is known (on a worker thread, while the generator makes the package), and each `check`
 * reuses them, parsing only the package's own files.
 */
export class TypeChecker {
  private readonly parsed = new Map<string, ts.SourceFile>();

  /** Parses and binds the declarations every package is checked against. */
  warm(): void {
    // A program of no files loads no library: one empty module stands for the package to come.
    const empty = new Map([
      [path.join(ROOT, 'node_modules', '.cache', 'spec-first-typecheck-warm', 'index.ts'), 'export {};\n'],
    ]);
    const host = virtualHost(GENERATED_CODE_OPTIONS, empty, this.parsed);
    const program = ts.createProgram([...empty.keys()], GENERATED_CODE_OPTIONS, host);
    // Binding is kept on a source file (a later program's checker binds only what is not yet bound). The compiler's
    // own binder, where this version exposes it, spares making a checker here only to have each file bound.
    const bind = (ts as unknown as { bindSourceFile?: (file: ts.SourceFile, options: ts.CompilerOptions) => void })
      .bindSourceFile;
    if (typeof bind !== 'function') {
      program.getGlobalDiagnostics();
      return;
    }
    for (const file of this.parsed.values()) bind(file, program.getCompilerOptions());
  }

  check(packages: ReadonlyMap<string, ReadonlyMap<string, string>>): Map<string, CompileError[]> {
    const out = new Map<string, CompileError[]>([...packages.keys()].map((k) => [k, []]));
    // A folder that does not exist, so that nothing on disk answers for a generated file.
    const base = path.join(ROOT, 'node_modules', '.cache', 'spec-first-typecheck');
    const virtual = new Map<string, string>();
    for (const [key, files] of packages) {
      const runtime = checkRuntime(runtimeSources(files), GENERATED_CODE_OPTIONS, this.parsed);
      if ('errors' in runtime) {
        out.get(key)!.push(...runtime.errors);
        continue;
      }
      for (const [name, content] of files)
        if (name.endsWith('.ts') && !name.startsWith('runtime/')) virtual.set(path.join(base, key, name), content);
      for (const [name, content] of runtime.declarations) virtual.set(path.join(base, key, name), content);
    }
    if (virtual.size === 0) return out;
    const host = virtualHost(GENERATED_CODE_OPTIONS, virtual, this.parsed);
    const program = ts.createProgram([...virtual.keys()], GENERATED_CODE_OPTIONS, host);
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
    for (const d of diagnostics) {
      const error = typeError(d, base);
      const [key = '', ...rest] = d.file ? error.file.split('/') : [];
      // An error outside every package (the options) is each package's.
      for (const k of out.has(key) ? [key] : [...out.keys()]) out.get(k)!.push({ ...error, file: rest.join('/') });
    }
    return out;
  }
}
