// The round trip's report (SPEC_FIRST_ROUNDTRIP_REPORT, corpus-roundtrip-suite.ts): a JSON line per document and
// target, read back by the bench and by the tests that count what it says.
import fs from 'node:fs';
import type { RoundTripLine } from './corpus-roundtrip-suite.js';

/** The lines of a round-trip report file; none where no line was written. */
export function reportLines(file: string): RoundTripLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RoundTripLine);
}
