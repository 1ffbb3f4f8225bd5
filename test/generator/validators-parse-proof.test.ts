// validators.ts is not parsed when its pieces are tokens of their kinds and its template parses
// (generator/emitters/validators-file.ts). The proof must never say "parses" of text the parser refuses, nor of text
// that parses only because a piece carries code: planted pieces of each kind are each refused, random literals are
// compared with the parser, and the file made of a document of hostile strings is both proven and parsed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleQuotedLiteral } from '../../generator/emitters/escape.js';
import {
  type ExportPieces,
  piecesAreTokens,
  VALIDATORS_TEMPLATE,
  validatorsText,
} from '../../generator/emitters/validators-file.js';
import { emitValidators } from '../../generator/emitters/validators.js';
import { buildServiceModel } from '../../generator/model/index.js';
import { takeShown } from '../../generator/shown-to-parse.js';
import { parseError, shownToParse, syntaxError } from '../../generator/syntax-check.js';

const LITERAL = singleQuotedLiteral('{"a":1}');
const EXPORT: ExportPieces = ['validateA', '"strict"', '0'];
/** The pieces with one export's piece at `at` replaced. */
const withPiece = (at: 0 | 1 | 2, piece: string): ExportPieces[] => {
  const planted = [...EXPORT] as [string, string, string];
  planted[at] = piece;
  return [EXPORT, planted];
};

/** Planted pieces the parser refuses, each with the place it goes. */
const broken: Record<string, { literal?: string; exports?: ExportPieces[] }> = {
  'a name with a space': { exports: withPiece(0, 'validate A') },
  'a name that is a reserved word': { exports: withPiece(0, 'class') },
  'a kind holding a quote': { exports: withPiece(1, '"str"ict"') },
  'a kind left open': { exports: withPiece(1, '"strict') },
  'an index with a leading zero (an octal literal)': { exports: withPiece(2, '01') },
  'an index that is no number': { exports: withPiece(2, '1 x') },
  'a literal holding a line break': { literal: "'a\nb'" },
  'a literal holding its quote': { literal: "'a'b'" },
  'a literal whose last quote is escaped': { literal: "'a\\'" },
  'a literal with an octal escape': { literal: "'\\08'" },
  'a literal with a malformed unicode escape': { literal: "'\\u12'" },
};

/** Planted pieces that parse only because they carry code. */
const carrying: Record<string, { literal?: string; exports?: ExportPieces[] }> = {
  'a name carrying a statement': {
    exports: withPiece(0, 'validateA = validator("strict", 0); globalThis.ran = 1; export const validateB'),
  },
  'a kind carrying a call': { exports: withPiece(1, '"strict" + String(globalThis.ran = 1)') },
  'an index carrying a call': { exports: withPiece(2, '0); globalThis.ran = (1') },
  'a literal carrying a call': { literal: "'a' + String(globalThis.ran = 1) + 'b'" },
  'a literal that is no string': { literal: '{}' },
};

describe('the proof that validators.ts parses', () => {
  it('rests on a template that parses', () => {
    expect(parseError('validators.ts', VALIDATORS_TEMPLATE)).toBeUndefined();
    expect(piecesAreTokens(LITERAL, [EXPORT])).toBe(true);
    expect(parseError('validators.ts', validatorsText(LITERAL, [EXPORT]))).toBeUndefined();
  });

  for (const [name, { literal = LITERAL, exports = [EXPORT] }] of Object.entries(broken))
    it(`refuses ${name}, which does not parse`, () => {
      expect(parseError('validators.ts', validatorsText(literal, exports))).toBeDefined();
      expect(piecesAreTokens(literal, exports)).toBe(false);
    });

  for (const [name, { literal = LITERAL, exports = [EXPORT] }] of Object.entries(carrying))
    it(`refuses ${name}, which parses`, () => {
      expect(parseError('validators.ts', validatorsText(literal, exports))).toBeUndefined();
      expect(piecesAreTokens(literal, exports)).toBe(false);
    });

  it('never says parses of a literal the parser refuses, and proves every literal the escaper writes', () => {
    // Bodies made of what matters to a string literal: quotes, backslashes, escapes' letters and digits, line ends.
    const unit = fc.constantFrom("'", '\\', 'u', 'x', '0', '8', 'a', 'F', '\n', '\r', '\u2028', '\u0000', '"', '*/');
    let proven = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 10 }), (units) => {
        const body = units.join('');
        for (const literal of [`'${body}'`, singleQuotedLiteral(body)]) {
          const parses = parseError('validators.ts', validatorsText(literal, [EXPORT])) === undefined;
          if (piecesAreTokens(literal, [EXPORT])) {
            proven++;
            expect(parses, JSON.stringify(literal)).toBe(true);
          } else if (!parses) refused++;
        }
        expect(piecesAreTokens(singleQuotedLiteral(body), [EXPORT])).toBe(true);
      }),
      { numRuns: 400, seed: 36 },
    );
    expect(proven).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('proves the file a document of hostile strings makes, which parses', () => {
    const hostile = ['*/ x; /*', "' + x + '", '" + x + "', '\\', '\u2028', '\n', '\\u12', '\u0000', '${x}'];
    const document = {
      openapi: '3.1.0',
      info: { title: hostile.join(''), version: '1' },
      paths: {
        '/items/{id}': {
          post: {
            operationId: `make${hostile.join('')}`,
            parameters: [{ name: hostile[0], in: 'query', schema: { type: 'string', pattern: hostile.join('|') } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    description: hostile.join(' '),
                    properties: Object.fromEntries(hostile.map((h, i) => [h, { type: 'string', enum: [h, `${i}`] }])),
                  },
                },
              },
            },
            responses: {
              '200': { description: hostile[1], content: { 'application/json': { schema: { const: hostile[2] } } } },
            },
          },
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        },
      },
    };
    const text = emitValidators(buildServiceModel('hostile', document as never));
    expect(takeShown(text)).toBeDefined();
    expect(parseError('validators.ts', text)).toBeUndefined();
  });

  it('parses a text shown by a template that does not parse', () => {
    const text = `export const shown = ${Date.now()} +;\n`; // does not parse: only the record says it does
    shownToParse(text, 'export const = ;');
    expect(syntaxError('validators.ts', `// banner\n${text}`)).toMatch(/^line 2: /);
    shownToParse(text, VALIDATORS_TEMPLATE);
    expect(syntaxError('validators.ts', `// another banner\n${text}`)).toBeUndefined();
  });
});
