// Writes a service's bundled spec to a temporary JSON file, for tools (Prism) that want one file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadSpec } from '../../generator/model/index.js';
import type { ServiceKey } from '../harness/services.js';

export async function bundleToTempFile(service: ServiceKey): Promise<string> {
  const { document } = await loadSpec(service);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `spec-${service}-`));
  const file = path.join(dir, `${service}.json`);
  await fs.writeFile(file, JSON.stringify(document, null, 2));
  return file;
}
