// Where tests write the packages they generate and then import. Every package carries the same runtime
// (templates/runtime, the same bytes in each), so a package's runtime/<file> is written as a link to one copy this
// process keeps: vitest resolves a link to the file it names, so each runtime module (the vendored ajv and re2js
// among them) is transformed and loaded once a process, not once a package. Its state is kept per route, never per
// module. A package still holds exactly the runtime files it carries; a file whose bytes differ is written as is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let shared: string | undefined;

/** This process's copy of the runtime, removed when the process exits. */
function sharedRuntime(): string {
  if (shared === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-shared-runtime-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    shared = dir;
  }
  return shared;
}

/** Writes a package's files (path inside the package -> content) under `out`, its runtime files as links. */
export function writePackage(out: string, files: ReadonlyMap<string, string>): void {
  for (const [name, content] of files) {
    const target = path.join(out, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (!name.startsWith('runtime/')) {
      fs.writeFileSync(target, content);
      continue;
    }
    const copy = path.join(sharedRuntime(), name);
    if (!fs.existsSync(copy)) {
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.writeFileSync(copy, content);
    }
    if (fs.readFileSync(copy, 'utf8') === content) fs.symlinkSync(copy, target);
    else fs.writeFileSync(target, content);
  }
}
