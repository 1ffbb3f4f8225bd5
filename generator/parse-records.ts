// Texts and shapes shown to parse, kept between processes as empty files named by a hash (syntax-check.ts). They
// are only a cache: a record missing means one more parse. So the folder is bounded by emptying it, not by
// choosing what to keep: each document adds a few hundred shapes, and records of another compiler version are
// never read again.
import fs from 'node:fs';
import path from 'node:path';

/** How many records a folder may hold before a process that records something empties it first. */
export const RECORD_LIMIT = 20_000;

export interface ParseRecords {
  /** Whether `name` (a hash) was recorded by this process or an earlier one. */
  has(name: string): boolean;
  /** Records `name`; a folder that cannot be written (a read-only install) only means parsing again. */
  add(name: string): void;
}

/** Records in `folder`, emptied by the first process to add one when it holds `limit` or more. */
export function parseRecords(folder: string, limit = RECORD_LIMIT): ParseRecords {
  let bounded = false;
  const bound = () => {
    bounded = true;
    try {
      // One listing a process, only where it records something: a run whose records are all there lists nothing.
      if (fs.readdirSync(folder).length >= limit) fs.rmSync(folder, { recursive: true, force: true });
    } catch {}
  };
  return {
    has: (name) => fs.existsSync(path.join(folder, name)),
    add: (name) => {
      if (!bounded) bound();
      const record = path.join(folder, name);
      try {
        fs.writeFileSync(record, '');
      } catch {
        // The folder is made only when a record finds it missing (a first run records hundreds of shapes).
        try {
          fs.mkdirSync(folder, { recursive: true });
          fs.writeFileSync(record, '');
        } catch {}
      }
    },
  };
}
