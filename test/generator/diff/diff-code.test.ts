// The code verdict of each change, from the model generate builds: a change can break the typed client without
// touching the wire (an operationId renamed), or break the wire where TypeScript sees nothing (integer -> number
// in an answer: `number` either way), and the symbols named are the generated ones.
import { describe, expect, it } from 'vitest';
import { diff, petstore } from './pairs.js';

describe('spec-first diff: what a change does to the generated code', () => {
  it('integer -> number in a response breaks the wire, not the TypeScript types', async () => {
    const { findings } = await diff(
      petstore(),
      petstore((d) => (d.components.schemas.Pet.properties.id.type = 'number')),
    );
    const change = findings.find((f) => f.operation?.operationId === 'getPet')!;
    expect(change.level).toBe('error');
    expect(change.code.verdict).toBe('compiles');
    expect(change.code.reason).toContain('a wire break TypeScript cannot see');
    expect(change.code.symbols.map((s) => s.name)).toEqual(['getPet', 'GetPetResult', 'components["schemas"]["Pet"]']);
  });

  it('string -> integer in a response breaks both', async () => {
    const { findings } = await diff(
      petstore(),
      petstore((d) => (d.components.schemas.Pet.properties.note.type = 'integer')),
    );
    expect(findings.every((f) => f.level === 'error' && f.code.verdict === 'breaks')).toBe(true);
    expect(findings[0]!.code.reason).toContain('from string to number');
  });

  it('an operationId renamed keeps the wire and breaks callers of the client function', async () => {
    const { findings, result } = await diff(
      petstore(),
      petstore((d) => (d.paths['/pets'].post.operationId = 'addPet')),
    );
    expect(result.summary.breaking).toBe(false);
    expect(result.summary.codeBreaking).toBe(1);
    expect(findings[0]!.code.symbols[0]).toEqual({ kind: 'function', name: 'addPet' });
  });

  it('a parameter style change breaks the wire and compiles; a required parameter added breaks both', async () => {
    const style = await diff(
      petstore(),
      petstore((d) => (d.paths['/pets'].post.parameters[0].style = 'spaceDelimited')),
    );
    expect(style.findings.map((f) => [f.level, f.code.verdict])).toEqual([['error', 'compiles']]);
    const added = await diff(
      petstore(),
      petstore((d) =>
        d.paths['/pets'].post.parameters.push({
          name: 'owner_id',
          in: 'query',
          required: true,
          schema: { type: 'string' },
        }),
      ),
    );
    expect(added.findings[0]!.code).toMatchObject({ verdict: 'breaks' });
    expect(added.findings[0]!.code.symbols.map((s) => s.name)).toContain('CreatePetParams.owner_id');
  });

  it('a response enum value added may break an exhaustive switch: a warning, and code that breaks', async () => {
    const { findings } = await diff(
      petstore(),
      petstore((d) => d.components.schemas.Pet.properties.kind.enum.push('bird')),
    );
    expect(findings.map((f) => [f.level, f.code.verdict])).toEqual([
      ['warning', 'breaks'],
      ['warning', 'breaks'],
    ]);
  });
});
