// The "watching ..." line is a promise to whoever reads it (a user, an editor plugin, a test): a change made once it
// is printed is seen. So the folders' watches are set first and the line printed after them, never the other way.
import { type FolderWatch, watchFolders } from './watch-folders.js';

/** Watches `roots` (see watchFolders), then calls `say` with `line`: every change after `say` reaches `onChange`. */
export function watchThenSay(
  roots: string[],
  onChange: (file: string) => void,
  say: (line: string) => void,
  line: string,
): FolderWatch {
  const watch = watchFolders(roots, onChange);
  say(line);
  return watch;
}
