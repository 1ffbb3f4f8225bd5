// Prints the type declarations openapi-typescript's transform builds (interfaces, type aliases and the type nodes
// inside them) to the same text as TypeScript's printer, in a fraction of its time: TypeScript's emitter goes
// through its generic pipeline (comments, source maps, name generation, a line map of every string written) for
// each of the millions of nodes of a large document, and was half of the types' generation. The rules below are
// the printer's for these node kinds (its list formats, parenthesizer rules, literal escaping and the re-indenting
// of synthesized JSDoc comments); a node kind or emit flag outside them returns undefined, and the caller prints
// with TypeScript's printer instead. test/generator/print-types.test.ts compares both on every corpus document.
import ts from 'typescript';

const INDENT = 4;

class Unsupported extends Error {}

/** The text of TypeScript's printer for `nodes` as statements of a file, or undefined where this printer stops. */
export function printTypeDeclarations(nodes: readonly ts.Node[]): string | undefined {
  // Another compiler version without them: its own printer prints.
  if (!getEmitFlags || !getStartsOnNewLine || !computeLineStarts || !getLiteralText) return undefined;
  try {
    return new TypePrinter().file(nodes);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** ListFormat bits of TypeScript's emitter, for the lists these node kinds hold. */
enum Format {
  MultiLine = 1,
  Bar = 4,
  Ampersand = 8,
  Comma = 16,
  Indented = 128,
  SpaceBetweenBraces = 256,
  SpaceBetweenSiblings = 512,
  OptionalIfEmpty = 32768,
  SpaceAfterList = 2097152,
}

type Rule = (node: ts.TypeNode) => ts.TypeNode;

const K = ts.SyntaxKind;

/** The compiler's own helpers the printer uses (exported by typescript.js, not declared in its typings). */
const internal = ts as unknown as {
  getEmitFlags?: (node: ts.Node) => number;
  getStartsOnNewLine?: (node: ts.Node) => boolean | undefined;
  computeLineStarts?: (text: string) => number[];
  getLiteralText?: (node: ts.LiteralLikeNode, sourceFile: ts.SourceFile, flags: number) => string;
};
const { getEmitFlags, getStartsOnNewLine, computeLineStarts, getLiteralText } = internal;

/** Placeholder sourceFile for literal text: the printer's own is empty, so no literal takes original text from it. */
const EMPTY_FILE = ts.createSourceFile('openapi-ts.ts', '', ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);

const parenthesized = (node: ts.TypeNode) => ts.factory.createParenthesizedType(node);
const isUnionOrIntersection = (node: ts.Node) => node.kind === K.UnionType || node.kind === K.IntersectionType;
/** The parenthesizer's rules for the type kinds printed here (function, conditional and infer types are not). */
const unionMember: Rule = (t) => (isUnionOrIntersection(t) ? parenthesized(t) : t);
const intersectionMember: Rule = unionMember;
const typeOperatorOperand: Rule = (t) => (t.kind === K.IntersectionType ? parenthesized(t) : intersectionMember(t));
const readonlyOperand: Rule = (t) => (t.kind === K.TypeOperator ? parenthesized(t) : typeOperatorOperand(t));
const postfixOperand: Rule = (t) =>
  t.kind === K.TypeOperator || t.kind === K.TypeQuery ? parenthesized(t) : typeOperatorOperand(t);

/** The spaces of each indentation level, made once. */
const INDENTS: string[] = [];
const indentation = (level: number) => (INDENTS[level] ??= ' '.repeat(level * INDENT));

class TypePrinter {
  private out = '';
  private indent = 0;
  private lineStart = true;

  file(nodes: readonly ts.Node[]): string {
    this.list(nodes, Format.MultiLine, (n) => this.emit(n));
    return this.out;
  }

  private write(s: string): void {
    if (!s) return;
    if (this.lineStart) {
      this.out += indentation(this.indent);
      this.lineStart = false;
    }
    this.out += s;
  }

  private rawWrite(s: string): void {
    this.out += s;
    this.lineStart = s.endsWith('\n');
  }

  private writeLine(): void {
    if (this.lineStart) return;
    this.out += '\n';
    this.lineStart = true;
  }

  /** emitList without source positions: what the printer does for synthesized nodes. */
  private list<T extends ts.Node>(items: readonly T[] | undefined, format: number, each: (item: T) => void): void {
    if (!items || items.length === 0) {
      if (format & Format.OptionalIfEmpty) return;
      if (format & Format.MultiLine) this.writeLine();
      return;
    }
    if (format & Format.MultiLine) this.writeLine();
    else if (format & Format.SpaceBetweenBraces) this.write(' ');
    if (format & Format.Indented) this.indent++;
    items.forEach((item, i) => {
      if (i > 0) {
        if (format & Format.Bar) this.write(' |');
        else if (format & Format.Ampersand) this.write(' &');
        else if (format & Format.Comma) this.write(',');
        if (format & Format.MultiLine || getStartsOnNewLine!(item)) {
          if (!(format & (Format.MultiLine | Format.Indented))) throw new Unsupported();
          this.writeLine();
        } else if (format & Format.SpaceBetweenSiblings) this.write(' ');
      }
      each(item);
    });
    if (format & Format.Indented) this.indent--;
    if (format & Format.MultiLine) this.writeLine();
    else if (format & (Format.SpaceAfterList | Format.SpaceBetweenBraces)) this.write(' ');
  }

  private emit(node: ts.Node | undefined, rule?: Rule): void {
    if (!node) return;
    if (rule) node = rule(node as ts.TypeNode);
    if (getEmitFlags!(node) & ~ts.EmitFlags.SingleLine) throw new Unsupported();
    const leading = ts.getSyntheticLeadingComments(node);
    if (leading)
      for (const comment of leading) {
        if (comment.kind !== K.MultiLineCommentTrivia || comment.hasLeadingNewline) throw new Unsupported();
        this.comment(`/*${comment.text}*/`);
        if (comment.hasTrailingNewLine) this.writeLine();
        else this.write(' ');
      }
    this.node(node);
    const trailing = ts.getSyntheticTrailingComments(node);
    if (trailing)
      for (const comment of trailing) {
        if (comment.kind !== K.MultiLineCommentTrivia) throw new Unsupported();
        if (!this.lineStart) this.write(' ');
        this.comment(`/*${comment.text}*/`);
        if (comment.hasTrailingNewLine) this.writeLine();
      }
  }

  /** writeCommentRange: each line after the first at the writer's indentation plus its own leading whitespace. */
  private comment(text: string): void {
    const starts = computeLineStarts!(text);
    for (let line = 0; line < starts.length; line++) {
      const pos = starts[line]!;
      const next = line + 1 === starts.length ? text.length + 1 : starts[line + 1]!;
      if (line > 0) {
        let own = 0;
        for (let p = pos; p < next && ts.isWhiteSpaceSingleLine(text.charCodeAt(p)); p++)
          own = text.charCodeAt(p) === 9 ? own + INDENT - (own % INDENT) : own + 1;
        const spaces = this.indent * INDENT + own;
        this.rawWrite(' '.repeat(Math.max(0, spaces)));
      }
      const end = Math.min(text.length, next - 1);
      const trimmed = text.substring(pos, end).trim();
      if (trimmed) {
        this.write(trimmed);
        if (end !== text.length) this.writeLine();
      } else this.rawWrite('\n');
    }
  }

  private modifiers(node: ts.Node): void {
    const modifiers = (node as { modifiers?: ts.NodeArray<ts.ModifierLike> }).modifiers;
    this.list(modifiers, Format.SpaceBetweenSiblings | Format.SpaceAfterList, (m) => this.emit(m));
  }

  private typeParameters(parameters: ts.NodeArray<ts.TypeParameterDeclaration> | undefined): void {
    if (!parameters || parameters.length === 0) return;
    this.write('<');
    this.list(parameters, Format.Comma | Format.SpaceBetweenSiblings, (p) => this.emit(p));
    this.write('>');
  }

  private typeAnnotation(type: ts.TypeNode | undefined): void {
    if (!type) return;
    this.write(': ');
    this.emit(type);
  }

  private node(node: ts.Node): void {
    switch (node.kind) {
      case K.InterfaceDeclaration: {
        const n = node as ts.InterfaceDeclaration;
        if (n.heritageClauses) throw new Unsupported();
        this.modifiers(n);
        this.write('interface ');
        this.emit(n.name);
        this.typeParameters(n.typeParameters);
        this.write(' {');
        this.list(n.members, Format.MultiLine | Format.Indented, (m) => this.emit(m));
        this.write('}');
        return;
      }
      case K.TypeAliasDeclaration: {
        const n = node as ts.TypeAliasDeclaration;
        this.modifiers(n);
        this.write('type ');
        this.emit(n.name);
        this.typeParameters(n.typeParameters);
        this.write(' = ');
        this.emit(n.type);
        this.write(';');
        return;
      }
      case K.PropertySignature: {
        const n = node as ts.PropertySignature;
        this.modifiers(n);
        this.emit(n.name);
        if (n.questionToken) this.write('?');
        this.typeAnnotation(n.type);
        this.write(';');
        return;
      }
      case K.IndexSignature: {
        const n = node as ts.IndexSignatureDeclaration;
        this.modifiers(n);
        this.write('[');
        this.list(n.parameters, Format.Comma | Format.SpaceBetweenSiblings | Format.Indented, (p) => this.emit(p));
        this.write(']');
        this.typeAnnotation(n.type);
        this.write(';');
        return;
      }
      case K.Parameter: {
        const n = node as ts.ParameterDeclaration;
        if (n.dotDotDotToken || n.initializer || n.modifiers?.length) throw new Unsupported();
        this.emit(n.name);
        if (n.questionToken) this.write('?');
        this.typeAnnotation(n.type);
        return;
      }
      case K.TypeParameter: {
        const n = node as ts.TypeParameterDeclaration;
        this.modifiers(n);
        this.emit(n.name);
        if (n.constraint) {
          this.write(' extends ');
          this.emit(n.constraint);
        }
        if (n.default) {
          this.write(' = ');
          this.emit(n.default);
        }
        return;
      }
      case K.MappedType: {
        const n = node as ts.MappedTypeNode;
        const single = getEmitFlags!(n) & ts.EmitFlags.SingleLine;
        if (n.nameType || n.members?.length) throw new Unsupported();
        this.write('{');
        if (single) this.write(' ');
        else {
          this.writeLine();
          this.indent++;
        }
        if (n.readonlyToken) {
          this.emit(n.readonlyToken);
          if (n.readonlyToken.kind !== K.ReadonlyKeyword) this.write('readonly');
          this.write(' ');
        }
        this.write('[');
        this.emit(n.typeParameter.name);
        this.write(' in ');
        this.emit(n.typeParameter.constraint);
        this.write(']');
        if (n.questionToken) {
          this.emit(n.questionToken);
          if (n.questionToken.kind !== K.QuestionToken) this.write('?');
        }
        this.write(': ');
        this.emit(n.type);
        this.write(';');
        if (single) this.write(' ');
        else {
          this.writeLine();
          this.indent--;
        }
        this.write('}');
        return;
      }
      case K.TypeLiteral: {
        const n = node as ts.TypeLiteralNode;
        const single = getEmitFlags!(n) & ts.EmitFlags.SingleLine;
        this.write('{');
        this.list(
          n.members,
          single
            ? Format.SpaceBetweenBraces | Format.SpaceBetweenSiblings
            : Format.MultiLine | Format.Indented | Format.OptionalIfEmpty,
          (m) => this.emit(m),
        );
        this.write('}');
        return;
      }
      case K.TupleType: {
        const n = node as ts.TupleTypeNode;
        const single = getEmitFlags!(n) & ts.EmitFlags.SingleLine;
        this.write('[');
        this.list(
          n.elements,
          Format.Comma | Format.SpaceBetweenSiblings | (single ? 0 : Format.MultiLine | Format.Indented),
          (e) => this.emit(e),
        );
        this.write(']');
        return;
      }
      case K.UnionType:
        this.list((node as ts.UnionTypeNode).types, Format.Bar | Format.SpaceBetweenSiblings, (t) =>
          this.emit(t, unionMember),
        );
        return;
      case K.IntersectionType:
        this.list((node as ts.IntersectionTypeNode).types, Format.Ampersand | Format.SpaceBetweenSiblings, (t) =>
          this.emit(t, intersectionMember),
        );
        return;
      case K.ArrayType:
        this.emit((node as ts.ArrayTypeNode).elementType, postfixOperand);
        this.write('[]');
        return;
      case K.RestType:
        this.write('...');
        this.emit((node as ts.RestTypeNode).type);
        return;
      case K.OptionalType:
        this.emit((node as ts.OptionalTypeNode).type, postfixOperand);
        this.write('?');
        return;
      case K.ParenthesizedType:
        this.write('(');
        this.emit((node as ts.ParenthesizedTypeNode).type);
        this.write(')');
        return;
      case K.TypeOperator: {
        const n = node as ts.TypeOperatorNode;
        this.write(`${ts.tokenToString(n.operator)} `);
        this.emit(n.type, n.operator === K.ReadonlyKeyword ? readonlyOperand : typeOperatorOperand);
        return;
      }
      case K.IndexedAccessType: {
        const n = node as ts.IndexedAccessTypeNode;
        this.emit(n.objectType, postfixOperand);
        this.write('[');
        this.emit(n.indexType);
        this.write(']');
        return;
      }
      case K.TypeReference: {
        const n = node as ts.TypeReferenceNode;
        this.emit(n.typeName);
        if (n.typeArguments) {
          if (n.typeArguments[0]?.kind === K.FunctionType) throw new Unsupported();
          this.write('<');
          this.list(n.typeArguments, Format.Comma | Format.SpaceBetweenSiblings, (t) => this.emit(t));
          this.write('>');
        }
        return;
      }
      case K.QualifiedName: {
        const n = node as ts.QualifiedName;
        this.emit(n.left);
        this.write('.');
        this.emit(n.right);
        return;
      }
      case K.LiteralType:
        this.emit((node as ts.LiteralTypeNode).literal);
        return;
      case K.PrefixUnaryExpression: {
        const n = node as ts.PrefixUnaryExpression;
        if (n.operand.kind !== K.NumericLiteral) throw new Unsupported();
        this.write(ts.tokenToString(n.operator)!);
        this.emit(n.operand);
        return;
      }
      case K.Identifier:
        this.write(ts.idText(node as ts.Identifier));
        return;
      case K.StringLiteral:
      case K.NumericLiteral:
        this.write(getLiteralText!(node as ts.LiteralLikeNode, EMPTY_FILE, 0));
        return;
      case K.StringKeyword:
      case K.NumberKeyword:
      case K.BooleanKeyword:
      case K.BigIntKeyword:
      case K.UnknownKeyword:
      case K.NeverKeyword:
      case K.AnyKeyword:
      case K.ObjectKeyword:
      case K.UndefinedKeyword:
      case K.VoidKeyword:
      case K.SymbolKeyword:
      case K.NullKeyword:
      case K.TrueKeyword:
      case K.FalseKeyword:
      case K.QuestionToken:
      case K.MinusToken:
      case K.PlusToken:
      case K.ExportKeyword:
      case K.ReadonlyKeyword:
      case K.DeclareKeyword:
        this.write(ts.tokenToString(node.kind)!);
        return;
      default:
        throw new Unsupported(ts.SyntaxKind[node.kind]);
    }
  }
}
