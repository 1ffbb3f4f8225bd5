// A round trip for every operation of the test run's corpus (test/generator/corpus.ts: GitHub's document as a
// seeded draw of its operations): see corpus-roundtrip-suite.ts. SPEC_FIRST_ROUNDTRIP=<file>[,...]
// adds documents of your own; SPEC_FIRST_CORPUS_LARGE=1 adds GitHub's and DigitalOcean's whole documents (minutes).
import path from 'node:path';
import { corpusDocuments, largeCorpusDocuments } from './corpus.js';
import { roundTripSuite } from './corpus-roundtrip-suite.js';

/**
 * What no value satisfies in a corpus document, its own example included (JSON Schema's meaning, no discriminator
 * to pick an alternative):
 * - a oneOf of two objects with only optional members and no other constraint, so that every object matches both
 *   alternatives (ably's push device; readme's oneOf of `{a, b}` and `{c, d}`, inline and by $ref);
 * - an allOf of `type: string` and `type: integer` (readme's quirks: no value has both types).
 */
const UNSATISFIABLE: Record<string, string[]> = {
  'ably-platform': ['subscribePushDeviceToChannel: request body'],
  'readme-polymorphism': ['postAnythingOneOfObject: request body', 'postAnythingOneOfObjectRef: request body'],
  'readme-schema-types': [
    'quirks_entirelyIncompatibleAllOf: request body',
    'quirks_partiallyUsableIncompatibleAllOf: request body',
  ],
};

/** Operations whose only bodies are not JSON (sent as given bytes or forms): not called by this test. */
const SKIPPED: Record<string, string[]> = {};

// SPEC_FIRST_ROUNDTRIP_ONLY=1: only the documents SPEC_FIRST_ROUNDTRIP names (bench/corpus-directory.ts).
const documents = [
  ...(process.env.SPEC_FIRST_ROUNDTRIP_ONLY === '1' ? [] : corpusDocuments()),
  ...(process.env.SPEC_FIRST_CORPUS_LARGE === '1'
    ? largeCorpusDocuments().map((d) => ({ ...d, name: `${d.name}-whole` }))
    : []),
];
for (const d of documents) roundTripSuite(d, { unsatisfiable: UNSATISFIABLE[d.name], skipped: SKIPPED[d.name] });
// Each document its own name (its package's folder): 3.0/json/petstore.json and 3.1/json/petstore.json are two.
const named = new Set(documents.map((d) => d.name));
for (const spec of (process.env.SPEC_FIRST_ROUNDTRIP ?? '').split(',').filter(Boolean)) {
  const base = path.basename(spec).replace(/\..*$/, '');
  let name = base;
  for (let n = 2; named.has(name); n++) name = `${base}-${n}`;
  named.add(name);
  roundTripSuite({ name, spec: path.resolve(spec) });
}
