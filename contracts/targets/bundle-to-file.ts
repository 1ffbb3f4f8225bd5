// Writes a bundled spec (a service's, or any document through the generator's one loader, with its rules for
// what a document may refer to) to a temporary JSON file, for tools (Prism) that want one file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadSpec, loadSpecFile } from '../../generator/model/index.js';
import type { ServiceKey } from '../harness/services.js';

export async function bundleToTempFile(service: ServiceKey): Promise<string> {
  const { document } = await loadSpec(service);
  return writeTemp(service, document);
}

/** The document at `file` (any OpenAPI 3.0/3.1 document), bundled into one temporary file named after `name`. */
export async function bundleFileToTempFile(name: string, file: string): Promise<string> {
  const { document } = await loadSpecFile(name, file);
  return writeTemp(name, document);
}

async function writeTemp(service: string, document: unknown): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `spec-${service}-`));
  const file = path.join(dir, `${service}.json`);
  await fs.writeFile(file, JSON.stringify(document, null, 2));
  return file;
}
