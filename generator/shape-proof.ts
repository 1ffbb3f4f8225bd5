// Whether a TypeScript file parses, shown by parsing each distinct *shape* of its parts once instead of the file
// (syntax-check.ts; GitHub's client.ts and server.ts are 5 MB each, their 20,000 statements and members 455 shapes).
// A part is a top-level statement, or a class's or interface's header (with its closing brace) and each of its
// members, with the trivia before it. Its shape is its tokens as TypeScript's scanner reads them, each identifier
// written `a`, each string `""`, each number `0`, each template piece without its text, each comment without its
// text (its kind, and whether it holds a line break, kept: the parser reads both). The parser treats tokens of a kind
// alike (a string whose value is "constructor" is the one exception it makes, kept as it is), so a part parses
// where its shape does. A shape is taken only where scanning it gives back the same tokens; the shapes are parsed
// together, in their places (statements after `export {};`, members in their header), and each must be exactly one
// statement or member ending at its own last token, a `;` or the brace that closes a declaration, so that nothing
// after it could have continued it. Anything else (a regular expression, which the parser rescans; a scanner error;
// a token of no kind here; an escape in a name or keyword; a comment at the start that could be a pragma) leaves
// the file to the parser.
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
const HOLDS_LINE_BREAK = 2;

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

const isTrivia = (kind: number) =>
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

/** The tokens of a text: a code each and where it ends. */
export interface Tokens {
  codes: Uint16Array;
  ends: Int32Array;
  count: number;
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
  let codes = new Uint16Array(1024);
  let ends = new Int32Array(1024);
  let count = 0;
  let depth = 0;
  const substitutions: number[] = [];
  try {
    for (let kind = scanner.scan(); kind !== K.EndOfFileToken; kind = scanner.scan()) {
      if (kind === K.CloseBraceToken && substitutions.length > 0 && depth === substitutions.at(-1))
        kind = scanner.reScanTemplateToken(false);
      const code = codeOf(kind, text);
      if (failed || code === undefined) return undefined;
      if (kind === K.OpenBraceToken || kind === K.OpenParenToken || kind === K.OpenBracketToken) depth++;
      else if (kind === K.CloseBraceToken || kind === K.CloseParenToken || kind === K.CloseBracketToken) depth--;
      else if (kind === K.TemplateHead) substitutions.push(depth);
      else if (kind === K.TemplateTail) substitutions.pop();
      if (count === codes.length) {
        codes = grown(codes, new Uint16Array(count * 2));
        ends = grown(ends, new Int32Array(count * 2));
      }
      codes[count] = code;
      ends[count++] = scanner.getTokenEnd();
    }
  } finally {
    scanner.setText(undefined);
    scanner.setOnError(undefined);
  }
  return failed ? undefined : { codes, ends, count };
}

function grown<T extends Uint16Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/** The code of the token the scanner is at, or undefined where a shape cannot stand for it. */
function codeOf(kind: ts.SyntaxKind, text: string): number | undefined {
  const token = scanner.getTokenText();
  switch (kind) {
    case K.WhitespaceTrivia:
    case K.NewLineTrivia:
    case K.SingleLineCommentTrivia:
      return kind << 2;
    case K.MultiLineCommentTrivia: {
      const start = scanner.getTokenStart();
      const jsDoc = text.charCodeAt(start + 2) === 42 && text.charCodeAt(start + 3) !== 47;
      return (kind << 2) | (jsDoc ? JSDOC : 0) | (/[\n\r\u2028\u2029]/.test(token) ? HOLDS_LINE_BREAK : 0);
    }
    case K.Identifier:
      return PLAIN_NAME.test(token) ? kind << 2 : undefined;
    case K.StringLiteral:
      if (scanner.isUnterminated()) return undefined;
      return (kind << 2) | (scanner.getTokenValue() === 'constructor' ? CONSTRUCTOR_STRING : 0);
    case K.NumericLiteral:
      return PLAIN_NUMBER.test(token) ? kind << 2 : undefined;
    case K.NoSubstitutionTemplateLiteral:
    case K.TemplateTail:
      return !scanner.isUnterminated() && PLAIN_TEMPLATE_TEXT.test(token.slice(1, -1)) ? kind << 2 : undefined;
    case K.TemplateHead:
    case K.TemplateMiddle:
      return PLAIN_TEMPLATE_TEXT.test(token.slice(1, -2)) ? kind << 2 : undefined;
    default:
      return isFixed(kind) && token === ts.tokenToString(kind) ? kind << 2 : undefined;
  }
}

/** A part of a file: its tokens from `from` to `to` (exclusive), the trivia before its first token included. */
interface Part {
  from: number;
  to: number;
}

const kindAt = (tokens: Tokens, index: number) => tokens.codes[index]! >> 2;

/** The index of the next token after `index` that is not trivia, or `count`; and whether a line break precedes it. */
function nextToken(tokens: Tokens, index: number): { at: number; lineBreak: boolean } {
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

/** Tokens a statement or member begins with, after a `}` (not one that continues a type or expression). */
const beginsPart = (kind: number) =>
  (kind === K.Identifier ||
    kind === K.StringLiteral ||
    kind === K.OpenBracketToken ||
    (kind >= K.FirstKeyword && kind <= K.LastKeyword)) &&
  !CONTINUING_KEYWORDS.has(kind);
const CONTINUING_KEYWORDS = new Set<number>([
  K.ExtendsKeyword,
  K.AsKeyword,
  K.SatisfiesKeyword,
  K.InKeyword,
  K.InstanceOfKeyword,
  K.ImplementsKeyword,
]);

/**
 * Splits tokens `from`..`to` at each `;` or `}` that closes nothing open (outside brackets, at `level`) and is
 * followed by a line break or the end: candidate parts, each checked by the parse of its shape.
 */
function split(tokens: Tokens, from: number, to: number, level: number): Part[] | undefined {
  const parts: Part[] = [];
  let depth = level;
  let start = from;
  for (let i = from; i < to; i++) {
    const kind = kindAt(tokens, i);
    if (opens(kind) || kind === K.TemplateHead) depth++;
    else if (closes(kind) || kind === K.TemplateTail) depth--;
    if (depth < level) return undefined;
    if (depth === level && (kind === K.SemicolonToken || kind === K.CloseBraceToken)) {
      const next = nextToken(tokens, i);
      if (next.at >= to || (next.lineBreak && (kind === K.SemicolonToken || beginsPart(kindAt(tokens, next.at))))) {
        parts.push({ from: start, to: i + 1 });
        start = i + 1;
      }
    }
  }
  // What follows the last part must be trivia.
  for (let i = start; i < to; i++) if (!isTrivia(kindAt(tokens, i))) return undefined;
  return parts;
}

/**
 * A statement read in pieces: a class or interface (its header to its body's `{`, each member, the closing trivia and
 * brace), or a constant array (its header to the `[`, each element with its comma, the closing trivia and `];`).
 */
interface Container {
  header: Part;
  pieces: Part[];
  closing: Part;
  elements: boolean;
}

/** Keywords a class or interface statement may begin with before `class` or `interface`. */
const DECLARATION_MODIFIERS = new Set<number>([K.ExportKeyword, K.DefaultKeyword, K.DeclareKeyword, K.AbstractKeyword]);

const opens = (kind: number) => kind === K.OpenBraceToken || kind === K.OpenParenToken || kind === K.OpenBracketToken;
const closes = (kind: number) =>
  kind === K.CloseBraceToken || kind === K.CloseParenToken || kind === K.CloseBracketToken;

/** The part as a class, an interface or a constant array whose pieces are read one by one, or undefined. */
function asContainer(tokens: Tokens, part: Part): Container | undefined {
  let i = nextToken(tokens, part.from - 1).at;
  const exported = kindAt(tokens, i) === K.ExportKeyword;
  while (i < part.to && DECLARATION_MODIFIERS.has(kindAt(tokens, i))) i = nextToken(tokens, i).at;
  const keyword = kindAt(tokens, i);
  if (keyword === K.ConstKeyword && (exported || i === nextToken(tokens, part.from - 1).at))
    return asArray(tokens, part, i);
  if (keyword !== K.ClassKeyword && keyword !== K.InterfaceKeyword) return undefined;
  let depth = 0;
  for (; i < part.to; i++) {
    const kind = kindAt(tokens, i);
    if (kind === K.OpenBraceToken && depth === 0) break;
    if (opens(kind)) depth++;
    else if (closes(kind)) depth--;
  }
  const last = part.to - 1;
  if (i >= last || kindAt(tokens, last) !== K.CloseBraceToken) return undefined;
  return container(tokens, part, i, last, false);
}

/** `const name: type = [`, elements each ending with a comma at a line's end, `];`: the elements read one by one. */
function asArray(tokens: Tokens, part: Part, from: number): Container | undefined {
  let depth = 0;
  let i = from;
  for (; i < part.to; i++) {
    const kind = kindAt(tokens, i);
    if (kind === K.EqualsToken && depth === 0) break;
    if (opens(kind)) depth++;
    else if (closes(kind)) depth--;
  }
  const open = nextToken(tokens, i).at;
  if (open >= part.to || kindAt(tokens, open) !== K.OpenBracketToken) return undefined;
  const last = part.to - 1;
  let close = last - 1;
  while (close > open && isTrivia(kindAt(tokens, close))) close--;
  if (kindAt(tokens, last) !== K.SemicolonToken || close <= open || kindAt(tokens, close) !== K.CloseBracketToken)
    return undefined;
  return container(tokens, part, open, close, true);
}

/** The container whose header ends at `open`, whose closing trivia comes before `close`. */
function container(tokens: Tokens, part: Part, open: number, close: number, elements: boolean): Container | undefined {
  let closingFrom = close;
  while (closingFrom - 1 > open && isTrivia(kindAt(tokens, closingFrom - 1))) closingFrom--;
  const pieces = elements ? splitElements(tokens, open + 1, closingFrom) : split(tokens, open + 1, closingFrom, 0);
  if (!pieces) return undefined;
  const piecesEnd = pieces.length > 0 ? pieces.at(-1)!.to : open + 1;
  return { header: { from: part.from, to: open + 1 }, pieces, closing: { from: piecesEnd, to: part.to }, elements };
}

/**
 * Splits an array's elements at each comma outside brackets followed by a line break; every element must end with
 * its comma. An element with a `<` outside its brackets is refused: the parser may read type arguments after it
 * on trial, past the comma into the next element, so an element's parse could depend on what follows it.
 */
function splitElements(tokens: Tokens, from: number, to: number): Part[] | undefined {
  const parts: Part[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const kind = kindAt(tokens, i);
    if (opens(kind) || kind === K.TemplateHead) depth++;
    else if (closes(kind) || kind === K.TemplateTail) depth--;
    if (depth < 0 || (depth === 0 && kind === K.LessThanToken)) return undefined;
    if (depth === 0 && kind === K.CommaToken) {
      const next = nextToken(tokens, i);
      if (next.at >= to || next.lineBreak) {
        parts.push({ from: start, to: i + 1 });
        start = i + 1;
      }
    }
  }
  for (let i = start; i < to; i++) if (!isTrivia(kindAt(tokens, i))) return undefined;
  return parts;
}

/** The key of a part's shape: its codes as a string. */
const decoder = new TextDecoder('utf-16le');
const keyOf = (tokens: Tokens, part: Part) => decoder.decode(tokens.codes.subarray(part.from, part.to));

/** A shape's text, from its key. */
function textOf(key: string): string {
  let text = '';
  for (let i = 0; i < key.length; i++) text += shapeText(key.charCodeAt(i));
  return text;
}

/** Whether scanning a shape's text gives back its key (else it cannot stand for the parts it was made of). */
function readsBack(key: string, text: string): boolean {
  const read = readTokens(text);
  return read !== undefined && keyOf(read, { from: 0, to: read.count }) === key;
}

/** Statements that end at their `;`: the parser reads nothing after it for them. */
const ENDED_BY_SEMICOLON = new Set<number>([
  K.ImportDeclaration,
  K.ImportEqualsDeclaration,
  K.ExportDeclaration,
  K.ExportAssignment,
  K.VariableStatement,
  K.TypeAliasDeclaration,
  K.ExpressionStatement,
  K.FunctionDeclaration,
  K.PropertyDeclaration,
  K.MethodDeclaration,
  K.Constructor,
  K.IndexSignature,
  K.SemicolonClassElement,
  K.PropertySignature,
  K.MethodSignature,
  K.CallSignature,
  K.ConstructSignature,
]);

/** Statements and members that end at their `}` (of their body): the parser reads nothing after it for them. */
const ENDED_BY_BRACE = new Set<number>([
  K.ClassDeclaration,
  K.InterfaceDeclaration,
  K.EnumDeclaration,
  K.ModuleDeclaration,
  K.FunctionDeclaration,
  K.MethodDeclaration,
  K.Constructor,
  K.GetAccessor,
  K.SetAccessor,
  K.ClassStaticBlockDeclaration,
]);

/** Whether a node parsed from a shape is one statement or member ending at `end` with the token that ends it. */
function endsItself(node: ts.Node, end: number, lastKind: number): boolean {
  if (node.end !== end) return false;
  if (lastKind === K.SemicolonToken) return ENDED_BY_SEMICOLON.has(node.kind);
  if (lastKind !== K.CloseBraceToken || !ENDED_BY_BRACE.has(node.kind)) return false;
  const body = (node as { body?: ts.Node }).body;
  return ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node)
    ? true
    : body?.end === end;
}

/** Whether the parser read a statement again as top-level `await` could be in it (it did not in the file). */
const readAgain = (node: ts.Statement) => (node.flags & ts.NodeFlags.AwaitContext) !== 0;

/** Whether a part is a statement that makes its file a module: `export` and anything but `as namespace`. */
function marksModule(tokens: Tokens, part: Part): boolean {
  const first = nextToken(tokens, part.from - 1).at;
  return kindAt(tokens, first) === K.ExportKeyword && kindAt(tokens, nextToken(tokens, first).at) !== K.AsKeyword;
}

/**
 * Whether no comment before the first token is one the parser reads as a pragma, by its text: a line comment
 * beginning `///` or `// @`, a block comment holding `@`. Those, and only those, the parser reads for what they say.
 */
function pragmaFree(content: string, tokens: Tokens): boolean {
  for (let i = 0, start = 0; i < tokens.count; start = tokens.ends[i++]!) {
    const kind = kindAt(tokens, i);
    if (!isTrivia(kind)) return true;
    const text = content.slice(start, tokens.ends[i]);
    if (kind === K.SingleLineCommentTrivia && /^\/\/(?:\/|\s*@)/.test(text)) return false;
    if (kind === K.MultiLineCommentTrivia && text.includes('@')) return false;
  }
  return true;
}

/** A shape to parse: its key, its id among the records and the kind of its last token. */
interface Shape {
  key: string;
  id: string;
  last: number;
}

/** The shapes of the pieces read under one header: members, or an array's elements. */
interface Group {
  elements: boolean;
  shapes: Map<string, Shape>;
}

/**
 * Shapes shown to parse by an earlier parse, by an id naming each with its place (a parse that fails records
 * none). Each shape's proof is its own, so one parsed before need not be parsed again.
 */
export interface ShapeRecords {
  has(id: string): boolean;
  add(id: string): void;
}

/**
 * Whether `content` parses, shown by its shapes (see above); false means not shown, not that it does not parse.
 * `parse` parses a text of shapes, giving its tree when it has no syntax error.
 */
export function shapesParse(
  content: string,
  parse: (text: string) => ts.SourceFile | undefined,
  records: ShapeRecords,
): boolean {
  const tokens = readTokens(content);
  if (!tokens || !pragmaFree(content, tokens)) return false;
  const parts = split(tokens, 0, tokens.count, 0);
  // A module's top-level `await` is read differently: the shapes are parsed in a module, so the file must be one.
  if (!parts?.some((part) => marksModule(tokens, part))) return false;
  const statements = new Map<string, Shape>();
  const pieces = new Map<string, Group>();
  const lastKind = (part: Part) => kindAt(tokens, part.to - 1);
  const statement = (key: string, last: number) => {
    const id = `statement\0${key}`;
    if (!records.has(id)) statements.set(key, { key, id, last });
  };
  for (const part of parts) {
    const read = asContainer(tokens, part);
    if (!read) {
      statement(keyOf(tokens, part), lastKind(part));
      continue;
    }
    const header = keyOf(tokens, read.header);
    statement(header + keyOf(tokens, read.closing), lastKind(part));
    let group = pieces.get(header);
    if (!group) pieces.set(header, (group = { elements: read.elements, shapes: new Map() }));
    for (const piece of read.pieces) {
      const key = keyOf(tokens, piece);
      const id = `piece\0${header}\0${key}`;
      if (!records.has(id)) group.shapes.set(key, { key, id, last: lastKind(piece) });
    }
  }
  if (!shapesOfFileParse([...statements.values()], pieces, parse)) return false;
  for (const shape of statements.values()) records.add(shape.id);
  for (const group of pieces.values()) for (const shape of group.shapes.values()) records.add(shape.id);
  return true;
}
/** Parses the shapes together: the statements after `export {};`, then each header's pieces inside it. */
function shapesOfFileParse(
  statements: Shape[],
  pieces: Map<string, Group>,
  parse: (text: string) => ts.SourceFile | undefined,
): boolean {
  let text = 'export {};';
  const statementEnds: number[] = [];
  for (const shape of statements) {
    const shapeText = textOf(shape.key);
    if (!readsBack(shape.key, shapeText)) return false;
    text += shapeText;
    statementEnds.push(text.length);
  }
  const groups: { elements: boolean; shapes: Shape[]; ends: number[]; end: number }[] = [];
  for (const [header, group] of pieces) {
    if (group.shapes.size === 0) continue;
    const headerText = textOf(header);
    if (!readsBack(header, headerText)) return false;
    text += headerText;
    const ends: number[] = [];
    for (const shape of group.shapes.values()) {
      const shapeText = textOf(shape.key);
      if (!readsBack(shape.key, shapeText)) return false;
      text += shapeText;
      ends.push(text.length);
    }
    text += group.elements ? '\n];' : '\n}';
    groups.push({ elements: group.elements, shapes: [...group.shapes.values()], ends, end: text.length });
  }
  if (statements.length === 0 && groups.length === 0) return true;
  const file = parse(text);
  if (!file || file.statements.length !== 1 + statements.length + groups.length) return false;
  if (file.statements.some(readAgain)) return false;
  for (let i = 0; i < statements.length; i++)
    if (!endsItself(file.statements[i + 1]!, statementEnds[i]!, statements[i]!.last)) return false;
  for (let g = 0; g < groups.length; g++) {
    const node = file.statements[1 + statements.length + g]!;
    const { elements, shapes, ends, end } = groups[g]!;
    if (elements ? !elementsEnd(node, ends, end) : !membersEnd(node, shapes, ends, end)) return false;
  }
  return true;
}

/** Whether a class or interface holds one member per shape, each ending where its shape does. */
function membersEnd(node: ts.Statement, shapes: Shape[], ends: number[], end: number): boolean {
  if (!endsItself(node, end, K.CloseBraceToken) || !(ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)))
    return false;
  const list = node.members;
  if (list.length !== shapes.length) return false;
  for (let i = 0; i < shapes.length; i++) if (!endsItself(list[i]!, ends[i]!, shapes[i]!.last)) return false;
  return true;
}

/** Whether a constant's array holds one element per shape, each ending just before its shape's comma. */
function elementsEnd(node: ts.Statement, ends: number[], end: number): boolean {
  if (!endsItself(node, end, K.SemicolonToken) || !ts.isVariableStatement(node)) return false;
  const [declaration, ...more] = node.declarationList.declarations;
  const array = declaration?.initializer;
  if (more.length > 0 || !array || !ts.isArrayLiteralExpression(array) || array.end !== end - 1) return false;
  if (array.elements.length !== ends.length) return false;
  return array.elements.every((element, i) => element.end === ends[i]! - 1);
}
