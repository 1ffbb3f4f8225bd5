// What the compiler finds wrong in probe files that import a generated package (one `file: message` each), under
// the options generated code must pass: a test expects none, or a `@ts-expect-error` in the probe marks one.
import path from 'node:path';
import ts from 'typescript';
import { GENERATED_CODE_OPTIONS } from '../../generator/typecheck.js';
import { compilerHost } from './installed-declarations.js';

export function compileProblems(files: string[]): string[] {
  const program = ts.createProgram(files, GENERATED_CODE_OPTIONS, compilerHost(GENERATED_CODE_OPTIONS));
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}
