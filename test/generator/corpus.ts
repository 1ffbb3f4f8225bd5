// The corpus: public OpenAPI documents nobody here wrote, each used unmodified (test/generator/corpus/<name>/,
// with its SOURCE.md). GitHub's comes from the pinned devDependency @octokit/openapi rather than a 13 MB copy.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../generator/model/index.js';

export interface CorpusDocument {
  /** Folder name, also the generated package's key. */
  name: string;
  /** The document's file, absolute. */
  spec: string;
  /** Large documents: the round trip samples their operations. */
  large: boolean;
}

const FOLDER = path.join(ROOT, 'test', 'generator', 'corpus');
const GITHUB = path.join(ROOT, 'node_modules', '@octokit', 'openapi', 'generated', 'api.github.com.json');
const LARGE = new Set(['digitalocean', 'github']);

/** A document's file as its source publishes it: `openapi.yaml`, or `openapi.json`. */
function documentFile(name: string): string {
  const yaml = path.join(FOLDER, name, 'openapi.yaml');
  return fs.existsSync(yaml) ? yaml : path.join(FOLDER, name, 'openapi.json');
}

/** Every corpus document, by name. */
export function corpusDocuments(): CorpusDocument[] {
  const names = fs
    .readdirSync(FOLDER, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return names.map((name) => ({
    name,
    spec: name === 'github' ? GITHUB : documentFile(name),
    large: LARGE.has(name),
  }));
}
