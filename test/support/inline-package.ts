// A package generated from a small OpenAPI document written in a test (the idioms of public documents, one at a
// time): its files in a temporary folder (the runtime's as links to one copy, ./package-folder.ts), its modules
// loaded, and the warnings generate gave.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SchemaWarning } from '../../generator/model/normalise-schemas.js';
import { generatePackage } from '../../generator/pipeline.js';
import { writePackage } from './package-folder.js';

export interface InlinePackage {
  dir: string;
  /** The document the package was generated from. */
  spec: string;
  // biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
  client: any;
  // biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
  server: any;
  validators: Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
  warnings: SchemaWarning[];
  /** Removes the folder. */
  remove(): void;
}

export async function inlinePackage(key: string, document: object): Promise<InlinePackage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${key}-`));
  const spec = path.join(dir, 'document.json');
  fs.writeFileSync(spec, JSON.stringify(document));
  const warnings: SchemaWarning[] = [];
  const out = path.join(dir, 'package');
  writePackage(out, await generatePackage({ key, spec }, { onWarning: (_, w) => warnings.push(w) }));
  const load = (file: string) => import(pathToFileURL(path.join(out, file)).href);
  return {
    dir: out,
    spec,
    client: await load('client.ts'),
    server: await load('server.ts'),
    validators: await load('validators.ts'),
    warnings,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The package generated from a spec file, written under `<dir>/<key>`, with its client and server loaded. */
// biome-ignore lint/suspicious/noExplicitAny: the package is generated at run time
export async function specPackage(key: string, spec: string, dir: string): Promise<{ client: any; server: any }> {
  const out = path.join(dir, key);
  writePackage(out, await generatePackage({ key, spec }));
  const load = (file: string) => import(pathToFileURL(path.join(out, file)).href);
  return { client: await load('client.ts'), server: await load('server.ts') };
}
