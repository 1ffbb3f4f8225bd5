// `generate --spec F --out D --shared-runtime R`: the package imports its runtime from the folder R, which several
// packages share, instead of carrying a copy under D/runtime/. The runtime is the same text for every package of one
// generator version (a package takes the client modules its client reaches, every package the whole server runtime),
// so the files a package needs are written into R and the others there are left alone: another package imports them.
import fs from 'node:fs';
import path from 'node:path';
import { singleQuotedLiteral } from './emitters/escape.js';

/** The prefix of a package's runtime files (`runtime/client/core.ts`): inside R they lose it (`client/core.ts`). */
const RUNTIME = 'runtime/';

/** How a package in the folder `out` names the shared runtime folder in its imports (`../runtime`); posix. */
export function runtimeSpecifier(out: string, shared: string): string {
  const relative = path.relative(path.resolve(out), path.resolve(shared)).split(path.sep).join('/');
  return relative.startsWith('../') || relative === '..' ? relative : `./${relative}`;
}

/** Why the folder cannot hold the shared runtime of a package written to `out`, or undefined when it can. */
export function sharedRuntimeProblem(out: string, shared: string): string | undefined {
  const relative = path.relative(path.resolve(out), path.resolve(shared));
  if (relative === '' || !(relative.startsWith('..') || path.isAbsolute(relative)))
    return `--shared-runtime ${shared} is inside the package's folder ${out}: name a folder beside it`;
  return undefined;
}

/**
 * Where a file of the package goes with a shared runtime: into the shared folder (a runtime file, its name without
 * `runtime/`), or into the package's folder with the imports of its TypeScript naming the shared folder.
 */
export function placeFile(
  name: string,
  content: string,
  specifier: string,
): { shared: boolean; name: string; content: string } {
  if (name.startsWith(RUNTIME)) return { shared: true, name: name.slice(RUNTIME.length), content };
  if (!name.endsWith('.ts')) return { shared: false, name, content };
  // Every runtime import of an emitted file is `from './runtime/...'` on a line an import or export statement
  // begins or ends (a document's text is never at a line's start: comment lines begin with ` *`, and a string
  // literal holds no raw line break). The folder is the user's path: quoted as a literal, not pasted in.
  return {
    shared: false,
    name,
    content: content.replace(
      /^((?:import|export|\})[^\n]*?\bfrom\s*)'\.\/runtime\/([^'\n]*)'/gm,
      (_, statement: string, module: string) => `${statement}${singleQuotedLiteral(`${specifier}/${module}`)}`,
    ),
  };
}

/** A package's files split into the package folder's and the shared runtime folder's. */
export function splitPackage(
  files: Map<string, string>,
  specifier: string,
): { own: Map<string, string>; shared: Map<string, string> } {
  const own = new Map<string, string>();
  const shared = new Map<string, string>();
  for (const [name, content] of files) {
    const placed = placeFile(name, content, specifier);
    (placed.shared ? shared : own).set(placed.name, placed.content);
  }
  return { own, shared };
}

/**
 * The runtime copy a package written without the option left (runtime/client/, runtime/server/, runtime/xml/), removed where it is
 * the generator's (its banner), so that `--check` finds the folder up to date.
 */
export function removeCopiedRuntime(folder: string): void {
  const runtime = path.join(folder, 'runtime');
  for (const [side, entry] of [
    ['client', 'core.ts'],
    ['server', 'index.ts'],
    ['xml', 'shapes.ts'],
  ] as const) {
    const dir = path.join(runtime, side);
    const file = path.join(dir, entry);
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    if (
      fs.lstatSync(dir, { throwIfNoEntry: false })?.isDirectory() &&
      stat?.isFile() &&
      fs.readFileSync(file, 'utf8').startsWith('// Copied from templates/runtime/')
    )
      fs.rmSync(dir, { recursive: true });
  }
  if (fs.lstatSync(runtime, { throwIfNoEntry: false })?.isDirectory() && fs.readdirSync(runtime).length === 0)
    fs.rmdirSync(runtime);
}
