// The runtime's files are the same in every package: a text of theirs that parsed is recorded between processes
// (generator/syntax-check.ts), so a cold `generate` parses only what it made from the document. A text that does not
// parse is never recorded, and a file made from the document never is (the shapes of its parts are).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/root.js';
import { syntaxError } from '../../generator/syntax-check.js';

const RECORDS = path.join(ROOT, 'node_modules', '.cache', 'spec-first-parsed');
const records = () => new Set(fs.existsSync(RECORDS) ? fs.readdirSync(RECORDS) : []);
const added = (before: Set<string>) => [...records()].filter((name) => !before.has(name));

describe('the parse of a package file, recorded between processes', () => {
  it('records a runtime text that parsed, once, and finds it there', () => {
    const text = `export const id = '${randomUUID()}';\n`;
    const before = records();
    expect(syntaxError('runtime/client/extra.ts', text)).toBeUndefined();
    const [record, ...more] = added(before);
    expect(record).toMatch(/^[0-9a-f]{32}$/);
    expect(more).toEqual([]);
    expect(syntaxError('runtime/client/extra.ts', text)).toBeUndefined();
    expect(added(before)).toEqual([record]);
  });

  it('records no runtime text that does not parse, and names its error each time', () => {
    const text = `export const = '${randomUUID()}';\n`;
    const before = records();
    expect(syntaxError('runtime/client/broken.ts', text)).toMatch(/^line 1: /);
    expect(syntaxError('runtime/client/broken.ts', text)).toMatch(/^line 1: /);
    expect(added(before)).toEqual([]);
  });

  it('records no file made from the document: only the shapes of its parts (shape-proof.ts), which hold no text of it', () => {
    const before = records();
    expect(syntaxError('client.ts', `export const id = '${randomUUID()}';\n`)).toBeUndefined();
    // The shape of `export const a = "";`, unless an earlier run recorded it.
    const shapes = added(before);
    expect(shapes.length).toBeLessThanOrEqual(1);
    expect(syntaxError('client.ts', `export const other = '${randomUUID()}';\n`)).toBeUndefined();
    expect(added(before)).toEqual(shapes);
  });
});

describe('the parse of a file made from the document', () => {
  it('finds a comment closed early by text inside it, and takes a JSDoc tag it cannot read as a comment', () => {
    expect(syntaxError('types.ts', '/** a */ b c */\nexport type A = string;\n')).toMatch(/^line 1: /);
    expect(syntaxError('types.ts', '/** @param {{ a */\nexport type A = string;\n')).toBeUndefined();
  });
});
