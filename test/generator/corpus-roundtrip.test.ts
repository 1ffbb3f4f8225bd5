// A round trip for every operation of the test run's corpus (test/generator/corpus.ts: GitHub's document as a
// seeded draw of its operations): see corpus-roundtrip-suite.ts. Two targets: the generated server (every document)
// and Prism's mock of the document (a seeded draw of PRISM_DRAW small documents; SPEC_FIRST_ROUNDTRIP_PRISM=all for
// every one, as `npm run bench:roundtrip` does). SPEC_FIRST_ROUNDTRIP=<file>[,...] adds documents of your own,
// SPEC_FIRST_ROUNDTRIP_TARGETS=server,prism the targets they go to (default: the server);
// SPEC_FIRST_CORPUS_LARGE=1 adds GitHub's and DigitalOcean's whole documents (minutes).
import path from 'node:path';
import { corpusDocuments, largeCorpusDocuments } from './corpus.js';
import { corpusSeed, draw } from './corpus-sample.js';
import { type RoundTripTargets, roundTripSuite } from './corpus-roundtrip-suite.js';

/**
 * What the round trip finds no value for in a corpus document, its own example included (JSON Schema's meaning: a
 * discriminator picks no alternative, OpenAPI 3.1.1 and Prism alike), each with the reason no value exists:
 * - a oneOf whose two alternatives are the same schema but for their titles (readme's `ApplicationApprovedEvent` and
 *   `ApplicationDeniedEvent`): every value matches both or neither. The oneOfs only a discriminator tells apart
 *   otherwise (readme's `Cat` or `Dog`, `OptionOneNoDisc` to `OptionThreeNoDisc`) are drawn: one alternative's value
 *   given a member each other alternative types, of another type (`{"pet_type": "x", "bark": "a"}`);
 * - an allOf of `type: string` and `type: integer` (readme's quirks: no value has both types).
 */
const UNSATISFIABLE: Record<string, string[]> = {
  'readme-discriminators': [
    "postPotentiallyUndefinedFormData: request body (its oneOf's ApplicationApprovedEvent and ApplicationDeniedEvent accept the same values)",
  ],
  'readme-schema-types': [
    'quirks_entirelyIncompatibleAllOf: request body (its allOf asks for string and integer, which no value is at once)',
    'quirks_partiallyUsableIncompatibleAllOf: request body (its allOf asks for string and integer, which no value is at once)',
  ],
};

/**
 * Operations not called by this test: one whose request the document makes an earlier one's too (readme's cookie
 * styles under `/anything/cookies#...`, told apart by the key's fragment alone, which no request carries; generate
 * warns, and the server routes them to the first one's handler).
 */
const SKIPPED: Record<string, string[]> = {
  'readme-parameters-style': [
    'cookies_form_nonExploded: no request tells it apart from cookies_form_exploded',
    'cookies_standard: no request tells it apart from cookies_form_exploded',
  ],
};

/**
 * Operations Prism 5.14 answers wrongly whatever the request (corpus-roundtrip-suite.ts's prismFaults): its process
 * dies on a path parameter's object in the simple, label or matrix style (stoplightio/prism#2710) and on a
 * spaceDelimited or pipeDelimited object; it reads multipart parts as URL-encoded text.
 */
const PRISM_FAULTS: Record<string, string[]> = {
  'readme-parameters-style': [
    'form_data_pipeDelimited_nonExploded: crashes (a pipeDelimited object: "only applicable to array parameter")',
    'paths_label_nonExploded: crashes (a label object: parameters[name].startsWith is not a function)',
    'paths_matrix_nonExploded: crashes (a matrix object: parameters[name].startsWith is not a function)',
    'paths_simple_nonExploded: crashes (a simple object: value.split is not a function, stoplightio/prism#2710)',
    'paths_standard: crashes (a simple object: value.split is not a function, stoplightio/prism#2710)',
    'query_pipeDelimited_nonExploded: crashes (a pipeDelimited object: "only applicable to array parameter")',
    'query_spaceDelimited_nonExploded: crashes (a spaceDelimited object: "only applicable to array parameter")',
    // allowReserved is for application/x-www-form-urlencoded only (OpenAPI 3.1's Encoding Object).
    'formData_form_nonExploded: refuses "a,b" in a multipart part as reserved characters',
    // An array as repeated parts (stoplightio/prism#2654, open) and an object as its JSON part: multipart's defaults.
    'formData_standard: reads repeated multipart parts as one value and a JSON part as text',
  ],
};

/** How many of the corpus's small documents the test run also sends to Prism (one Prism process each). */
const PRISM_DRAW = 2;

// SPEC_FIRST_ROUNDTRIP_ONLY=1: only the documents SPEC_FIRST_ROUNDTRIP names (bench/corpus-roundtrip.ts).
const corpus = process.env.SPEC_FIRST_ROUNDTRIP_ONLY === '1' ? [] : corpusDocuments();
const small = corpus.filter((d) => d.name.startsWith('readme-'));
const toPrism = new Set(
  (process.env.SPEC_FIRST_ROUNDTRIP_PRISM === 'all' ? corpus : draw(small, PRISM_DRAW, corpusSeed())).map(
    (d) => d.name,
  ),
);
const documents = [
  ...corpus,
  ...(process.env.SPEC_FIRST_CORPUS_LARGE === '1'
    ? largeCorpusDocuments().map((d) => ({ ...d, name: `${d.name}-whole` }))
    : []),
];
for (const d of documents)
  roundTripSuite(
    d,
    { unsatisfiable: UNSATISFIABLE[d.name], skipped: SKIPPED[d.name], prismFaults: PRISM_FAULTS[d.name] },
    { server: true, prism: toPrism.has(d.name) },
  );
// Each document its own name (its package's folder): 3.0/json/petstore.json and 3.1/json/petstore.json are two.
const named = new Set(documents.map((d) => d.name));
const given = (process.env.SPEC_FIRST_ROUNDTRIP_TARGETS ?? 'server').split(',');
const targets: RoundTripTargets = { server: given.includes('server'), prism: given.includes('prism') };
for (const spec of (process.env.SPEC_FIRST_ROUNDTRIP ?? '').split(',').filter(Boolean)) {
  const base = path.basename(spec).replace(/\..*$/, '');
  let name = base;
  for (let n = 2; named.has(name); n++) name = `${base}-${n}`;
  named.add(name);
  roundTripSuite({ name, spec: path.resolve(spec) }, {}, targets);
}
