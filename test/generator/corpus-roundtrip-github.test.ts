// The round trip of GitHub's document (13 MB, about 1,100 operations, from the pinned @octokit/openapi): every
// operation through its generated client to its generated server (corpus-roundtrip-suite.ts). In a file of its own
// so that its generation runs once, beside the other documents' round trips rather than inside them.
import { corpusDocuments } from './corpus.js';
import { roundTripSuite } from './corpus-roundtrip-suite.js';

const github = corpusDocuments().find((d) => d.name === 'github')!;
roundTripSuite(github, {});
