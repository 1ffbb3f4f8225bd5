// Prism writes the violations it finds in a header, `sl-violations`, and past 8 KB cuts it short behind "Too many
// violations! " (@stoplight/prism-http-server's addViolationHeader): the round trip reads each violation written
// whole rather than failing the request on JSON it cannot parse.
import { expect, it } from 'vitest';
import { prismViolations } from './corpus-roundtrip-suite.js';

const violation = (i: number) => ({
  location: ['response', 'body', `items${i}`],
  severity: 'Error',
  code: 'required',
  message: `must have required property 'id${i}'`,
});

it('reads a header of whole JSON', () => {
  expect(prismViolations(JSON.stringify([violation(1)]))).toEqual([violation(1)]);
});

it('reads the whole violations of a header Prism cut short', () => {
  const full = JSON.stringify(Array.from({ length: 200 }, (_, i) => violation(i)));
  const header = `Too many violations! ${full.substring(0, 8 * 1024 - 100)}`;
  const read = prismViolations(header);
  expect(read.length).toBeGreaterThan(10);
  expect(read).toEqual(Array.from({ length: read.length }, (_, i) => violation(i)));
});
