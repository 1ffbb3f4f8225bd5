// Whether TypeScript's printer, given these nodes, prints text that parses, decided from the nodes instead of by
// parsing the printed text (syntax-check.ts; parsing GitHub's types.ts took about 1 s of CPU, with the garbage of
// its tree). A tree's shape is the code of whoever built it (openapi-typescript's transform, the types emitter):
// what a document reaches are the texts at its leaves. The printer writes a synthesized string literal escaped and
// an identifier's text, a number's text and a comment's text as they are. So the text parses when every identifier
// is one token of a kind its place takes (openapi-typescript also writes a literal type, and a root type's
// `components['schemas']['Pet']`, as the text of one identifier), every number is one numeric token, every literal
// was made by a factory (not parsed from other text) and no comment closes or ends early. Each token is read by
// TypeScript's own scanner, the parser's. Anything else is not proven and the printed text is parsed as before.
import ts from 'typescript';

/** Keywords a type may be named by: the primitive types. */
const TYPE_KEYWORDS = new Set([
  ts.SyntaxKind.AnyKeyword,
  ts.SyntaxKind.BigIntKeyword,
  ts.SyntaxKind.BooleanKeyword,
  ts.SyntaxKind.NeverKeyword,
  ts.SyntaxKind.NumberKeyword,
  ts.SyntaxKind.ObjectKeyword,
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.SymbolKeyword,
  ts.SyntaxKind.UnknownKeyword,
]);

/** Places where an identifier is a property's name: any identifier name, reserved words included, or a string. */
const PROPERTY_NAMES = new Set([
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.EnumMember,
]);

const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard);

/** The tokens of `text` as TypeScript's scanner reads them, or undefined where it reports an error or trivia. */
function tokens(text: string): ts.SyntaxKind[] | undefined {
  let failed = false;
  scanner.setOnError(() => {
    failed = true;
  });
  scanner.setText(text);
  const kinds: ts.SyntaxKind[] = [];
  try {
    for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
      if (failed || scanner.isUnterminated() || kind === ts.SyntaxKind.Unknown || isTrivia(kind)) return undefined;
      kinds.push(kind);
    }
  } finally {
    scanner.setText(undefined);
    scanner.setOnError(undefined);
  }
  return failed ? undefined : kinds;
}

const isTrivia = (kind: ts.SyntaxKind) =>
  kind === ts.SyntaxKind.WhitespaceTrivia ||
  kind === ts.SyntaxKind.NewLineTrivia ||
  kind === ts.SyntaxKind.SingleLineCommentTrivia ||
  kind === ts.SyntaxKind.MultiLineCommentTrivia ||
  kind === ts.SyntaxKind.ShebangTrivia ||
  kind === ts.SyntaxKind.ConflictMarkerTrivia;

/** One token the scanner reads as an identifier (a keyword, contextual ones included, is not; a primitive type's
 * name is where `typeName` says so). */
function plainIdentifier(text: string, typeName: boolean): boolean {
  const kind = oneToken(text);
  return kind === ts.SyntaxKind.Identifier || (typeName && TYPE_KEYWORDS.has(kind));
}

/** One identifier or keyword token: a property's name. */
function identifierName(text: string): boolean {
  const kind = oneToken(text);
  return kind === ts.SyntaxKind.Identifier || (kind >= ts.SyntaxKind.FirstKeyword && kind <= ts.SyntaxKind.LastKeyword);
}

/**
 * The kind of the one token `text` is, or Unknown (more or none, an error, trivia); by text, for one walk: the same
 * names and literals come back thousands of times.
 */
const kinds = new Map<string, ts.SyntaxKind>();
function oneToken(text: string): ts.SyntaxKind {
  let kind = kinds.get(text);
  if (kind === undefined) {
    const read = tokens(text);
    kind = read?.length === 1 ? read[0]! : ts.SyntaxKind.Unknown;
    kinds.set(text, kind);
  }
  return kind;
}

/** `"text"`: one string literal token. */
const oneString = (text: string) => oneToken(text) === ts.SyntaxKind.StringLiteral;

/** `name['a']['b']`: an identifier indexed by string literals, the text of a root type's target. */
function indexedName(text: string): boolean {
  const bracket = text.indexOf('[');
  if (bracket <= 0 || !plainIdentifier(text.slice(0, bracket), false)) return false;
  const kinds = tokens(text.slice(bracket));
  if (!kinds || kinds.length === 0 || kinds.length % 3 !== 0) return false;
  for (let i = 0; i < kinds.length; i += 3)
    if (
      kinds[i] !== ts.SyntaxKind.OpenBracketToken ||
      kinds[i + 1] !== ts.SyntaxKind.StringLiteral ||
      kinds[i + 2] !== ts.SyntaxKind.CloseBracketToken
    )
      return false;
  return true;
}

/** Places where a type goes, as the printer writes them: a literal type or an indexed name parses there too. */
const TYPE_PLACES = new Set([
  ts.SyntaxKind.UnionType,
  ts.SyntaxKind.IntersectionType,
  ts.SyntaxKind.ArrayType,
  ts.SyntaxKind.TupleType,
  ts.SyntaxKind.ParenthesizedType,
  ts.SyntaxKind.IndexedAccessType,
  ts.SyntaxKind.TypeOperator,
  ts.SyntaxKind.OptionalType,
  ts.SyntaxKind.RestType,
]);

function identifierParses(node: ts.Identifier, parent: ts.Node | undefined): boolean {
  const text = ts.idText(node);
  const slot = parent as { name?: unknown; type?: unknown; typeName?: unknown } | undefined;
  if (parent && PROPERTY_NAMES.has(parent.kind) && slot!.name === node) return identifierName(text) || oneString(text);
  const typeName = parent !== undefined && ts.isTypeReferenceNode(parent) && slot!.typeName === node;
  const type =
    parent !== undefined &&
    (slot!.type === node || TYPE_PLACES.has(parent.kind) || (ts.isTypeReferenceNode(parent) && !typeName));
  // A declaration's or a parameter's name, anything outside a type: an identifier only.
  if (!type && !typeName) return plainIdentifier(text, false);
  if (plainIdentifier(text, true)) return true;
  // `"a"` or `components['schemas']['a']` where a type goes (a type's name given type arguments takes neither).
  if (typeName && (parent as ts.TypeReferenceNode).typeArguments?.length) return false;
  return oneString(text) || indexedName(text);
}

const numberParses = (node: ts.NumericLiteral) => oneToken(node.text) === ts.SyntaxKind.NumericLiteral;

/** A comment the printer writes as `/*text*\/` or `//text` that ends where it is meant to. */
function commentsParse(comments: readonly ts.SynthesizedComment[] | undefined): boolean {
  if (!comments) return true;
  for (const c of comments)
    if (c.kind === ts.SyntaxKind.MultiLineCommentTrivia ? c.text.includes('*/') : LINE_BREAK.test(c.text)) return false;
  return true;
}

/** What TypeScript's scanner ends a `//` comment at. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** A node made by a factory, whose literal text the printer escapes rather than copies from a source file. */
const synthesized = (node: ts.Node) => node.pos === -1 && node.end === -1;

function nodeParses(node: ts.Node, parent: ts.Node | undefined): boolean {
  visiting?.(node);
  const comments =
    commentsParse(ts.getSyntheticLeadingComments(node)) && commentsParse(ts.getSyntheticTrailingComments(node));
  if (!comments && visiting === undefined) return false;
  switch (node.kind) {
    case ts.SyntaxKind.Identifier:
      return comments && identifierParses(node as ts.Identifier, parent);
    case ts.SyntaxKind.StringLiteral:
      return comments && synthesized(node);
    case ts.SyntaxKind.NumericLiteral:
      return comments && synthesized(node) && numberParses(node as ts.NumericLiteral);
    case ts.SyntaxKind.PrivateIdentifier:
    case ts.SyntaxKind.BigIntLiteral:
    case ts.SyntaxKind.RegularExpressionLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.TemplateHead:
    case ts.SyntaxKind.TemplateMiddle:
    case ts.SyntaxKind.TemplateTail:
    case ts.SyntaxKind.JsxText:
      return false;
  }
  const outer = walking;
  walking = node;
  const stopped = ts.forEachChild(node, childStops);
  walking = outer;
  return comments && stopped === undefined;
}

/** The node whose children the walk is in (one callback for every node, not a closure each). */
let walking: ts.Node | undefined;
/** printsParsable's `each`: while it is set, the whole tree is walked, a node that does not parse remembered. */
let visiting: ((node: ts.Node) => void) | undefined;
let refusedOnWalk = false;
const childStops = (child: ts.Node): true | undefined => {
  if (nodeParses(child, walking)) return undefined;
  if (visiting === undefined) return true;
  refusedOnWalk = true;
  return undefined;
};

/**
 * Whether `ts.createPrinter().printFile` of a file of these statements prints text that parses (see above). `each`,
 * when given, is called on every node of the tree before the node is checked (it may change the node's comments),
 * and the whole tree is walked whatever the answer: a caller that must visit every node walks the tree once.
 */
export function printsParsable(nodes: readonly ts.Node[], each?: (node: ts.Node) => void): boolean {
  visiting = each;
  refusedOnWalk = false;
  try {
    let parses = true;
    for (const node of nodes) {
      if (nodeParses(node, undefined)) continue;
      parses = false;
      if (each === undefined) break;
    }
    return parses && !refusedOnWalk;
  } finally {
    kinds.clear();
    visiting = undefined;
    refusedOnWalk = false;
  }
}
