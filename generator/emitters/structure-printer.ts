// The own printer of the ts-morph structures the emitters build (source files of imports and statements as text,
// type aliases, interfaces, functions, classes, variable statements, JSDoc). It makes the same writer calls as
// ts-morph's printStructure, on a writer that keeps code-block-writer's rules (indentation, hanging indents, blank
// lines, and its scan of strings and comments that decides where a line is indented) but not its costs: no writer
// per type or initializer, no walk back through the written text for the last characters, no insertion for commas.
// test/generator/print-structure.test.ts compares both printers on every emitted file of the corpus and services.
// A structure kind or option it does not print makes it throw StructureNotPrinted (the caller then uses ts-morph).
import type { OptionalKind, SourceFileStructure } from 'ts-morph';

/** Thrown for a structure the own printer does not print as ts-morph would. */
export class StructureNotPrinted extends Error {}

import { StructureKind as KIND } from './structure-kinds.js';

const NL = 10;
const CR = 13;
const SPACE = 32;
const BACK_SLASH = 92;
const SLASH = 47;
const STAR = 42;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACK_TICK = 96;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const DOLLAR = 36;
/** The characters that change the writer's string and comment state; the rest are skipped. */
const HANDLED = new Uint8Array(128);
for (const c of [BACK_SLASH, SLASH, NL, CR, STAR, DOUBLE_QUOTE, SINGLE_QUOTE, BACK_TICK, OPEN_BRACE, CLOSE_BRACE])
  HANDLED[c] = 1;
/** ts-morph's whitespace (StringUtils.isWhitespaceCharCode). */
const WHITESPACE = new Set([32, 12, 10, 13, 9, 11, 0xa0, 0x2028, 0x2029]);
const LINE_COMMENT = 1;
const STAR_COMMENT = 2;
const INDENT = '  ';

/** code-block-writer's CodeBlockWriter (indent 2, "\n"), for the calls ts-morph's structure printers make. */
class Writer {
  /** The text so far, appended to (V8 joins it once, when it is read). */
  private out = '';
  length = 0;
  /** The last character that is not whitespace (-1: none), and the line breaks that end the text. */
  private lastNonWhitespace = -1;
  private trailingNewLines = 0;
  /** The last two characters written (-1: none). */
  private last = -1;
  private beforeLast = -1;
  private level = 0;
  private queued: number | undefined;
  private newLineOnNextWrite = false;
  private comment = 0;
  private strings: number[] = [];
  private inRegex = false;
  private firstLineOfBlock = true;
  private indents: string[] = [''];

  toString(): string {
    return this.out;
  }

  write(text: string | undefined): this {
    this.newLineIfNewLineOnNextWrite();
    this.writeIndentingNewLines(text);
    return this;
  }

  conditionalWrite(condition: boolean | undefined, text: string): this {
    if (condition) this.write(text);
    return this;
  }

  newLine(): this {
    this.newLineOnNextWrite = false;
    this.baseWriteNewLine();
    return this;
  }

  newLineIfLastNot(): this {
    this.newLineIfNewLineOnNextWrite();
    if (!this.isLastNewLine()) this.newLine();
    return this;
  }

  conditionalNewLine(condition: boolean): this {
    if (condition) this.newLine();
    return this;
  }

  blankLine(): this {
    return this.newLineIfLastNot().newLine();
  }

  blankLineIfLastNot(): this {
    if (!this.isLastBlankLine()) this.blankLine();
    return this;
  }

  space(): this {
    this.newLineIfNewLineOnNextWrite();
    this.writeIndentingNewLines(' ');
    return this;
  }

  spaceIfLastNot(): this {
    this.newLineIfNewLineOnNextWrite();
    if (this.last !== SPACE) this.writeIndentingNewLines(' ');
    return this;
  }

  inlineBlock(block: () => void): this {
    this.newLineIfNewLineOnNextWrite();
    this.write('{');
    if (this.length > 0) this.newLineIfLastNot();
    this.level++;
    this.firstLineOfBlock = true;
    block();
    this.firstLineOfBlock = false;
    this.level = Math.max(0, this.level - 1);
    this.newLineIfLastNot().write('}');
    return this;
  }

  hangingIndent(action: () => void): this {
    const level = this.level;
    const queued = this.queued;
    this.queued = level + 1;
    try {
      action();
    } finally {
      this.level = level;
      this.queued = queued;
    }
    return this;
  }

  closeComment(): this {
    if (this.comment === LINE_COMMENT) this.newLine();
    else if (this.comment === STAR_COMMENT) {
      if (!this.isLastNewLine()) this.spaceIfLastNot();
      this.write('*/');
    }
    return this;
  }

  isInComment(): boolean {
    return this.comment !== 0;
  }

  isInString(): boolean {
    const n = this.strings.length;
    return n > 0 && this.strings[n - 1] !== OPEN_BRACE;
  }

  isLastNewLine(): boolean {
    return this.last === NL || this.last === CR;
  }

  lastChar(): number {
    return this.last;
  }

  isAtStartOfFirstLineOfBlock(): boolean {
    return this.firstLineOfBlock && (this.isLastNewLine() || this.length === 0);
  }

  isLastNonWhitespaceCharCloseBrace(): boolean {
    return this.lastNonWhitespace === CLOSE_BRACE;
  }

  /** A text written after the last one without the writer's scan (ts-morph inserts a list's commas afterwards). */
  appendUnscanned(text: string): void {
    this.push(text);
  }

  private isLastBlankLine(): boolean {
    return this.trailingNewLines >= 2;
  }

  private newLineIfNewLineOnNextWrite(): void {
    if (!this.newLineOnNextWrite) return;
    this.newLineOnNextWrite = false;
    this.newLine();
  }

  private writeIndentingNewLines(text: string | undefined): void {
    if (!text) {
      this.writeIndividual('');
      return;
    }
    if (text.indexOf('\n') === -1) {
      this.writeIndividual(text);
      return;
    }
    const items = text.split(/\r?\n/);
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.baseWriteNewLine();
      const s = items[i]!;
      if (s.length > 0) this.writeIndividual(s);
    }
  }

  private writeIndividual(s: string): void {
    if (this.level > 0 && !this.isInString() && (this.isLastNewLine() || this.length === 0)) {
      // The indentation and the text in one piece; the scan sees the indentation as the characters before.
      const indentation = this.indentation();
      this.beforeLast = SPACE;
      this.last = SPACE;
      this.updateState(s);
      this.push(indentation + s);
      return;
    }
    this.updateState(s);
    this.push(s);
  }

  private indentation(): string {
    return (this.indents[this.level] ??= INDENT.repeat(this.level));
  }

  private baseWriteNewLine(): void {
    if (this.comment === LINE_COMMENT) this.comment = 0;
    const top = this.strings[this.strings.length - 1];
    if ((top === DOUBLE_QUOTE || top === SINGLE_QUOTE) && this.last !== BACK_SLASH) this.strings.pop();
    this.push('\n');
    this.firstLineOfBlock = false;
    if (this.queued !== undefined) {
      this.level = this.queued;
      this.queued = undefined;
    }
  }

  private push(text: string): void {
    const n = text.length;
    if (n === 0) return;
    this.out += text;
    this.length += n;
    let i = n - 1;
    let newLines = 0;
    for (; i >= 0; i--) {
      const c = text.charCodeAt(i);
      if (c === NL) newLines++;
      else if (c !== CR) break;
    }
    this.trailingNewLines = i < 0 ? this.trailingNewLines + newLines : newLines;
    for (; i >= 0; i--) {
      const c = text.charCodeAt(i);
      if (!WHITESPACE.has(c)) {
        this.lastNonWhitespace = c;
        break;
      }
    }
    if (n >= 2) {
      this.beforeLast = text.charCodeAt(n - 2);
      this.last = text.charCodeAt(n - 1);
    } else {
      this.beforeLast = this.last;
      this.last = text.charCodeAt(0);
    }
  }

  /**
   * code-block-writer's _updateInternalState: strings, template literals, comments and regular expressions, with
   * its state in locals; a text within a comment is searched for the comment's end only.
   */
  private updateState(str: string): void {
    let comment = this.comment;
    // A line comment lasts to the end of the line, and a text written here holds no line break.
    if (comment === LINE_COMMENT) return;
    let inRegex = this.inRegex;
    const strings = this.strings;
    let top = strings.length === 0 ? -1 : strings[strings.length - 1]!;
    const n = str.length;
    for (let i = 0; i < n; i++) {
      if (comment === STAR_COMMENT) {
        // Only `*/` changes the state in a block comment.
        let end: number;
        if (i === 0 && str.charCodeAt(0) === SLASH && this.last === STAR) end = 0;
        else {
          const star = str.indexOf('*/', i === 0 ? 0 : i - 1);
          if (star === -1) break;
          end = star + 1;
        }
        i = end;
        comment = 0;
        continue;
      }
      const current = str.charCodeAt(i);
      if (current >= 128 || HANDLED[current] === 0) continue;
      const past = i === 0 ? this.last : str.charCodeAt(i - 1);
      const pastPast = i === 0 ? this.beforeLast : i === 1 ? this.last : str.charCodeAt(i - 2);
      const inString = top !== -1 && top !== OPEN_BRACE;
      if (inRegex) {
        if ((past === SLASH && pastPast !== BACK_SLASH) || past === NL) inRegex = false;
        else continue;
      } else if (
        !inString &&
        comment === 0 &&
        past === SLASH &&
        current !== SLASH &&
        current !== STAR &&
        pastPast !== STAR &&
        pastPast !== SLASH
      ) {
        inRegex = true;
        continue;
      }
      if (!inString && past === SLASH) {
        if (current === SLASH) {
          comment = LINE_COMMENT;
          break;
        }
        if (current === STAR) {
          comment = STAR_COMMENT;
          continue;
        }
      }
      if (past !== BACK_SLASH && (current === DOUBLE_QUOTE || current === SINGLE_QUOTE || current === BACK_TICK)) {
        if (top === current) {
          strings.pop();
          top = strings.length === 0 ? -1 : strings[strings.length - 1]!;
        } else if (top === OPEN_BRACE || top === -1) {
          strings.push(current);
          top = current;
        }
      } else if (pastPast !== BACK_SLASH && past === DOLLAR && current === OPEN_BRACE && top === BACK_TICK) {
        strings.push(current);
        top = current;
      } else if (current === CLOSE_BRACE && top === OPEN_BRACE) {
        strings.pop();
        top = strings.length === 0 ? -1 : strings[strings.length - 1]!;
      }
    }
    this.comment = comment;
    this.inRegex = inRegex;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: structures are read field by field, as ts-morph's printers read them.
type Structure = Record<string, any>;

function isNullOrWhitespace(text: unknown): boolean {
  if (typeof text !== 'string') return true;
  for (let i = 0; i < text.length; i++) if (!WHITESPACE.has(text.charCodeAt(i))) return false;
  return true;
}

function unsupported(what: string): never {
  throw new StructureNotPrinted(what);
}

/** The fields each structure may set: any other one set is a structure this printer does not print. */
function onlyFields(structure: Structure, allowed: ReadonlySet<string>, what: string): void {
  if (typeof structure !== 'object' || structure === null) unsupported(`${what} given as ${typeof structure}`);
  for (const key in structure) {
    const value = structure[key];
    if (value === undefined || allowed.has(key)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    unsupported(`${what}.${key}`);
  }
}

const MODIFIERS = [
  'isDefaultExport',
  'isExported',
  'hasDeclareKeyword',
  'scope',
  'isStatic',
  'hasOverrideKeyword',
  'isAbstract',
  'isAsync',
  'isReadonly',
  'hasAccessorKeyword',
];
const fields = (...names: string[]) => new Set(['kind', ...names]);
const SOURCE_FILE = fields('statements');
const FUNCTION = fields(...MODIFIERS, 'name', 'docs', 'typeParameters', 'parameters', 'returnType', 'statements');
const CLASS = fields(
  ...MODIFIERS,
  'name',
  'docs',
  'typeParameters',
  'extends',
  'implements',
  'properties',
  'ctors',
  'methods',
);
const PROPERTY = fields(...MODIFIERS, 'name', 'docs', 'hasQuestionToken', 'hasExclamationToken', 'type', 'initializer');
const CONSTRUCTOR = fields(...MODIFIERS, 'docs', 'typeParameters', 'parameters', 'statements');
const METHOD = fields(
  ...MODIFIERS,
  'name',
  'docs',
  'hasQuestionToken',
  'typeParameters',
  'parameters',
  'returnType',
  'statements',
);
const INTERFACE = fields(...MODIFIERS, 'name', 'docs', 'typeParameters', 'extends', 'properties', 'methods');
const PROPERTY_SIGNATURE = fields(...MODIFIERS, 'name', 'docs', 'hasQuestionToken', 'type', 'initializer');
const METHOD_SIGNATURE = fields('name', 'docs', 'hasQuestionToken', 'typeParameters', 'parameters', 'returnType');
const TYPE_ALIAS = fields(...MODIFIERS, 'name', 'docs', 'typeParameters', 'type');
const VARIABLE_STATEMENT = fields(...MODIFIERS, 'docs', 'declarationKind', 'declarations');
const VARIABLE_DECLARATION = fields('name', 'hasExclamationToken', 'type', 'initializer');
const PARAMETER = fields(...MODIFIERS, 'name', 'isRestParameter', 'hasQuestionToken', 'type', 'initializer');
const TYPE_PARAMETER = fields('name', 'isConst', 'variance', 'constraint', 'default');

/** A type, initializer or heritage text as ts-morph's getText gives it: its own writer turns "\r\n" into "\n". */
function textOf(value: unknown): string {
  if (value == null) return '';
  if (typeof value !== 'string') unsupported('a writer function');
  return value.indexOf('\r') === -1 ? value : value.replace(/\r?\n/g, '\n');
}

/** Prints a source file structure as ts-morph's printStructure does with { indentNumberOfSpaces: 2 }. */
export function printSourceFile(structure: OptionalKind<SourceFileStructure>): string {
  onlyFields(structure as Structure, SOURCE_FILE, 'source file');
  const w = new Writer();
  w.closeComment();
  statements(w, structure.statements);
  w.conditionalNewLine(!w.isAtStartOfFirstLineOfBlock() && !w.isLastNewLine());
  return w.toString();
}

function statements(w: Writer, list: unknown): void {
  if (list == null) return;
  if (typeof list === 'string') {
    w.write(list);
    return;
  }
  if (!Array.isArray(list)) unsupported('statements given as a writer function');
  for (const statement of list) {
    if (w.isLastNonWhitespaceCharCloseBrace()) w.blankLineIfLastNot();
    else if (!w.isAtStartOfFirstLineOfBlock()) w.newLineIfLastNot();
    printStatement(w, statement);
  }
}

function ensureBlankLine(w: Writer): void {
  if (!w.isAtStartOfFirstLineOfBlock()) w.blankLineIfLastNot();
}

function printStatement(w: Writer, statement: unknown): void {
  if (statement == null) return;
  if (typeof statement === 'string') {
    w.write(statement);
    return;
  }
  if (typeof statement !== 'object') unsupported('a statement given as a writer function');
  const s = statement as Structure;
  switch (s.kind) {
    case KIND.Function:
      ensureBlankLine(w);
      printFunction(w, s);
      return;
    case KIND.Class:
      ensureBlankLine(w);
      printClass(w, s);
      return;
    case KIND.Interface:
      ensureBlankLine(w);
      printInterface(w, s);
      return;
    case KIND.TypeAlias:
      printTypeAlias(w, s);
      return;
    case KIND.VariableStatement:
      printVariableStatement(w, s);
      return;
    default:
      unsupported(`statement kind ${s.kind}`);
  }
}

function modifiers(w: Writer, s: Structure): void {
  if (s.isDefaultExport) w.write('export default ');
  else if (s.isExported) w.write('export ');
  if (s.hasDeclareKeyword) w.write('declare ');
  if (s.scope != null) w.write(`${s.scope} `);
  if (s.isStatic) w.write('static ');
  if (s.hasOverrideKeyword) w.write('override ');
  if (s.isAbstract) w.write('abstract ');
  if (s.isAsync) w.write('async ');
  if (s.isReadonly) w.write('readonly ');
  if (s.hasAccessorKeyword) w.write('accessor ');
}

function docs(w: Writer, list: unknown): void {
  if (list == null) return;
  if (!Array.isArray(list)) unsupported('docs not given as a list');
  for (const doc of list) {
    if (typeof doc !== 'string') unsupported('a JSDoc structure');
    w.closeComment();
    const lines = doc.split(/\r?\n/);
    const startsWithNewLine = lines[0]!.length === 0;
    const isSingleLine = lines.length <= 1;
    w.write('/**');
    if (isSingleLine) {
      w.space();
      w.write(lines[startsWithNewLine ? 1 : 0]);
    } else {
      w.newLine();
      for (let i = startsWithNewLine ? 1 : 0; i < lines.length; i++) {
        w.write(' *');
        if (lines[i]!.length > 0) w.write(` ${lines[i]}`);
        w.newLine();
      }
    }
    w.spaceIfLastNot();
    w.write('*/');
    w.newLine();
  }
}

/** `: type` (or ` = type` for an alias), as ts-morph's TypedNodeStructurePrinter. */
function typed(w: Writer, s: Structure, separator: string, alwaysWrite = false): void {
  if (s.type == null && !alwaysWrite) return;
  const text = textOf(s.type ?? 'any');
  if (!isNullOrWhitespace(text)) w.hangingIndent(() => w.write(`${separator} ${text}`));
}

function initializer(w: Writer, s: Structure): void {
  if (s.initializer == null) return;
  const text = textOf(s.initializer);
  if (!isNullOrWhitespace(text))
    w.hangingIndent(() => {
      w.spaceIfLastNot();
      w.write(`= ${text}`);
    });
}

function returnType(w: Writer, s: Structure): void {
  if (s.returnType == null) return;
  const text = textOf(s.returnType);
  if (!isNullOrWhitespace(text)) w.hangingIndent(() => w.write(`: ${text}`));
}

/**
 * A comma-separated list (parameters, type parameters, declarations). ts-morph prints the items apart and inserts
 * each comma after its item's last token; an item that ends in whitespace, a comma or a comment would move that
 * place, and is not printed here.
 */
function commaSeparated(w: Writer, items: unknown, print: (w: Writer, item: unknown) => void): void {
  if (items == null) return;
  if (!Array.isArray(items)) unsupported('a list given as text or a writer function');
  for (let i = 0; i < items.length; i++) {
    if (i > 0) w.spaceIfLastNot();
    const start = w.length;
    print(w, items[i]);
    const last = w.lastChar();
    if (
      w.length === start ||
      WHITESPACE.has(last) ||
      last === 44 ||
      last === SLASH ||
      w.isInComment() ||
      w.isInString()
    )
      unsupported('a list item whose end is not its last token');
    if (i < items.length - 1) w.appendUnscanned(',');
  }
}

function typeParameters(w: Writer, list: unknown): void {
  if (list == null || (Array.isArray(list) && list.length === 0)) return;
  w.write('<');
  commaSeparated(w, list, (w, item) => {
    w.closeComment();
    if (typeof item === 'string') {
      w.write(item);
      return;
    }
    const t = item as Structure;
    onlyFields(t, TYPE_PARAMETER, 'type parameter');
    w.hangingIndent(() => {
      if (t.isConst) w.write('const ');
      if (t.variance != null) {
        if ((t.variance & 1) !== 0) w.write('in ');
        if ((t.variance & 2) !== 0) w.write('out ');
      }
      w.write(t.name);
      if (t.constraint != null) {
        const text = textOf(t.constraint);
        if (!isNullOrWhitespace(text)) w.write(` extends ${text}`);
      }
      if (t.default != null) {
        const text = textOf(t.default);
        if (!isNullOrWhitespace(text)) w.write(` = ${text}`);
      }
    });
  });
  w.write('>');
}

function parameters(w: Writer, list: unknown): void {
  w.write('(');
  if (list != null && !(Array.isArray(list) && list.length === 0))
    w.hangingIndent(() =>
      commaSeparated(w, list, (w, item) => {
        const p = item as Structure;
        onlyFields(p, PARAMETER, 'parameter');
        if (p.name == null) unsupported('a parameter without a name');
        w.closeComment();
        modifiers(w, p);
        w.conditionalWrite(p.isRestParameter, '...');
        w.write(p.name);
        w.conditionalWrite(p.hasQuestionToken, '?');
        typed(w, p, ':', !!p.hasQuestionToken);
        initializer(w, p);
      }),
    );
  w.write(')');
}

function body(w: Writer, s: Structure): void {
  w.inlineBlock(() => statements(w, s.statements));
}

function printFunction(w: Writer, s: Structure): void {
  onlyFields(s, FUNCTION, 'function');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write('function');
  if (!isNullOrWhitespace(s.name)) w.write(` ${s.name}`);
  typeParameters(w, s.typeParameters);
  parameters(w, s.parameters);
  returnType(w, s);
  if (s.hasDeclareKeyword) w.write(';');
  else {
    w.space();
    body(w, s);
  }
}

function printClass(w: Writer, s: Structure): void {
  onlyFields(s, CLASS, 'class');
  w.closeComment();
  const isAmbient = !!s.hasDeclareKeyword;
  docs(w, s.docs);
  modifiers(w, s);
  w.write('class');
  if (!isNullOrWhitespace(s.name)) w.space().write(s.name);
  typeParameters(w, s.typeParameters);
  w.space();
  w.hangingIndent(() => {
    if (s.extends != null) {
      const text = textOf(s.extends);
      if (!isNullOrWhitespace(text)) w.write(`extends ${text} `);
    }
    if (s.implements != null) {
      const text = Array.isArray(s.implements)
        ? s.implements.map((i: unknown) => textOf(i)).join(', ')
        : textOf(s.implements);
      if (!isNullOrWhitespace(text)) w.write(`implements ${text} `);
    }
  });
  const separator = () => {
    if (w.isAtStartOfFirstLineOfBlock()) return;
    if (isAmbient) w.newLine();
    else w.blankLine();
  };
  w.inlineBlock(() => {
    const properties: Structure[] = s.properties ?? [];
    for (let i = 0; i < properties.length; i++) {
      w.conditionalNewLine(i > 0);
      printProperty(w, properties[i]!);
    }
    for (const ctor of s.ctors ?? []) {
      separator();
      printConstructor(w, ctor, isAmbient);
    }
    const methods: Structure[] = s.methods ?? [];
    if (methods.length > 0) {
      separator();
      for (let i = 0; i < methods.length; i++) {
        if (i > 0) {
          if (isAmbient) w.newLine();
          else w.blankLine();
        }
        printMethod(w, methods[i]!, isAmbient);
      }
    }
  });
}

function printProperty(w: Writer, s: Structure): void {
  onlyFields(s, PROPERTY, 'class property');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write(s.name);
  w.conditionalWrite(s.hasQuestionToken, '?');
  w.conditionalWrite(s.hasExclamationToken && !s.hasQuestionToken, '!');
  typed(w, s, ':');
  initializer(w, s);
  w.write(';');
}

function printConstructor(w: Writer, s: Structure, isAmbient: boolean): void {
  onlyFields(s, CONSTRUCTOR, 'constructor');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write('constructor');
  typeParameters(w, s.typeParameters);
  parameters(w, s.parameters);
  if (isAmbient) w.write(';');
  else {
    w.space();
    body(w, s);
  }
}

function printMethod(w: Writer, s: Structure, isAmbient: boolean): void {
  onlyFields(s, METHOD, 'method');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write(s.name);
  w.conditionalWrite(s.hasQuestionToken, '?');
  typeParameters(w, s.typeParameters);
  parameters(w, s.parameters);
  returnType(w, s);
  if (isAmbient || s.isAbstract) w.write(';');
  else {
    w.spaceIfLastNot();
    body(w, s);
  }
}

function printInterface(w: Writer, s: Structure): void {
  onlyFields(s, INTERFACE, 'interface');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write(`interface ${s.name}`);
  typeParameters(w, s.typeParameters);
  w.space();
  if (s.extends != null) {
    const text = Array.isArray(s.extends) ? s.extends.map((e: unknown) => textOf(e)).join(', ') : textOf(s.extends);
    if (!isNullOrWhitespace(text)) w.hangingIndent(() => w.write(`extends ${text} `));
  }
  w.inlineBlock(() => {
    const properties: Structure[] = s.properties ?? [];
    if (properties.length > 0 && !w.isAtStartOfFirstLineOfBlock()) w.newLine();
    for (let i = 0; i < properties.length; i++) {
      w.conditionalNewLine(i > 0);
      printPropertySignature(w, properties[i]!);
    }
    const methods: Structure[] = s.methods ?? [];
    if (methods.length > 0 && !w.isAtStartOfFirstLineOfBlock()) w.newLine();
    for (let i = 0; i < methods.length; i++) {
      w.conditionalNewLine(i > 0);
      printMethodSignature(w, methods[i]!);
    }
  });
}

function printPropertySignature(w: Writer, s: Structure): void {
  onlyFields(s, PROPERTY_SIGNATURE, 'property signature');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write(s.name);
  w.conditionalWrite(s.hasQuestionToken, '?');
  typed(w, s, ':');
  initializer(w, s);
  w.write(';');
}

function printMethodSignature(w: Writer, s: Structure): void {
  onlyFields(s, METHOD_SIGNATURE, 'method signature');
  w.closeComment();
  docs(w, s.docs);
  w.write(s.name);
  w.conditionalWrite(s.hasQuestionToken, '?');
  typeParameters(w, s.typeParameters);
  parameters(w, s.parameters);
  returnType(w, s);
  w.write(';');
}

function printTypeAlias(w: Writer, s: Structure): void {
  onlyFields(s, TYPE_ALIAS, 'type alias');
  w.closeComment();
  docs(w, s.docs);
  modifiers(w, s);
  w.write(`type ${s.name}`);
  typeParameters(w, s.typeParameters);
  typed(w, s, ' =');
  w.write(';');
}

function printVariableStatement(w: Writer, s: Structure): void {
  onlyFields(s, VARIABLE_STATEMENT, 'variable statement');
  w.closeComment();
  docs(w, s.docs);
  w.hangingIndent(() => {
    modifiers(w, s);
    w.write(`${s.declarationKind || 'let'} `);
    if (!Array.isArray(s.declarations) || s.declarations.length === 0)
      unsupported('a variable statement without declarations');
    commaSeparated(w, s.declarations, (w, item) => {
      const d = item as Structure;
      onlyFields(d, VARIABLE_DECLARATION, 'variable declaration');
      w.closeComment();
      w.write(d.name);
      w.conditionalWrite(d.hasExclamationToken, '!');
      typed(w, d, ':');
      initializer(w, d);
    });
    w.write(';');
  });
}
