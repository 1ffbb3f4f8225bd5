// Watches folders for changed files, each folder on its own (not fs.watch's recursive mode: on Linux, Node 20's
// recursive watch is written in JavaScript and stops seeing a file after an editor's save by rename). A folder's
// own watch sees a file replaced by rename like any write; new sub-folders are watched as they appear.
import fs from 'node:fs';
import path from 'node:path';

export interface FolderWatch {
  close(): void;
}

/** Calls `onChange` with the absolute path of each file created, written, renamed or removed under `roots`. */
export function watchFolders(roots: string[], onChange: (file: string) => void): FolderWatch {
  const watchers = new Map<string, fs.FSWatcher>();
  const watch = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(dir, (_event, name) => {
        if (!name) return;
        const file = path.join(dir, String(name));
        // A folder that appears is watched too; one that goes closes its own watch (the 'error' below).
        if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) watchTree(file);
        else onChange(file);
      });
    } catch {
      return; // gone before it could be watched
    }
    watcher.on('error', () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
  };
  const watchTree = (dir: string) => {
    watch(dir);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
        watchTree(path.join(dir, entry.name));
    }
  };
  for (const root of roots) watchTree(root);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
