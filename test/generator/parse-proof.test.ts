// types.ts is not parsed when its tree shows it parses (generator/emitters/parse-proof.ts): every leaf a document
// reaches read by TypeScript's scanner. The proof must never say "parses" of text the parser refuses: planted leaves
// that break the printed text are each caught, and on openapi-typescript's own trees of documents full of hostile
// strings the proof and the parse are compared.
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { printsParsable } from '../../generator/emitters/parse-proof.js';
import { parseError, shownToParse, syntaxError } from '../../generator/syntax-check.js';

const f = ts.factory;
const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
const alias = (name: string, type: ts.TypeNode) => f.createTypeAliasDeclaration(exported, name, undefined, type);
const member = (name: ts.PropertyName, type: ts.TypeNode = f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)) =>
  f.createPropertySignature(undefined, name, undefined, type);
const object = (...members: ts.TypeElement[]) => alias('A', f.createTypeLiteralNode(members));
/** openapi-typescript's literal type: an identifier holding the JSON text. */
const literal = (text: string) => f.createIdentifier(text) as unknown as ts.TypeNode;

function commented<T extends ts.Node>(node: T, kind: ts.CommentKind, text: string): T {
  return ts.addSyntheticLeadingComment(node, kind, text, true);
}

/** Every node of a tree, as a walk with ts.forEachChild reaches them. */
function everyNode(nodes: readonly ts.Node[]): ts.Node[] {
  const all: ts.Node[] = [];
  const walk = (node: ts.Node): void => {
    all.push(node);
    ts.forEachChild(node, walk);
  };
  for (const node of nodes) walk(node);
  return all;
}

/** The proof with a visitor: its answer, and whether it visited every node of the tree once, in the walk's order. */
function provenVisiting(nodes: readonly ts.Node[]): { parses: boolean; visitedAll: boolean } {
  const visited: ts.Node[] = [];
  const parses = printsParsable(nodes, (node) => visited.push(node));
  const all = everyNode(nodes);
  return { parses, visitedAll: visited.length === all.length && visited.every((node, i) => node === all[i]) };
}

const broken: Record<string, () => ts.Node[]> = {
  'a type name with a space': () => [alias('A', f.createTypeReferenceNode('a b'))],
  'a property name that is no identifier': () => [object(member(f.createIdentifier('a-b')))],
  'a literal type holding a line break': () => [alias('A', literal('"a\nb"'))],
  'a literal type left open': () => [alias('A', literal('"a'))],
  'a type alias named by a reserved word': () => [alias('class', literal('"a"'))],
  'a type alias named by a string': () => [alias('"a"', literal('"a"'))],
  'a literal type given type arguments': () => [
    alias('A', f.createTypeReferenceNode('"a"', [f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)])),
  ],
  'a block comment closed early': () => [
    commented(alias('A', literal('"a"')), ts.SyntaxKind.MultiLineCommentTrivia, '* a */ b'),
  ],
  'a line comment that ends its line': () => [
    commented(alias('A', literal('"a"')), ts.SyntaxKind.SingleLineCommentTrivia, ' a\nb c'),
  ],
  'a number that is no number': () => [alias('A', f.createLiteralTypeNode(f.createNumericLiteral('1 x')))],
};

describe('the proof that printed types parse', () => {
  for (const [name, nodes] of Object.entries(broken))
    it(`refuses ${name}, which does not parse`, () => {
      const tree = nodes();
      expect(parseError('types.ts', astToString(tree))).toBeDefined();
      expect(printsParsable(tree)).toBe(false);
      // Walked for a visitor (types.ts makes the tree safe in the same walk): the same answer, every node visited.
      expect(provenVisiting([alias('Z', literal('"z"')), ...tree, alias('Y', literal('"y"'))])).toEqual({
        parses: false,
        visitedAll: true,
      });
    });

  it('refuses a root type whose name carries code, which parses', () => {
    const tree = [
      alias('A', f.createTypeReferenceNode("components['schemas']['x']; export const y = 1; type Z = components['a']")),
    ];
    expect(parseError('types.ts', astToString(tree))).toBeUndefined();
    expect(printsParsable(tree)).toBe(false);
  });

  it("proves what the transform prints, with names, literals and comments that need the printer's escaping", () => {
    const tree = [
      object(
        member(f.createStringLiteral('a b"\'\u2028*/')),
        member(f.createIdentifier('delete')),
        member(f.createIdentifier('"quoted"'), literal('"x\\"y"')),
        commented(member(f.createIdentifier('b')), ts.SyntaxKind.MultiLineCommentTrivia, '* a *\\/ b\n c '),
      ),
      alias('B', f.createTypeReferenceNode("components['schemas']['it\\'s']")),
      alias('C', f.createUnionTypeNode([literal('"a"'), f.createLiteralTypeNode(f.createNumericLiteral(1e21))])),
    ];
    expect(parseError('types.ts', astToString(tree))).toBeUndefined();
    expect(printsParsable(tree)).toBe(true);
    expect(provenVisiting(tree)).toEqual({ parses: true, visitedAll: true });
  });

  it("never says parses of openapi-typescript's trees the parser refuses, for documents of hostile strings", async () => {
    const fc = (await import('fast-check')).default;
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('*/', '"', "'", '\u2028', '\\', '`${x}`', 'a b', 'class', '0', '\n// x', "x'];y"),
    );
    let proven = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(text, text, text, text, async (name, property, value, description) => {
        const document = {
          openapi: '3.1.0',
          info: { title: 't', version: '1' },
          paths: {},
          components: {
            schemas: {
              [name || 'n']: {
                type: 'object',
                description,
                required: [property],
                properties: { [property]: { type: 'string', enum: [value], description } },
                discriminator: { propertyName: property },
              },
            },
          },
        };
        // Names such as `valueOf` make the transform itself throw: nothing printed, nothing to compare.
        const nodes = await openapiTS(document as never, { silent: true, alphabetize: true, rootTypes: true }).catch(
          () => undefined,
        );
        if (!nodes) return;
        const parses = parseError('types.ts', astToString(nodes)) === undefined;
        const visiting = provenVisiting(nodes);
        expect(visiting.visitedAll).toBe(true);
        expect(visiting.parses).toBe(printsParsable(nodes));
        if (printsParsable(nodes)) {
          proven++;
          expect(parses).toBe(true);
        }
        if (!parses) refused++;
      }),
      { numRuns: 150, seed: 36 },
    );
    // Both happen: trees that print text that parses, and upstream trees that do not (a discriminator's name printed raw).
    expect(proven).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 120_000);

  it('takes a text shown to parse once, behind line comments only', () => {
    const text = `export const shown = ${Date.now()} +;\n`; // does not parse: only the record says it does
    shownToParse(text);
    expect(syntaxError('a.ts', `/* */\n${text}`)).toMatch(/^line 2: /);
    expect(syntaxError('a.ts', `// banner\n${text}`)).toBeUndefined();
    expect(syntaxError('b.ts', `// banner\n// again\n${text}`)).toMatch(/^line 3: /);
  });
});
