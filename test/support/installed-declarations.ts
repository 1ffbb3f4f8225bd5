// The installed declarations (the standard library, @types/node) as parsed by an earlier program of this process:
// every program a test makes reuses them and parses only its own files (about 0.7 s of CPU a program otherwise).
// They never change during a run.
import path from 'node:path';
import ts from 'typescript';

const parsed = new Map<string, ts.SourceFile>();
const INSTALLED = `${path.sep}node_modules${path.sep}`;

/** What a parse of a file depends on: the language version and module format asked for, and the options given. */
function parseKey(file: string, language: ts.ScriptTarget | ts.CreateSourceFileOptions, options: ts.CompilerOptions) {
  const asked = typeof language === 'object' ? language : { languageVersion: language };
  return [
    file,
    asked.languageVersion,
    asked.impliedNodeFormat,
    asked.jsDocParsingMode,
    options.target,
    options.strict,
    options.alwaysStrict,
  ].join('\0');
}

/** `host`, answering files under node_modules with the copy this process parsed first. */
export function sharingInstalledDeclarations(host: ts.CompilerHost, options: ts.CompilerOptions): ts.CompilerHost {
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    if (create || !file.includes(INSTALLED)) return getSourceFile(file, language, onError, create);
    const key = parseKey(file, language, options);
    let source = parsed.get(key);
    if (!source) {
      source = getSourceFile(file, language, onError, create);
      if (source) parsed.set(key, source);
    }
    return source;
  };
  return host;
}

/** The compiler's own host for `options`, sharing the installed declarations. */
export function compilerHost(options: ts.CompilerOptions): ts.CompilerHost {
  return sharingInstalledDeclarations(ts.createCompilerHost(options), options);
}
