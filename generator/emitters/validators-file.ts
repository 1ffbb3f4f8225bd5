// validators.ts's text, and the proof that it parses without parsing it (syntax-check.ts parses every other file made
// from the document; this one is GitHub's 5 MB of schemas held in one string literal, which the parser reads
// character by character). The file is one template filled with pieces: the schemas' JSON as a single-quoted string
// literal, and per validator a name, a kind and an index. The parser treats every piece of a kind alike (an
// identifier that is no keyword, a string literal without octal or malformed escapes, a decimal integer), so the text
// parses when the template, filled with pieces of each kind, parses (read by the parser when the file is taken,
// syntax-check.ts: a few lines) and every real piece is checked to be a token of its kind. A piece that is not is never written that way:
// the file is parsed as before.
import { shownToParse } from '../shown-to-parse.js';

/** One export: the validator's name, its kind as a string literal and its index into the schemas, as written. */
export type ExportPieces = readonly [name: string, kind: string, index: string];

/** The file, from the schemas' string literal and the exports' pieces (the only way its text is made). */
export function validatorsText(literal: string, exports: readonly ExportPieces[]): string {
  return [
    `import { lazyValidators, type ValidatorSchemas } from './runtime/server/validators.js';`,
    '',
    '/** The schemas, parsed when the first request is validated. */',
    `const SCHEMAS = ${literal};`,
    '',
    'const validator = lazyValidators(() => JSON.parse(SCHEMAS) as ValidatorSchemas);',
    '',
    ...exports.map(([name, kind, index]) => `export const ${name} = validator(${kind}, ${index});`),
    '',
  ].join('\n');
}

/**
 * singleQuotedLiteral's output as the parser reads it: one string literal token, nothing raw that ends it or a
 * line, and no escape but `\\`, `\'` and `\uXXXX` (TypeScript refuses octal and malformed ones).
 */
function oneStringLiteral(literal: string): boolean {
  if (literal.length < 2 || literal[0] !== "'" || literal[literal.length - 1] !== "'") return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  const special = /[\\'\u0000-\u001f\u007f\u2028\u2029]/g;
  const allowedEscape = /\\(?:['\\]|u[0-9A-Fa-f]{4})/y;
  const end = literal.length - 1;
  special.lastIndex = 1;
  for (let found = special.exec(literal); found && found.index < end; found = special.exec(literal)) {
    allowedEscape.lastIndex = found.index;
    if (!allowedEscape.test(literal) || allowedEscape.lastIndex > end) return false;
    special.lastIndex = allowedEscape.lastIndex;
  }
  // The loop stops at the closing quote, the first special character no escape has taken.
  return true;
}

/** A validator's name: an identifier beginning with `validate`, as no keyword does. */
const NAME = /^validate[A-Za-z0-9_$]*$/;
/** A kind: a double-quoted literal of letters (stringLiteral of ValidatorKind). */
const KIND = /^"[A-Za-z]+"$/;
/** An index: a decimal integer without a leading zero (`01` is an octal literal the parser refuses). */
const INDEX = /^(?:0|[1-9][0-9]*)$/;

/** The template filled with a piece of each kind: two exports, so that their joining is read too. */
export const VALIDATORS_TEMPLATE = validatorsText("'{}'", [
  ['validateA', '"strict"', '0'],
  ['validateB', '"answer"', '10'],
]);

/**
 * Whether every piece is a token of its kind, so that the text validatorsText makes of them parses where
 * VALIDATORS_TEMPLATE does (see above).
 */
export function piecesAreTokens(literal: string, exports: readonly ExportPieces[]): boolean {
  return (
    exports.every(([name, kind, index]) => NAME.test(name) && KIND.test(kind) && INDEX.test(index)) &&
    oneStringLiteral(literal)
  );
}

/** validators.ts's text; recorded as shown to parse by the template (syntax-check.ts parses that) when it is. */
export function validatorsFile(literal: string, exports: readonly ExportPieces[]): string {
  const text = validatorsText(literal, exports);
  if (piecesAreTokens(literal, exports)) shownToParse(text, VALIDATORS_TEMPLATE);
  return text;
}
