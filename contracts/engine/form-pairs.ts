// An application/x-www-form-urlencoded body as OpenAPI writes it: each member in the style its media type's
// `encoding` gives, else form with explode (OpenAPI: the Encoding Object's defaults are the query parameters'). So
// an array is its key repeated (`tags=a&tags=b`) and an object its own members (`city=Paris&zip=75001`), never JSON
// text, which a reader of the document parses as a string (the generated server and Prism both refuse `{}` for an
// object member). A member its encoding makes JSON (`contentType: application/json`) travels as JSON text. What no
// style writes (an object or array inside a member) goes in brackets, `name[key]`, as deepObject does.
import type { RequestBodyModel } from '../../generator/model/index.js';

type Pair = [string, string];

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const isComposite = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** `name[key]=v` / `name[0]=v` pairs of a value at any depth. */
function bracketPairs(name: string, value: unknown, out: Pair[] = []): Pair[] {
  if (value === undefined) return out;
  if (Array.isArray(value)) value.forEach((item, i) => bracketPairs(`${name}[${i}]`, item, out));
  else if (isComposite(value))
    for (const [key, member] of Object.entries(value)) bracketPairs(`${name}[${key}]`, member, out);
  else out.push([name, text(value)]);
  return out;
}

/** One member's pairs in its style (OpenAPI's style table for form, space- and pipe-delimited, deepObject). */
function styledPairs(name: string, value: unknown, style: string, explode: boolean): Pair[] {
  if (!isComposite(value)) return [[name, text(value)]];
  if (style === 'deepObject') return bracketPairs(name, value);
  if (Array.isArray(value)) {
    if (value.some(isComposite)) return bracketPairs(name, value);
    if (style === 'form' && explode) return value.map((item) => [name, text(item)]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, value.map(text).join(separator)]];
  }
  const members = Object.entries(value).filter(([, v]) => v !== undefined);
  if (style === 'form' && explode)
    return members.flatMap(([k, v]) => (isComposite(v) ? bracketPairs(k, v) : [[k, text(v)] as Pair]));
  if (members.some(([, v]) => isComposite(v))) return bracketPairs(name, value);
  return [[name, members.flatMap(([k, v]) => [k, text(v)]).join(',')]];
}

/** The pairs of one member of a form body, as its encoding (or the default, form + explode) writes it. */
export function memberPairs(body: RequestBodyModel, name: string, value: unknown): Pair[] {
  if (value === undefined) return [];
  if (body.jsonFields.some((f) => f.name === name)) return [[name, text(value)]];
  const styled = body.styledFields.find((f) => f.name === name);
  return styledPairs(name, value, styled?.style ?? 'form', styled?.explode ?? true);
}

/** A form body's text: its members' pairs in order. */
export function formText(body: RequestBodyModel, value: unknown): string {
  const form = new URLSearchParams();
  for (const [name, member] of Object.entries((value ?? {}) as Record<string, unknown>))
    for (const [k, v] of memberPairs(body, name, member)) form.append(k, v);
  return form.toString();
}
