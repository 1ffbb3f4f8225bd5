// Both documents are read the way generate reads a spec: the model's one loader (Redocly's bundle), then the
// model, whose normalised schemas (OpenAPI 3.0's forms as 2020-12) are what the diff compares, so that 3.0's
// `nullable: true` and 3.1's `type: [x, 'null']` are one thing. Pointers are into the bundle as written.
import fs from 'node:fs';
import { buildServiceModel } from '../model/build.js';
import { loadSpecFile } from '../model/load.js';
import { normaliseSchemas } from '../model/normalise-schemas.js';
import type { OpenApiDocument } from '../model/ref.js';
import type { ServiceModel } from '../model/types.js';
import type { Input } from './input.js';
import { type LineOf, yamlLines } from './lines.js';

export interface Side {
  source: string;
  file: string;
  openapi: string;
  /** The bundle as written: pointers are checked against it. */
  written: OpenApiDocument;
  /** The normalised document the comparison reads. */
  document: OpenApiDocument;
  /** The model generate builds (operation identifiers, parameter serialisation); absent when it cannot be built. */
  model?: ServiceModel;
  lineOf?: LineOf;
}

export async function loadSide(input: Input): Promise<Side> {
  const { document: written } = await loadSpecFile('diff', input.file);
  const yaml = !input.file.endsWith('.json');
  return sideOf(input.source, input.file, written, yaml ? yamlLines(fs.readFileSync(input.file, 'utf8')) : undefined);
}

/** A side from a document already bundled (generate's openapi.json of a package), modelled as generate models it. */
export function sideOf(source: string, file: string, written: OpenApiDocument, lineOf?: LineOf): Side {
  const openapi = String(written.openapi ?? '');
  if (!/^3\.[01]\./.test(openapi))
    throw new Error(`${source}: not an OpenAPI 3.0 or 3.1 document (openapi: ${openapi || 'missing'})`);
  let model: ServiceModel | undefined;
  try {
    model = buildServiceModel('diff', written);
  } catch {
    // A document the generator refuses can still be compared: without the model's names for the code verdicts.
    model = undefined;
  }
  const document = model?.document ?? normaliseSchemas(written, () => {});
  return { source, file, openapi, written, document, model, lineOf };
}
