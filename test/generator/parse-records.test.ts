// The records of texts and shapes shown to parse (generator/parse-records.ts) are a cache kept between processes:
// found where recorded, and bounded by emptying the folder when a process that records something finds it full.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRecords } from '../../generator/parse-records.js';

const folders: string[] = [];
const freshFolder = () => {
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parse-records-')), 'records');
  folders.push(path.dirname(folder));
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('records of what was shown to parse', () => {
  it('makes the folder on the first record and finds each record, in this process and the next', () => {
    const folder = freshFolder();
    const first = parseRecords(folder, 10);
    expect(first.has('a')).toBe(false);
    first.add('a');
    first.add('b');
    expect(first.has('a')).toBe(true);
    const next = parseRecords(folder, 10);
    expect(next.has('b')).toBe(true);
    expect(fs.readdirSync(folder).sort()).toEqual(['a', 'b']);
  });

  it('keeps a folder under its limit whole, and empties a full one before recording into it', () => {
    const folder = freshFolder();
    const first = parseRecords(folder, 3);
    for (const name of ['a', 'b']) first.add(name);
    parseRecords(folder, 3).add('c');
    expect(fs.readdirSync(folder).sort()).toEqual(['a', 'b', 'c']);
    const full = parseRecords(folder, 3);
    expect(full.has('a')).toBe(true);
    full.add('d');
    expect(fs.readdirSync(folder)).toEqual(['d']);
    // Once a process: what it records after the check is kept, even past the limit.
    for (const name of ['e', 'f', 'g']) full.add(name);
    expect(fs.readdirSync(folder).sort()).toEqual(['d', 'e', 'f', 'g']);
  });

  it('lists nothing in a process that records nothing', () => {
    const folder = freshFolder();
    const records = parseRecords(folder, 1);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'a'), '');
    fs.writeFileSync(path.join(folder, 'b'), '');
    expect(records.has('a')).toBe(true);
    expect(records.has('c')).toBe(false);
    expect(fs.readdirSync(folder).sort()).toEqual(['a', 'b']);
  });

  it('takes a folder it cannot write as no record (a read-only install parses again)', () => {
    const parent = freshFolder();
    fs.mkdirSync(path.dirname(parent), { recursive: true });
    fs.writeFileSync(parent, 'a file where the folder would be');
    const records = parseRecords(path.join(parent, 'records'), 3);
    expect(() => records.add('a')).not.toThrow();
    expect(records.has('a')).toBe(false);
  });
});
