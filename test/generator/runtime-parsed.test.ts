// The toolkit's own runtime texts are listed as parsing in generated/runtime-parsed.json (generator/runtime-parsed.ts),
// so `generate` takes them from the list instead of parsing them on a fresh install; the list is current (made from
// today's templates, each parsed), and a runtime text not on it (edited, or never the toolkit's) is parsed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeFiles } from '../../generator/emitters/runtime.js';
import { ROOT } from '../../generator/model/root.js';
import { listedAsParsed, RUNTIME_PARSED, runtimeRecord } from '../../generator/runtime-parsed.js';
import { parseError, syntaxError } from '../../generator/syntax-check.js';

const RECORDS = path.join(ROOT, 'node_modules', '.cache', 'spec-first-parsed');
const records = () => new Set(fs.existsSync(RECORDS) ? fs.readdirSync(RECORDS) : []);
const typescript = [...runtimeFiles()].filter(([name]) => name.endsWith('.ts'));

describe("the list of the runtime's texts that parse", () => {
  it('holds exactly the record of each runtime TypeScript text, each of which parses', () => {
    const list = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated', RUNTIME_PARSED), 'utf8'));
    expect(typescript.length).toBeGreaterThan(20);
    for (const [name, content] of typescript) expect(parseError(name, content), name).toBeUndefined();
    expect(list.records).toEqual([...new Set(typescript.map(([, content]) => runtimeRecord(content)))].sort());
  });

  it('spares the parse of a listed text (nothing recorded), and parses a text under a runtime name not on it', () => {
    const [name, content] = typescript[0]!;
    expect(listedAsParsed(runtimeRecord(content))).toBe(true);
    const before = records();
    expect(syntaxError(name, content)).toBeUndefined();
    expect([...records()].filter((r) => !before.has(r))).toEqual([]);
    const edited = `${content}\nexport const = 1;\n`;
    expect(listedAsParsed(runtimeRecord(edited))).toBe(false);
    expect(syntaxError(name, edited)).toMatch(/^line \d+: /);
  });
});
