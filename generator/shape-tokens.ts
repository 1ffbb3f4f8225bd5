// The tokens of a TypeScript text as shape-proof.ts reads them: TypeScript's scanner's tokens, trivia included, each
// as a code (its kind, and a variant where the parser tells tokens of a kind apart), and a shape's text from its codes.
import ts from 'typescript';

const { SyntaxKind: K } = ts;

const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard);

/** A plain ASCII name: no escape, never a keyword once the scanner has called it an identifier. */
const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A decimal number without a leading zero, exponent or separator: no flag the parser reads. */
const PLAIN_NUMBER = /^(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
/** A template piece's text between its delimiters: only escapes that are never invalid (a character's, `\uXXXX`). */
const PLAIN_TEMPLATE_TEXT = /^[^\\]*(?:\\(?:[\\`$nrt'"{}]|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2})[^\\]*)*$/;

/** Variants of a token's code (kind * 4 + variant): a string whose value is "constructor"; a comment's forms. */
const CONSTRUCTOR_STRING = 1;
const JSDOC = 1;
export const HOLDS_LINE_BREAK = 2;

/** The text a code is written as in a shape. */
function shapeText(code: number): string {
  const kind = code >> 2;
  const variant = code & 3;
  switch (kind) {
    case K.WhitespaceTrivia:
      return ' ';
    case K.NewLineTrivia:
      return '\n';
    case K.SingleLineCommentTrivia:
      return '//';
    case K.MultiLineCommentTrivia:
      return `${variant & JSDOC ? '/**' : '/*'}${variant & HOLDS_LINE_BREAK ? '\n' : ' '}*/`;
    case K.Identifier:
      return 'a';
    case K.StringLiteral:
      return variant === CONSTRUCTOR_STRING ? '"constructor"' : '""';
    case K.NumericLiteral:
      return '0';
    case K.NoSubstitutionTemplateLiteral:
      return '``';
    case K.TemplateHead:
      return '`${';
    case K.TemplateMiddle:
      return '}${';
    case K.TemplateTail:
      return '}`';
    default:
      return ts.tokenToString(kind)!;
  }
}

export const isTrivia = (kind: number) =>
  kind === K.WhitespaceTrivia ||
  kind === K.NewLineTrivia ||
  kind === K.SingleLineCommentTrivia ||
  kind === K.MultiLineCommentTrivia;

/** Tokens written as their kind's own text: keywords and punctuation, but not `/` and `/=` (a regular expression's
 * start, which the parser rescans). */
const isFixed = (kind: number) =>
  ((kind >= K.FirstKeyword && kind <= K.LastKeyword) || (kind >= K.FirstPunctuation && kind <= K.LastPunctuation)) &&
  kind !== K.SlashToken &&
  kind !== K.SlashEqualsToken &&
  kind !== K.HashToken &&
  kind !== K.AtToken;

/**
 * The length of each fixed kind's text, 0 for the others. A token of a fixed kind as long as its kind's text is that
 * text: the scanner reads punctuation only from its own characters, and a keyword spelt with an escape is longer.
 */
const FIXED_LENGTH = new Int16Array(K.LastKeyword + 1);
for (let kind = 0; kind <= K.LastKeyword; kind++)
  if (isFixed(kind)) FIXED_LENGTH[kind] = ts.tokenToString(kind)!.length;

/** The tokens of a text: a code each; and where each trivia token before the first other token ends. */
export interface Tokens {
  codes: Uint16Array;
  count: number;
  leadingEnds: number[];
}

/**
 * The text's tokens, trivia included, read as the parser reads them (a template's `}` rescanned where its
 * substitution closes), or undefined where a token is not one a shape can stand for.
 */
export function readTokens(text: string): Tokens | undefined {
  let failed = false;
  scanner.setOnError(() => {
    failed = true;
  });
  scanner.setText(text);
  let codes: Uint16Array = new Uint16Array(Math.max(1024, text.length >> 2));
  let count = 0;
  let depth = 0;
  const substitutions: number[] = [];
  const leadingEnds: number[] = [];
  let leading = true;
  try {
    for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
      let code: number | undefined;
      if (kind === K.WhitespaceTrivia || kind === K.NewLineTrivia) code = kind << 2;
      else {
        if (kind === K.CloseBraceToken && substitutions.length > 0 && depth === substitutions.at(-1))
          kind = scanner.reScanTemplateToken(false);
        code = codeOf(kind, text);
        if (failed || code === undefined) return undefined;
        if (kind === K.OpenBraceToken || kind === K.OpenParenToken || kind === K.OpenBracketToken) depth++;
        else if (kind === K.CloseBraceToken || kind === K.CloseParenToken || kind === K.CloseBracketToken) depth--;
        else if (kind === K.TemplateHead) substitutions.push(depth);
        else if (kind === K.TemplateTail) substitutions.pop();
      }
      if (leading) {
        if (isTrivia(kind)) leadingEnds.push(scanner.getTokenEnd());
        else leading = false;
      }
      if (count === codes.length) codes = grown(codes, new Uint16Array(count * 2));
      codes[count++] = code;
    }
  } finally {
    scanner.setText(undefined);
    scanner.setOnError(undefined);
  }
  return failed ? undefined : { codes, count, leadingEnds };
}

function grown(from: Uint16Array, to: Uint16Array): Uint16Array {
  to.set(from);
  return to;
}

/** The code of the token the scanner is at, or undefined where a shape cannot stand for it. */
function codeOf(kind: ts.SyntaxKind, text: string): number | undefined {
  switch (kind) {
    case K.WhitespaceTrivia:
    case K.NewLineTrivia:
    case K.SingleLineCommentTrivia:
      return kind << 2;
    case K.MultiLineCommentTrivia: {
      const start = scanner.getTokenStart();
      const jsDoc = text.charCodeAt(start + 2) === 42 && text.charCodeAt(start + 3) !== 47;
      return (
        (kind << 2) | (jsDoc ? JSDOC : 0) | (/[\n\r\u2028\u2029]/.test(scanner.getTokenText()) ? HOLDS_LINE_BREAK : 0)
      );
    }
    case K.Identifier: {
      // The name as read, escapes decoded: as long as its text only where it holds no escape.
      const name = scanner.getTokenValue();
      return name.length === scanner.getTokenEnd() - scanner.getTokenStart() && PLAIN_NAME.test(name)
        ? kind << 2
        : undefined;
    }
    case K.StringLiteral:
      if (scanner.isUnterminated()) return undefined;
      return (kind << 2) | (scanner.getTokenValue() === 'constructor' ? CONSTRUCTOR_STRING : 0);
    case K.NumericLiteral:
      return PLAIN_NUMBER.test(scanner.getTokenText()) ? kind << 2 : undefined;
    case K.NoSubstitutionTemplateLiteral:
    case K.TemplateTail:
      return !scanner.isUnterminated() && PLAIN_TEMPLATE_TEXT.test(scanner.getTokenText().slice(1, -1))
        ? kind << 2
        : undefined;
    case K.TemplateHead:
    case K.TemplateMiddle:
      return PLAIN_TEMPLATE_TEXT.test(scanner.getTokenText().slice(1, -2)) ? kind << 2 : undefined;
    default:
      return kind <= K.LastKeyword &&
        FIXED_LENGTH[kind] !== 0 &&
        FIXED_LENGTH[kind] === scanner.getTokenEnd() - scanner.getTokenStart()
        ? kind << 2
        : undefined;
  }
}

export const kindAt = (tokens: Tokens, index: number) => tokens.codes[index]! >> 2;

/** The index of the next token after `index` that is not trivia, or `count`; and whether a line break precedes it. */
export function nextToken(tokens: Tokens, index: number): { at: number; lineBreak: boolean } {
  let lineBreak = false;
  let at = index + 1;
  for (; at < tokens.count; at++) {
    const code = tokens.codes[at]!;
    const kind = code >> 2;
    if (!isTrivia(kind)) break;
    if (kind === K.NewLineTrivia || (kind === K.MultiLineCommentTrivia && code & HOLDS_LINE_BREAK)) lineBreak = true;
  }
  return { at, lineBreak };
}

/** The key of tokens `from`..`to` (exclusive): their codes as a string. */
const decoder = new TextDecoder('utf-16le');
export const keyOf = (tokens: Tokens, from: number, to: number) => decoder.decode(tokens.codes.subarray(from, to));

/** The key of tokens of the given kinds, in order (trivia as it is written in a shape: a line break, a space). */
export const keyOfKinds = (...kinds: number[]) => String.fromCharCode(...kinds.map((kind) => kind << 2));

/** A shape's text, from its key. */
export function textOf(key: string): string {
  let text = '';
  for (let i = 0; i < key.length; i++) text += shapeText(key.charCodeAt(i));
  return text;
}

/** Whether scanning shapes' text gives back their keys (else they cannot stand for the parts they were made of). */
export function readsBack(key: string, text: string): boolean {
  const read = readTokens(text);
  return read !== undefined && keyOf(read, 0, read.count) === key;
}
