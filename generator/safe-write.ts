// Writing a package never follows a symlink that is already in the output folder: a link named like a generated
// file (README.md -> ~/.bashrc) or folder (runtime -> elsewhere) would otherwise send the write to its target.
// A file is written beside its place under a fresh name and renamed over it (a rename replaces a link, never
// writes through it), and every folder on the way must be a real folder: a link there is refused in one line.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A folder on the way to a generated file is a symlink (or not a folder): nothing is written through it. */
export class UnsafeOutputError extends Error {}

/** Makes each folder from `root` down to `folder` (both included below root), refusing any that is not a real one. */
function realFolders(root: string, folder: string): void {
  const relative = path.relative(root, folder);
  if (relative.startsWith('..') || path.isAbsolute(relative))
    throw new UnsafeOutputError(`${folder} is outside ${root}: refused`);
  let current = root;
  for (const part of relative === '' ? [] : relative.split(path.sep)) {
    current = path.join(current, part);
    const stat = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stat) fs.mkdirSync(current);
    else if (!stat.isDirectory())
      throw new UnsafeOutputError(
        `${current} is ${stat.isSymbolicLink() ? 'a symlink' : 'not a folder'}: nothing is written through it`,
      );
  }
}

/** Writes `content` to `root/name` without following a symlink at the file or at any folder under `root`. */
export function replaceFile(root: string, name: string, content: string): void {
  const target = path.resolve(root, name);
  realFolders(root, path.dirname(target));
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  // 'wx': created new, never opened through an existing file or link of that name.
  fs.writeFileSync(temporary, content, { flag: 'wx' });
  try {
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Files kept aside (in a fresh folder under the output folder) until all of the package is made and checked, then
 * moved into place; nothing of a package that fails reaches the output folder.
 */
export class StagedFolder {
  private readonly staging: string;
  private readonly names: string[] = [];
  /** The output folder made for this package (undefined when it was there): a package that fails leaves none. */
  private readonly created: string | undefined;

  constructor(private readonly root: string) {
    this.created = fs.mkdirSync(root, { recursive: true });
    this.staging = fs.mkdtempSync(path.join(root, '.generate-'));
  }

  put(name: string, content: string): void {
    const file = path.join(this.staging, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content, { flag: 'wx' });
    this.names.push(name);
  }

  /** Moves every file into place (the same checks as replaceFile) and removes the staging folder. */
  commit(): void {
    try {
      // Every folder first: a refused one leaves the output folder as it was.
      for (const name of this.names) realFolders(this.root, path.dirname(path.resolve(this.root, name)));
      for (const name of this.names) fs.renameSync(path.join(this.staging, name), path.resolve(this.root, name));
    } finally {
      fs.rmSync(this.staging, { recursive: true, force: true });
    }
  }

  /** Nothing of the package stays: the staging folder goes, and the output folder too where this run made it. */
  discard(): void {
    fs.rmSync(this.staging, { recursive: true, force: true });
    if (this.created) fs.rmSync(this.created, { recursive: true, force: true });
  }
}
