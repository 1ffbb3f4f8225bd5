// What the compiler finds wrong in probe files that import a generated package (one `file: message` each), under
// the options generated code must pass: a test expects none, or a `@ts-expect-error` in the probe marks one.
import path from 'node:path';
import ts from 'typescript';
import { GENERATED_CODE_OPTIONS } from '../../generator/typecheck.js';

/**
 * The installed declarations (the standard library, @types/node) as parsed by an earlier program of this process:
 * each program reuses them, parsing only the probes and the package. They never change during a run.
 */
const installed = new Map<string, ts.SourceFile>();
const INSTALLED = `${path.sep}node_modules${path.sep}`;

function compilerHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(GENERATED_CODE_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    if (!file.includes(INSTALLED)) return getSourceFile(file, language, onError, create);
    let parsed = installed.get(file);
    if (!parsed) {
      parsed = getSourceFile(file, language, onError, create);
      if (parsed) installed.set(file, parsed);
    }
    return parsed;
  };
  return host;
}

export function compileProblems(files: string[]): string[] {
  const program = ts.createProgram(files, GENERATED_CODE_OPTIONS, compilerHost());
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}
