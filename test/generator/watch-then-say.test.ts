// `generate --watch` prints "watching ..." only once its folders are watched: whoever reads the line and changes a
// file at once (a test, an editor plugin) has the change seen. Printed before the watch, such a change went unseen
// and the reader waited for a regeneration that never came.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { FolderWatch } from '../../generator/watch-folders.js';
import { watchThenSay } from '../../generator/watch-then-say.js';

let watch: FolderWatch | undefined;
let dir: string | undefined;
afterEach(() => {
  watch?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('sees a change made the moment the line is said', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'watch-then-say-'));
  const spec = path.join(dir, 'notes.json');
  fs.writeFileSync(spec, '{}');
  const said: string[] = [];
  const seen = new Promise<string>((resolve) => {
    watch = watchThenSay(
      [dir!],
      resolve,
      (line) => {
        said.push(line);
        // The reader's reaction, before this process does anything else.
        fs.writeFileSync(spec, '{"changed":true}');
      },
      'watching',
    );
  });
  expect(await seen).toBe(spec);
  expect(said).toEqual(['watching']);
}, 20_000);
