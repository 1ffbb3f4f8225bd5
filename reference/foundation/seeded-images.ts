// In-memory databases that start as a copy of one seeded earlier in the process. A service whose start writes
// only what its seed and schema decide (ReferenceService.seededImage) is seeded once per seed and schema; each
// later start with the same ones opens the image of that database (a page copy) instead of seeding afresh
// (the mutation gate starts the reference once per mutant: seeding the analytics facts was most of each start).
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

const images = new Map<string, Buffer>();

/** What an image is kept by: the service, its migrations and its section of the seed file. */
export function seededImageKey(service: string, migrations: readonly string[], seed: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([service, migrations, seed ?? null]))
    .digest('hex');
}

/** A new in-memory database holding the image kept under `key`, or undefined when none is kept yet. */
export function openSeededImage(key: string): Database.Database | undefined {
  const image = images.get(key);
  return image && new Database(image);
}

/** Keeps the image of `db` (migrated and seeded, nothing else written) for the next start with the same key. */
export function keepSeededImage(key: string, db: Database.Database): void {
  images.set(key, db.serialize());
}
