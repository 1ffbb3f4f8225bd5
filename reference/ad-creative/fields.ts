// Graph field expansion (public-service notes 1.6): `fields=a, b{c,d{e}}, f.as(g), h.limit(5)` at any
// depth, with blanks around names. An unparseable selection is error 2500 (ADC-FIELDS-1); a field the node
// does not have is error 100 naming it. Modifiers other than .as(alias) only matter on edges, and a creative
// has none, so they are parsed and have no effect.
import { graphError } from '../../generated/ad-creative/server.js';

export interface SelectedField {
  name: string;
  /** .as(alias): the answer carries the value under this key. */
  alias?: string;
  /** name{...}: the members to keep of an object (or of each object of a list); empty braces keep all. */
  nested?: Selection;
}
export type Selection = SelectedField[];

/** Sticky: each matches at `lastIndex` only (no copy of the rest of the text per token). */
const NAME = /[A-Za-z0-9_]+/y;
const BLANK = /[ \t\r\n]*/y;

/**
 * Parsed selections by their text: the same selections come back on most reads; bounded, oldest out first. A
 * selection is a few hundred bytes, so 4,096 hold about 2 MB; fewer than a client's selections (the read mix's
 * creative lists ask 1,024) made every read parse one and keep it, an object that outlived young collections.
 */
const parsed = new Map<string, Selection>();
const MAX_PARSED = 4096;

/** The selection `text` names (shared between callers: read it, never change it); error 2500 when unparseable. */
export function parseFields(text: string): Selection {
  let selection = parsed.get(text);
  if (!selection) {
    selection = new FieldsParser(text).selection();
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, selection);
  }
  return selection;
}

/** One selection's text read from its start (methods rather than closures made per parse). */
class FieldsParser {
  private i = 0;

  constructor(private readonly text: string) {}

  selection(): Selection {
    const selection = this.list(undefined);
    if (this.i !== this.text.length) this.fail('end of string');
    return selection;
  }

  private fail(expected: string): never {
    const { text, i } = this;
    throw graphError(
      2500,
      `Syntax error "Expected ${expected} instead of "${text[i] ?? 'end of string'}"." at character ${i}: ${text}`,
      { http: 400 },
    );
  }

  private blanks(): void {
    BLANK.lastIndex = this.i;
    BLANK.exec(this.text);
    this.i = BLANK.lastIndex;
  }

  /** The name at the cursor (moved past it), or undefined. */
  private name(): string | undefined {
    NAME.lastIndex = this.i;
    const name = NAME.exec(this.text)?.[0];
    if (name !== undefined) this.i += name.length;
    return name;
  }

  private modifier(field: SelectedField): void {
    const { text } = this;
    this.i++; // '.'
    const name = this.name() ?? this.fail('a modifier name');
    if (text[this.i] !== '(') this.fail('"("');
    const close = text.indexOf(')', this.i);
    if (close < 0) this.fail('")"');
    const arg = text.slice(this.i + 1, close).trim();
    if (name === 'as') {
      if (!/^[A-Za-z0-9_]+$/.test(arg)) this.fail('an alias name');
      field.alias = arg;
    }
    this.i = close + 1;
  }

  private list(closing: string | undefined): Selection {
    const { text } = this;
    const out: Selection = [];
    for (;;) {
      this.blanks();
      if (text[this.i] === ',') {
        // An empty item (a doubled or trailing comma) selects nothing.
        this.i++;
        continue;
      }
      if (this.i >= text.length || text[this.i] === closing) return out;
      const name = this.name() ?? this.fail('a field name');
      const field: SelectedField = { name };
      this.blanks();
      while (text[this.i] === '.') {
        this.modifier(field);
        this.blanks();
      }
      if (text[this.i] === '{') {
        this.i++;
        field.nested = this.list('}');
        if (text[this.i] !== '}') this.fail('"}"');
        this.i++;
        this.blanks();
        while (text[this.i] === '.') {
          this.modifier(field);
          this.blanks();
        }
      }
      out.push(field);
      this.blanks();
      if (text[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.i >= text.length || text[this.i] === closing) return out;
      this.fail(closing ? `"," or "${closing}"` : '"," or end of string');
    }
  }
}

/** The selected members of a value (objects, lists of objects); scalars are answered whole. */
export function pick(value: unknown, selection: Selection): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, selection));
  if (!value || typeof value !== 'object' || selection.length === 0) return value;
  const out: Record<string, unknown> = {};
  for (const field of selection) {
    const v = (value as Record<string, unknown>)[field.name];
    if (v !== undefined) out[field.alias ?? field.name] = field.nested ? pick(v, field.nested) : v;
  }
  return out;
}

/**
 * The selection a read's `fields` asks for: each top-level field must be one the node type has, else error 100
 * naming it; without `fields`, the type's defaults. Made once per request, then picked from each node.
 */
export function selectionOf(
  fields: string | undefined,
  known: ReadonlySet<string>,
  type: string,
  defaults: readonly string[],
): Selection {
  const selection: Selection =
    fields !== undefined && fields.trim() !== '' ? parseFields(fields) : defaults.map((name) => ({ name }));
  for (const field of selection) {
    if (!known.has(field.name))
      throw graphError(100, `(#100) Tried accessing nonexisting field (${field.name}) on node type (${type})`, {
        http: 400,
      });
  }
  return selection;
}

/** The node as a read with `selection` answers it: the selected top-level fields plus id, and no others (ADC-READ-1). */
export function pickNode(node: Record<string, unknown>, selection: Selection): Record<string, unknown> {
  return { id: node.id, ...(pick(node, selection) as Record<string, unknown>) };
}

/** The node as a read with `fields` answers it (selectionOf, then pickNode). */
export function selectNode(
  node: Record<string, unknown>,
  fields: string | undefined,
  known: ReadonlySet<string>,
  type: string,
  defaults: readonly string[],
): Record<string, unknown> {
  return pickNode(node, selectionOf(fields, known, type, defaults));
}
