// The package generated from the fifth spec (test/generator/fixtures/params) with its typed handler
// (slot-handler.ts.txt) served on 127.0.0.1: the parameter tests' common set-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePackage } from '../../generator/pipeline.js';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { writePackage } from './package-folder.js';

export const SLOTS_FIXTURES = path.join(import.meta.dirname, '..', 'generator', 'fixtures', 'params');

export interface SlotsPackage {
  /** The folder the package was written to (with slot-handler.ts beside it). */
  dir: string;
  server: RunningServer;
  /** The package's client module. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  client: any;
  close(): Promise<void>;
}

export async function startSlotsPackage(prefix: string): Promise<SlotsPackage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  writePackage(
    dir,
    await generatePackage({
      key: 'slots',
      spec: path.join(SLOTS_FIXTURES, 'openapi.yaml'),
    }),
  );
  fs.copyFileSync(path.join(SLOTS_FIXTURES, 'slot-handler.ts.txt'), path.join(dir, 'slot-handler.ts'));
  const serverPkg = await import(pathToFileURL(path.join(dir, 'server.ts')).href);
  const client = await import(pathToFileURL(path.join(dir, 'client.ts')).href);
  const handler = await import(pathToFileURL(path.join(dir, 'slot-handler.ts')).href);
  const { inspectSlot, inspectCells, inspectPaints, inspectCookies } = handler;
  const server = await listenLocal(
    serverPkg.createSlotsServer({ inspectSlot, inspectCells, inspectPaints, inspectCookies }, { logger: false }),
  );
  return {
    dir,
    server,
    client,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
