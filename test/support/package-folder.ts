// Where tests write the packages they generate and then import. Packages carry the same runtime (templates/runtime,
// the same bytes, or the same few subsets of its files), so a package's runtime/<file> is written as a link to one
// copy of that exact set of runtime files this process keeps: vitest resolves a link to the file it names, so each
// runtime module (the vendored ajv and re2js among them) is transformed and loaded once a process, not once a
// package. Its state is kept per route, never per module. The copy holds exactly the package's runtime files, so a
// file the package lacks is as missing to a runtime module importing it as in the package's own folder.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let base: string | undefined;

/** This process's copy of a set of runtime files (path inside the package -> content), made once. */
function sharedRuntime(runtime: ReadonlyArray<readonly [string, string]>): string {
  if (base === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-shared-runtime-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    base = dir;
  }
  const hash = crypto.createHash('sha256');
  for (const [name, content] of runtime) hash.update(`${name}\0${content}\0`);
  const copy = path.join(base, hash.digest('hex').slice(0, 16));
  if (!fs.existsSync(copy)) {
    // Written beside, then renamed: a copy is whole or absent.
    const partial = `${copy}.partial`;
    for (const [name, content] of runtime) {
      fs.mkdirSync(path.dirname(path.join(partial, name)), { recursive: true });
      fs.writeFileSync(path.join(partial, name), content);
    }
    fs.renameSync(partial, copy);
  }
  return copy;
}

/** Writes a package's files (path inside the package -> content) under `out`, its runtime files as links. */
export function writePackage(out: string, files: ReadonlyMap<string, string>): void {
  const runtime = [...files].filter(([name]) => name.startsWith('runtime/')).sort(([a], [b]) => (a < b ? -1 : 1));
  const copy = runtime.length > 0 ? sharedRuntime(runtime) : '';
  for (const [name, content] of files) {
    const target = path.join(out, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (name.startsWith('runtime/')) fs.symlinkSync(path.join(copy, name), target);
    else fs.writeFileSync(target, content);
  }
}
