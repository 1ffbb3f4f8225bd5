// A package's runtime files are the toolkit's own texts, made without the document (generator/emitters/runtime.ts):
// `generate` takes them as parsing without parsing them (generator/syntax-check.ts), because this test parses each.
import { describe, expect, it } from 'vitest';
import { runtimeFiles } from '../../generator/emitters/runtime.js';
import { isTypeScript, parseError, syntaxError } from '../../generator/syntax-check.js';

describe("the runtime's files", () => {
  const files = [...runtimeFiles()].filter(([name]) => isTypeScript(name));

  it('are TypeScript files under runtime/, the client and the server both', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.some(([name]) => name.startsWith('runtime/client/'))).toBe(true);
    expect(files.some(([name]) => name.startsWith('runtime/server/'))).toBe(true);
  });

  it('each parse', () => {
    for (const [name, content] of files) expect(parseError(name, content), name).toBeUndefined();
  });

  it('are taken as they are, and any other text under their names is parsed', () => {
    const [name, content] = files[0]!;
    expect(syntaxError(name, content)).toBeUndefined();
    expect(syntaxError(name, `${content}\nexport const = 1;\n`)).toMatch(/^line \d+: /);
    // The toolkit's text under a name that is not its own is parsed too (a file is taken by its name and text).
    const [, other] = files[1]!;
    expect(syntaxError(name, other)).toBe(parseError(name, other));
    expect(syntaxError('runtime/client/not-the-toolkits.ts', `export const = '${name}';\n`)).toMatch(/^line 1: /);
  });
});
