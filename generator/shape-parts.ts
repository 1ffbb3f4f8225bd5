// Where shape-proof.ts cuts a file: its parts, each to be parsed by its shape in its place. A part must end itself
// (shape-proof.ts checks each in the parse of its shape): so the file is cut only after a token that can end one, and
// a part's pieces (a class's members, an array's elements, an object's properties, a switch's clauses) are read apart
// only where each ends with its own `;` or comma.
import ts from 'typescript';
import { isTrivia, keyOf, keyOfKinds, kindAt, nextToken, type Tokens } from './shape-tokens.js';

const { SyntaxKind: K } = ts;

/** A part of a file: its tokens from `from` to `to` (exclusive), the trivia before its first token included. */
export interface Part {
  from: number;
  to: number;
}

/** What a piece is in its place: the parse of its shape must show it one of these, ending where its shape does. */
export type PieceKind = 'statement' | 'member' | 'element' | 'property' | 'clause';

/**
 * A place pieces are parsed in: their shapes' text between the texts of `before` and `after` (keys), named by `id`
 * (a statement's place is the file's top level, after `export {};`).
 */
export interface Place {
  id: string;
  kind: PieceKind;
  before: string;
  after: string;
}

export const TOP_LEVEL: Place = { id: 'statement', kind: 'statement', before: '', after: '' };
const MEMBERS_END = keyOfKinds(K.NewLineTrivia, K.CloseBraceToken);
const ELEMENTS_END = keyOfKinds(K.NewLineTrivia, K.CloseBracketToken, K.SemicolonToken);

/** A shape found: its place, its key, and the kind of its last token. */
export type Visit = (place: Place, key: string, last: number) => void;

const opens = (kind: number) => kind === K.OpenBraceToken || kind === K.OpenParenToken || kind === K.OpenBracketToken;
const closes = (kind: number) =>
  kind === K.CloseBraceToken || kind === K.CloseParenToken || kind === K.CloseBracketToken;
/** The change of bracket depth a token makes (a template's substitutions count as brackets). */
const depthChange = (kind: number) =>
  opens(kind) || kind === K.TemplateHead ? 1 : closes(kind) || kind === K.TemplateTail ? -1 : 0;

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
export function split(tokens: Tokens, from: number, to: number, level: number): Part[] | undefined {
  const parts: Part[] = [];
  let depth = level;
  let start = from;
  for (let i = from; i < to; i++) {
    const kind = kindAt(tokens, i);
    depth += depthChange(kind);
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
  return onlyTrivia(tokens, start, to) ? parts : undefined;
}

function onlyTrivia(tokens: Tokens, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isTrivia(kindAt(tokens, i))) return false;
  return true;
}

/**
 * Splits a list's items at each comma outside brackets followed by a line break; every item must end with its comma.
 * An item with a `<` outside its brackets is refused: the parser may read type arguments after it on trial, past
 * the comma into the next item, so an item's parse could depend on what follows it.
 */
function splitItems(tokens: Tokens, from: number, to: number): Part[] | undefined {
  const parts: Part[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const kind = kindAt(tokens, i);
    depth += depthChange(kind);
    if (depth < 0 || (depth === 0 && kind === K.LessThanToken)) return undefined;
    if (depth === 0 && kind === K.CommaToken) {
      const next = nextToken(tokens, i);
      if (next.at >= to || next.lineBreak) {
        parts.push({ from: start, to: i + 1 });
        start = i + 1;
      }
    }
  }
  return onlyTrivia(tokens, start, to) ? parts : undefined;
}

/** The index of the bracket closing the one at `open` (before `to`), or undefined. */
function matching(tokens: Tokens, open: number, to: number): number | undefined {
  let depth = 0;
  for (let i = open; i < to; i++) {
    depth += depthChange(kindAt(tokens, i));
    if (depth === 0) return closes(kindAt(tokens, i)) ? i : undefined;
  }
  return undefined;
}

/** The first index before `close` (and after `open`) from which only trivia comes before it. */
function triviaBefore(tokens: Tokens, open: number, close: number): number {
  let from = close;
  while (from - 1 > open && isTrivia(kindAt(tokens, from - 1))) from--;
  return from;
}

/** Keywords a class or interface statement may begin with before `class` or `interface`. */
const DECLARATION_MODIFIERS = new Set<number>([K.ExportKeyword, K.DefaultKeyword, K.DeclareKeyword, K.AbstractKeyword]);

/**
 * Visits the shapes of a file's parts: a statement's; or, for a class or interface, a constant array or a statement
 * holding a `switch`, the statement's with its pieces taken out (its header and closing) and each piece's in its place.
 */
export function visitShapes(tokens: Tokens, parts: Part[], visit: Visit): void {
  for (const part of parts) {
    const last = kindAt(tokens, part.to - 1);
    let i = nextToken(tokens, part.from - 1).at;
    const first = i;
    while (i < part.to && DECLARATION_MODIFIERS.has(kindAt(tokens, i))) i = nextToken(tokens, i).at;
    const keyword = kindAt(tokens, i);
    const read =
      keyword === K.ConstKeyword && (i === first || kindAt(tokens, first) === K.ExportKeyword)
        ? arrayOf(tokens, part, i, visit)
        : keyword === K.ClassKeyword || keyword === K.InterfaceKeyword
          ? membersOf(tokens, part, i, visit)
          : clausesOf(tokens, part, visit);
    if (!read) visit(TOP_LEVEL, keyOf(tokens, part.from, part.to), last);
  }
}

/** The header and closing of a part whose pieces, from `open` + 1 to `closingFrom`, are read apart. */
function outline(tokens: Tokens, part: Part, open: number, closingFrom: number) {
  const header = keyOf(tokens, part.from, open + 1);
  const closing = keyOf(tokens, closingFrom, part.to);
  return { header, closing, statement: header + closing };
}

/** The first token of `kind` from `from` outside any bracket, or `to` when there is none. */
function outermost(tokens: Tokens, from: number, to: number, kind: ts.SyntaxKind): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const at = kindAt(tokens, i);
    if (at === kind && depth === 0) return i;
    depth += depthChange(at);
  }
  return to;
}

/** A class or interface (its body's `{` found after `from`): its members, each in the header's place. */
function membersOf(tokens: Tokens, part: Part, from: number, visit: Visit): boolean {
  const open = outermost(tokens, from, part.to, K.OpenBraceToken);
  const last = part.to - 1;
  if (open >= last || kindAt(tokens, last) !== K.CloseBraceToken) return false;
  const closingFrom = triviaBefore(tokens, open, last);
  const members = split(tokens, open + 1, closingFrom, 0);
  if (!members) return false;
  const { header, statement } = outline(tokens, part, open, members.at(-1)?.to ?? open + 1);
  visit(TOP_LEVEL, statement, K.CloseBraceToken);
  const place: Place = { id: `piece\0${header}`, kind: 'member', before: header, after: MEMBERS_END };
  for (const member of members) visit(place, keyOf(tokens, member.from, member.to), kindAt(tokens, member.to - 1));
  return true;
}

/** `const name: type = [`, elements each ending with a comma at a line's end, `];`: each element in its place. */
function arrayOf(tokens: Tokens, part: Part, from: number, visit: Visit): boolean {
  const open = nextToken(tokens, outermost(tokens, from, part.to, K.EqualsToken)).at;
  if (open >= part.to || kindAt(tokens, open) !== K.OpenBracketToken) return false;
  const last = part.to - 1;
  let close = last - 1;
  while (close > open && isTrivia(kindAt(tokens, close))) close--;
  if (kindAt(tokens, last) !== K.SemicolonToken || close <= open || kindAt(tokens, close) !== K.CloseBracketToken)
    return false;
  const elements = splitItems(tokens, open + 1, triviaBefore(tokens, open, close));
  if (!elements) return false;
  const { header, statement } = outline(tokens, part, open, elements.at(-1)?.to ?? open + 1);
  visit(TOP_LEVEL, statement, K.SemicolonToken);
  const place: Place = { id: `piece\0${header}`, kind: 'element', before: header, after: ELEMENTS_END };
  for (const element of elements)
    if (!propertiesOf(tokens, element, header, place, visit))
      visit(place, keyOf(tokens, element.from, element.to), K.CommaToken);
  return true;
}

/**
 * An element `{` or `name({`, properties each ending with a comma at a line's end, `},` or `}),`: the element with
 * its properties taken out in the array's place, each property in the element's.
 */
function propertiesOf(tokens: Tokens, element: Part, arrayHeader: string, place: Place, visit: Visit): boolean {
  let open = nextToken(tokens, element.from - 1).at;
  const call = kindAt(tokens, open) === K.Identifier;
  if (call) {
    const paren = nextToken(tokens, open).at;
    if (kindAt(tokens, paren) !== K.OpenParenToken) return false;
    open = nextToken(tokens, paren).at;
  }
  if (kindAt(tokens, open) !== K.OpenBraceToken) return false;
  const comma = element.to - 1;
  const close = matching(tokens, open, comma);
  if (close === undefined) return false;
  const after = nextToken(tokens, close).at;
  if (call ? kindAt(tokens, after) !== K.CloseParenToken || nextToken(tokens, after).at !== comma : after !== comma)
    return false;
  const properties = splitItems(tokens, open + 1, triviaBefore(tokens, open, close));
  if (!properties?.length) return false;
  const { header, closing, statement } = outline(tokens, element, open, properties.at(-1)!.to);
  visit(place, statement, K.CommaToken);
  const before = arrayHeader + header;
  const inElement: Place = {
    id: `property\0${before}\0${closing}`,
    kind: 'property',
    before,
    after: closing + ELEMENTS_END,
  };
  for (const property of properties) visit(inElement, keyOf(tokens, property.from, property.to), K.CommaToken);
  return true;
}

/**
 * A statement holding a `switch` whose clauses each begin a line with `case` or `default` and end with a `;`: the
 * statement with its clauses taken out, each clause in its place (the first such switch; others stay in their part).
 */
function clausesOf(tokens: Tokens, part: Part, visit: Visit): boolean {
  let at = part.from;
  while (at < part.to && kindAt(tokens, at) !== K.SwitchKeyword) at++;
  const paren = nextToken(tokens, at).at;
  if (paren >= part.to || kindAt(tokens, paren) !== K.OpenParenToken) return false;
  const parenClose = matching(tokens, paren, part.to);
  if (parenClose === undefined) return false;
  const open = nextToken(tokens, parenClose).at;
  if (kindAt(tokens, open) !== K.OpenBraceToken) return false;
  const close = matching(tokens, open, part.to);
  if (close === undefined) return false;
  const clauses = splitClauses(tokens, open + 1, triviaBefore(tokens, open, close));
  if (!clauses?.length) return false;
  const { header, closing, statement } = outline(tokens, part, open, clauses.at(-1)!.to);
  visit(TOP_LEVEL, statement, kindAt(tokens, part.to - 1));
  const place: Place = { id: `clause\0${header}\0${closing}`, kind: 'clause', before: header, after: closing };
  for (const clause of clauses) visit(place, keyOf(tokens, clause.from, clause.to), K.SemicolonToken);
  return true;
}

/** Splits a switch's body before each `case` or `default` outside brackets that follows a `;` and a line break. */
function splitClauses(tokens: Tokens, from: number, to: number): Part[] | undefined {
  const begins = (kind: number) => kind === K.CaseKeyword || kind === K.DefaultKeyword;
  if (!begins(kindAt(tokens, nextToken(tokens, from - 1).at))) return undefined;
  const parts: Part[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const kind = kindAt(tokens, i);
    depth += depthChange(kind);
    if (depth < 0) return undefined;
    if (depth === 0 && kind === K.SemicolonToken) {
      const next = nextToken(tokens, i);
      if (next.at >= to || (next.lineBreak && begins(kindAt(tokens, next.at)))) {
        parts.push({ from: start, to: i + 1 });
        start = i + 1;
      }
    }
  }
  return onlyTrivia(tokens, start, to) ? parts : undefined;
}
