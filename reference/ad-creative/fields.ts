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

const NAME = /^[A-Za-z0-9_]+/;
const BLANK = /^[ \t\r\n]*/;

/** Parsed selections by their text: the same few selections come back on most reads; bounded, oldest out first. */
const parsed = new Map<string, Selection>();
const MAX_PARSED = 256;

/** The selection `text` names (shared between callers: read it, never change it); error 2500 when unparseable. */
export function parseFields(text: string): Selection {
  let selection = parsed.get(text);
  if (!selection) {
    selection = parseText(text);
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, selection);
  }
  return selection;
}

function parseText(text: string): Selection {
  let i = 0;
  const fail = (expected: string): never => {
    throw graphError(
      2500,
      `Syntax error "Expected ${expected} instead of "${text[i] ?? 'end of string'}"." at character ${i}: ${text}`,
      { http: 400 },
    );
  };
  const blanks = () => {
    i += BLANK.exec(text.slice(i))![0].length;
  };
  const modifier = (field: SelectedField) => {
    i++; // '.'
    const name = NAME.exec(text.slice(i))?.[0] ?? fail('a modifier name');
    i += name.length;
    if (text[i] !== '(') fail('"("');
    const close = text.indexOf(')', i);
    if (close < 0) fail('")"');
    const arg = text.slice(i + 1, close).trim();
    if (name === 'as') {
      if (!/^[A-Za-z0-9_]+$/.test(arg)) fail('an alias name');
      field.alias = arg;
    }
    i = close + 1;
  };
  const list = (closing: string | undefined): Selection => {
    const out: Selection = [];
    for (;;) {
      blanks();
      if (text[i] === ',') {
        // An empty item (a doubled or trailing comma) selects nothing.
        i++;
        continue;
      }
      if (i >= text.length || text[i] === closing) return out;
      const name = NAME.exec(text.slice(i))?.[0] ?? fail('a field name');
      i += name.length;
      const field: SelectedField = { name };
      blanks();
      while (text[i] === '.') {
        modifier(field);
        blanks();
      }
      if (text[i] === '{') {
        i++;
        field.nested = list('}');
        if (text[i] !== '}') fail('"}"');
        i++;
        blanks();
        while (text[i] === '.') {
          modifier(field);
          blanks();
        }
      }
      out.push(field);
      blanks();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (i >= text.length || text[i] === closing) return out;
      fail(closing ? `"," or "${closing}"` : '"," or end of string');
    }
  };
  const selection = list(undefined);
  if (i !== text.length) fail('end of string');
  return selection;
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
