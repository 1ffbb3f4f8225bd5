// Whether a TypeScript file parses, shown by parsing each distinct *shape* of its parts once instead of the file
// (syntax-check.ts; GitHub's client.ts and server.ts are 5 MB each, their 20,000 statements and members a few hundred
// shapes). A part is a top-level statement; or a piece of one read apart (shape-parts.ts): a class's or interface's
// member, a constant array's element, such an element's property, a switch's clause; each with the trivia before
// it, the statement or element it was taken from left with its header and closing. Its shape is its tokens as
// TypeScript's scanner reads them (shape-tokens.ts), each identifier written `a`, each string `""`, each number `0`,
// each template piece without its text, each comment without its text (its kind, and whether it holds a line break,
// kept: the parser reads both). The parser treats tokens of a kind alike (a string whose value is "constructor" is
// the one exception it makes, kept as it is), so a part parses where its shape does. A shape is taken only where
// scanning it gives back the same tokens; the shapes are parsed together, in their places (statements after
// `export {};`, pieces between their headers and closings), and each must be exactly one statement, member, element,
// property or clause ending at its own last token, a `;`, a comma or the brace that closes a declaration, so that
// nothing after it could have continued it. Anything else (a regular expression, which the parser rescans; a scanner
// error; a token of no kind here; an escape in a name or keyword; a comment at the start that could be a pragma)
// leaves the file to the parser.
import ts from 'typescript';
import { type Place, split, TOP_LEVEL, visitShapes } from './shape-parts.js';
import { keyOfKinds, kindAt, nextToken, readsBack, readTokens, textOf, type Tokens } from './shape-tokens.js';

const { SyntaxKind: K } = ts;

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

/** Statements a clause may end with: each ends at its `;`, and a clause ends with its last statement. */
const ENDS_CLAUSE = new Set<number>([
  K.ReturnStatement,
  K.ThrowStatement,
  K.ExpressionStatement,
  K.VariableStatement,
  K.BreakStatement,
  K.ContinueStatement,
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
function marksModule(tokens: Tokens, from: number): boolean {
  const first = nextToken(tokens, from - 1).at;
  return kindAt(tokens, first) === K.ExportKeyword && kindAt(tokens, nextToken(tokens, first).at) !== K.AsKeyword;
}

/**
 * Whether no comment before the first token is one the parser reads as a pragma, by its text: a line comment
 * beginning `///` or `// @`, a block comment holding `@`. Those, and only those, the parser reads for what they say.
 */
function pragmaFree(content: string, tokens: Tokens): boolean {
  for (let i = 0, start = 0; i < tokens.leadingEnds.length; start = tokens.leadingEnds[i++]!) {
    const kind = kindAt(tokens, i);
    const text = content.slice(start, tokens.leadingEnds[i]);
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

/** The shapes of one place not yet shown, and every shape seen there (each looked up in the records once). */
interface Group {
  place: Place;
  shapes: Shape[];
  seen: Set<string>;
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
  if (!parts?.some((part) => marksModule(tokens, part.from))) return false;
  const groups = new Map<string, Group>();
  const statements: Group = { place: TOP_LEVEL, shapes: [], seen: new Set() };
  groups.set(TOP_LEVEL.id, statements);
  visitShapes(tokens, parts, (place, key, last) => {
    let group = groups.get(place.id);
    if (!group) groups.set(place.id, (group = { place, shapes: [], seen: new Set() }));
    if (group.seen.has(key)) return;
    group.seen.add(key);
    const id = `${place.id}\0${key}`;
    if (!records.has(id)) group.shapes.push({ key, id, last });
  });
  if (!shapesOfFileParse(statements.shapes, [...groups.values()].slice(1), parse)) return false;
  for (const group of groups.values()) for (const shape of group.shapes) records.add(shape.id);
  return true;
}

/** Where a place's pieces were put in the text of shapes: each piece's end, and where the place's text ends. */
interface Placed {
  group: Group;
  before: number;
  ends: number[];
  end: number;
}

/** The codes of `export {};`, which the text of shapes begins with. */
const PREFIX = keyOfKinds(K.ExportKeyword, K.WhitespaceTrivia, K.OpenBraceToken, K.CloseBraceToken, K.SemicolonToken);

/** Parses the shapes together: the statements after `export {};`, then each place's pieces between its texts. */
function shapesOfFileParse(
  statements: Shape[],
  groups: Group[],
  parse: (text: string) => ts.SourceFile | undefined,
): boolean {
  let text = 'export {};';
  // The codes the text must scan back to: the shapes are taken only where it gives back the very tokens they stand for.
  let codes = PREFIX;
  const add = (key: string) => {
    text += textOf(key);
    codes += key;
  };
  const statementEnds: number[] = [];
  for (const shape of statements) {
    add(shape.key);
    statementEnds.push(text.length);
  }
  const placed: Placed[] = [];
  for (const group of groups) {
    if (group.shapes.length === 0) continue;
    add(group.place.before);
    const before = text.length;
    const ends: number[] = [];
    for (const shape of group.shapes) {
      add(shape.key);
      ends.push(text.length);
    }
    add(group.place.after);
    placed.push({ group, before, ends, end: text.length });
  }
  if (statements.length === 0 && placed.length === 0) return true;
  if (!readsBack(codes, text)) return false;
  const file = parse(text);
  if (!file || file.statements.length !== 1 + statements.length + placed.length) return false;
  if (file.statements.some(readAgain)) return false;
  for (let i = 0; i < statements.length; i++)
    if (!endsItself(file.statements[i + 1]!, statementEnds[i]!, statements[i]!.last)) return false;
  return placed.every((one, g) => piecesEnd(file.statements[1 + statements.length + g]!, one, text));
}

/** Whether a place's statement holds one piece per shape, each of its kind and ending where its shape does. */
function piecesEnd(node: ts.Statement, { group, before, ends, end }: Placed, text: string): boolean {
  const { kind } = group.place;
  const shapes = group.shapes;
  if (kind === 'member') {
    if (!endsItself(node, end, K.CloseBraceToken) || !(ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)))
      return false;
    const list = node.members;
    return list.length === shapes.length && shapes.every((shape, i) => endsItself(list[i]!, ends[i]!, shape.last));
  }
  if (kind === 'element' || kind === 'property') {
    const array = arrayOf(node, end);
    if (!array) return false;
    if (kind === 'element') return endBeforeCommas(array.elements, ends);
    // One element, `{...}` or `name({...})`, ending before the comma that ends its closing.
    const [element, ...more] = array.elements;
    if (!element || more.length > 0 || element.end !== end - ',\n];'.length) return false;
    const object = ts.isObjectLiteralExpression(element)
      ? element
      : ts.isCallExpression(element) && element.arguments.length === 1
        ? element.arguments[0]!
        : undefined;
    const last = ends.at(-1)!;
    return (
      object !== undefined &&
      ts.isObjectLiteralExpression(object) &&
      object.end === text.indexOf('}', last) + 1 &&
      endBeforeCommas(object.properties, ends)
    );
  }
  // A switch's clauses: the case block whose `{` ends the text before them.
  if (!endsItself(node, end, lastTokenKind(group))) return false;
  const block = innermostAt(node, before - 1);
  if (!block || !ts.isCaseBlock(block) || block.end !== text.indexOf('}', ends.at(-1)!) + 1) return false;
  const clauses = block.clauses;
  return (
    clauses.length === shapes.length &&
    clauses.every((clause, i) => {
      const last = clause.statements.at(-1);
      return clause.end === ends[i] && last?.end === ends[i] && ENDS_CLAUSE.has(last.kind);
    })
  );
}

/** The kind of the last token of a place's closing text. */
const lastTokenKind = (group: Group) => group.place.after.charCodeAt(group.place.after.length - 1) >> 2;

/** The array a constant statement ending at `end` holds, ending just before its `;`. */
function arrayOf(node: ts.Statement, end: number): ts.ArrayLiteralExpression | undefined {
  if (!endsItself(node, end, K.SemicolonToken) || !ts.isVariableStatement(node)) return undefined;
  const [declaration, ...more] = node.declarationList.declarations;
  const array = declaration?.initializer;
  return more.length === 0 && array && ts.isArrayLiteralExpression(array) && array.end === end - 1 ? array : undefined;
}

/** Whether a list holds one node per end, each ending just before its comma. */
const endBeforeCommas = (list: ts.NodeArray<ts.Node>, ends: number[]) =>
  list.length === ends.length && list.every((node, i) => node.end === ends[i]! - 1);

/** The innermost node under `node` whose text holds `position` (its own tokens, not a child's). */
function innermostAt(node: ts.Node, position: number): ts.Node | undefined {
  if (position < node.pos || position >= node.end) return undefined;
  return ts.forEachChild(node, (child) => innermostAt(child, position)) ?? node;
}
