// Copied from templates/runtime/server/form-fields.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The fields of a form-encoded or multipart body read back from its name/value pairs, as the client's encoding
// wrote them: array and object fields in their style (form, spaceDelimited, pipeDelimited, deepObject; explode),
// and nested fields in brackets (`address[city]=Paris`, `tags[0]=a`, `tags[]=a`) whatever the style, as
// deepObject, Rails, PHP and qs write them. Values stay text; validation coerces them to their schema's types.
import { BodyParseError } from './body-errors.js';

/** An array or object field of a form body and the style its encoding writes it in. */
export interface StyledFieldDef {
  name: string;
  type: 'array' | 'object';
  style: string;
  explode: boolean;
}

/** How a body's fields are read: its styled fields, and every top-level field it declares. */
export interface FormFieldsDef {
  styledFields?: StyledFieldDef[];
  fields?: string[];
}

/** An object without a prototype: a field named `__proto__` or `constructor` is what was sent. */
const record = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/** `name[a][0][]` -> ['name', 'a', '0', '']; undefined for a name that is not of that form. */
function bracketPath(key: string): string[] | undefined {
  const open = key.indexOf('[');
  if (open <= 0 || !key.endsWith(']')) return undefined;
  const segments = [key.slice(0, open)];
  const inner = key.slice(open + 1, -1);
  for (const segment of inner.split('][')) {
    if (segment.includes('[') || segment.includes(']')) return undefined;
    segments.push(segment);
  }
  return segments;
}

const INDEX = /^(0|[1-9]\d{0,8})$/;

/** A node of bracket keys made an array where every key is an index (in index order) or `[]`, at every depth. */
function settle(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const entries = Object.entries(node as Record<string, unknown>);
  const settled = record();
  for (const [key, value] of entries) settled[key] = settle(value);
  if (entries.length > 0 && entries.every(([key]) => INDEX.test(key)))
    return entries
      .map(([key]) => Number(key))
      .sort((a, b) => a - b)
      .map((i) => settled[String(i)]);
  return settled;
}

/** Puts a bracketed key's values into `into` (`[]` appends each value; a repeated key keeps its last value). */
function place(into: Record<string, unknown>, path: string[], values: unknown[], maxDepth: number, key: string): void {
  if (path.length - 1 > maxDepth) throw new BodyParseError(`nests fields deeper than ${maxDepth} levels`, key);
  let node = into;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i]!;
    const next = path[i + 1]!;
    if (next === '') {
      // `name[]` (or `name[a][]`): the values are the array's items.
      const list = (Array.isArray(node[segment]) ? node[segment] : []) as unknown[];
      list.push(...values);
      node[segment] = list;
      return;
    }
    const child = node[segment];
    if (child === null || typeof child !== 'object' || Array.isArray(child)) node[segment] = record();
    node = node[segment] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = values[values.length - 1];
}

/**
 * The body's fields from its pairs in the order sent. A repeated plain field keeps its last value, except an
 * exploded array's items and, where `repeatsAreArrays` (multipart), any repeated part; an exploded form object
 * gathers the fields the body does not declare.
 */
export function formFields(
  pairs: Iterable<readonly [string, unknown]>,
  def: FormFieldsDef,
  maxDepth: number,
  repeatsAreArrays = false,
): Record<string, unknown> {
  const all = new Map<string, unknown[]>();
  for (const [name, value] of pairs) {
    const values = all.get(name);
    if (values) values.push(value);
    else all.set(name, [value]);
  }
  const declared = new Set(def.fields ?? []);
  const styled = new Map((def.styledFields ?? []).map((f) => [f.name, f]));
  const out = record();
  const nested = record();
  for (const [name, values] of all) {
    const path = declared.has(name) ? undefined : bracketPath(name);
    if (path) place(nested, path, values, maxDepth, name);
    else out[name] = repeatsAreArrays && values.length > 1 ? values : values[values.length - 1];
  }
  for (const field of styled.values()) {
    const values = all.get(field.name);
    if (values === undefined) continue;
    out[field.name] = plainStyled(field, values as string[]);
  }
  // Bracketed fields win over a plain one of the same name (a qs-style client may send both forms).
  for (const [name, value] of Object.entries(nested)) out[name] = settle(value);
  for (const field of styled.values()) {
    if (field.type !== 'object' || field.style !== 'form' || !field.explode || field.name in out) continue;
    const taken = Object.keys(out).filter((k) => !declared.has(k));
    if (taken.length === 0) continue;
    const gathered = record();
    for (const k of taken) {
      gathered[k] = out[k];
      delete out[k];
    }
    out[field.name] = gathered;
  }
  return out;
}

/** A styled field sent under its own name: its items or members from the text(s) sent. */
function plainStyled(field: StyledFieldDef, values: string[]): unknown {
  const last = values[values.length - 1]!;
  if (field.type === 'array') {
    if (field.style === 'form' && field.explode) return values;
    if (last === '') return [];
    return last.split(field.style === 'spaceDelimited' ? ' ' : field.style === 'pipeDelimited' ? '|' : ',');
  }
  // An object under its own name: `k,v,k,v` (form, not exploded). OpenAPI's style table defines no object form for
  // spaceDelimited or pipeDelimited: the client writes those as form does, so they are read so too.
  const pairsStyle = (field.style === 'form' && !field.explode) || /^(space|pipe)Delimited$/.test(field.style);
  if (!pairsStyle) return last;
  const parts = last === '' ? [] : last.split(',');
  if (parts.length % 2 !== 0) return last;
  const members = record();
  for (let i = 0; i < parts.length; i += 2) members[parts[i]!] = parts[i + 1];
  return members;
}
