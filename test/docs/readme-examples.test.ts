// The TypeScript examples of README.md and docs/*.md compile against the generated packages, as a user at the
// repository root would write them (`./generated/<service>/...`). Every ```ts block is checked, unless the line
// before it is `<!-- not type-checked: <why> -->`. Each block is compiled as a file of its own placed at the
// repository root (in memory, so nothing is written next to the real files), under the project's tsconfig.
// A failure names the file and line of the error.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { compilerHost } from '../support/installed-declarations.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The Markdown files whose examples are checked: the README and every page of docs/. */
const MANUAL = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f))
    .sort(),
];

export interface CodeBlock {
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the block's first code line. */
  line: number;
  code: string;
}

/** The ```ts / ```typescript blocks of a Markdown text, but those marked `<!-- not type-checked: ... -->`. */
export function checkedBlocks(markdown: string, file = 'README.md'): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = lines[i]!.match(/^(\s*)(`{3,}|~{3,})\s*(ts|typescript)\s*$/);
    if (!fence) continue;
    const end = lines.findIndex((l, j) => j > i && l.trim().startsWith(fence[2]!));
    if (end < 0) throw new Error(`${file}:${i + 1}: unclosed code block`);
    const previous =
      lines
        .slice(0, i)
        .reverse()
        .find((l) => l.trim() !== '') ?? '';
    if (!/^<!--\s*not type-checked:/.test(previous.trim()))
      blocks.push({ file, line: i + 2, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** Compiles each block as a module at the repository root; the file, line and message of each error. */
export function blockErrors(blocks: CodeBlock[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const options: ts.CompilerOptions = { ...config.options, noEmit: true };
  const files = new Map(blocks.map((b, i) => [path.join(ROOT, `README.example-${i + 1}.ts`), b]));
  const host = compilerHost(options);
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  // A block without an import is a module too (top-level await is allowed in the README's examples).
  const source = (b: CodeBlock) => `${b.code}\nexport {};\n`;
  host.getSourceFile = (name, target, ...rest) => {
    const block = files.get(path.resolve(name));
    return block ? ts.createSourceFile(name, source(block), target, true) : read(name, target, ...rest);
  };
  host.fileExists = (name) => files.has(path.resolve(name)) || exists(name);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    const block = d.file ? files.get(path.resolve(d.file.fileName)) : undefined;
    if (!block || d.start === undefined)
      return `${d.file ? path.relative(ROOT, d.file.fileName) : '(global)'}: ${message}`;
    return `${block.file}:${block.line + d.file!.getLineAndCharacterOfPosition(d.start).line}: ${message}`;
  });
}

describe('README.md and docs/ examples', () => {
  const blocks = MANUAL.flatMap((file) => checkedBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'), file));

  it('has TypeScript examples to check (client and server)', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    expect(blocks.some((b) => b.code.includes('./generated/') && b.code.includes('Client'))).toBe(true);
    expect(blocks.some((b) => b.code.includes('./generated/') && b.code.includes('server.js'))).toBe(true);
  });

  it('compile against the generated packages', () => {
    expect(blockErrors(blocks)).toEqual([]);
  }, 120_000);

  it('a broken example fails with its README line', () => {
    const markdown = [
      '# t',
      '',
      '```ts',
      "import { AdCreativeClient } from './generated/ad-creative/client.js';",
      "const n: number = new AdCreativeClient({ baseUrl: 'x' });",
      '```',
      '',
      '<!-- not type-checked: a sketch -->',
      '```ts',
      'this is not TypeScript',
      '```',
    ].join('\n');
    const found = checkedBlocks(markdown);
    expect(found).toEqual([
      {
        file: 'README.md',
        line: 4,
        code: "import { AdCreativeClient } from './generated/ad-creative/client.js';\nconst n: number = new AdCreativeClient({ baseUrl: 'x' });",
      },
    ]);
    const errors = blockErrors(found);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^README\.md:5: Type 'AdCreativeClient' is not assignable to type 'number'/);
  }, 120_000);
});
