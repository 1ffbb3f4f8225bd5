// Copied from templates/runtime/client/form-body.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The fields of an application/x-www-form-urlencoded or multipart/form-data body as name/value pairs, each written
// as its media type's `encoding` says (OpenAPI's style and explode; form + explode where it says nothing): arrays
// `tags=a&tags=b` (or `tags=a,b`, `a b`, `a|b`), objects `address[city]=Paris` (deepObject) or their own members
// (form + explode). A value the style has no form for (an object or array inside a member) is written in brackets,
// `name[key]` and `name[0]`, as deepObject, Rails, PHP and qs write nested fields. Only a client whose spec has
// such bodies carries it (the core gets it through its profile).
import { bracketPairs, definedItems, isComposite, scalarText } from './bracket-pairs.js';
import type { FormEncoding } from './core.js';

/** The pairs of one field in its style (OpenAPI's style table, nested values in brackets). */
export function styledPairs(name: string, value: unknown, style: string, explode: boolean): Array<[string, string]> {
  if (!isComposite(value)) return [[name, scalarText(value)]];
  if (style === 'deepObject') return bracketPairs(name, value);
  if (Array.isArray(value)) {
    if (value.some(isComposite)) return bracketPairs(name, value);
    const items = definedItems(value).map(scalarText);
    if (style === 'form' && explode) return items.map((v) => [name, v]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, items.join(separator)]];
  }
  const members = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
  if (style === 'form' && explode)
    return members.flatMap(([k, v]) =>
      isComposite(v) ? bracketPairs(k, v) : [[k, scalarText(v)] as [string, string]],
    );
  if (members.some(([, v]) => isComposite(v))) return bracketPairs(name, value);
  return [[name, members.flatMap(([k, v]) => [k, scalarText(v)]).join(',')]];
}

/** The body's fields as pairs, in the order given: JSON fields as JSON text, the rest in their style. */
export function formPairs(value: Record<string, unknown>, encoding: FormEncoding = {}): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, field] of Object.entries(value)) {
    if (field === undefined || field === null) continue;
    if (encoding.json?.includes(name)) {
      pairs.push([name, typeof field === 'string' ? field : JSON.stringify(field)]);
      continue;
    }
    const { style, explode } = encoding.styles?.[name] ?? { style: 'form', explode: true };
    pairs.push(...styledPairs(name, field, style, explode));
  }
  return pairs;
}

/**
 * A multipart/form-data body (fetch writes its content type with the boundary): bytes become file parts, an
 * array of scalars or bytes one part per item, a field with a style its styled pairs, an object its JSON text;
 * a part whose encoding names a content type is sent with it. Where parts carry headers of their own, the body is
 * written here with its content type (FormData has no place for a part's headers).
 */
export function multipartBody(
  value: Record<string, unknown>,
  encoding: FormEncoding = {},
): FormData | { body: Blob; contentType: string } {
  const form = new FormData();
  const append = (name: string, item: unknown) => {
    if (item === undefined || item === null) return;
    const type = encoding.partTypes?.[name];
    if (item instanceof Blob) form.append(name, item, item instanceof File ? item.name : name);
    else if (item instanceof Uint8Array)
      form.append(name, new Blob([new Uint8Array(item)], type ? { type } : {}), name);
    else {
      const text = isComposite(item) ? JSON.stringify(item) : scalarText(item);
      // A part with a content type of its own is a Blob part (FormData writes no Content-Type for text).
      if (type && !/^text\/plain\b/i.test(type)) form.append(name, new Blob([text], { type }), name);
      else form.append(name, text);
    }
  };
  for (const [name, item] of Object.entries(value)) {
    const styled = encoding.styles?.[name];
    if (styled && !encoding.json?.includes(name) && isComposite(item) && !isBytes(item)) {
      for (const [key, text] of styledPairs(name, item, styled.style, styled.explode)) form.append(key, text);
    } else if (Array.isArray(item) && item.every((i) => !isComposite(i) || isBytes(i)))
      for (const i of item) append(name, i);
    else append(name, item);
  }
  const headers = encoding.partHeaders;
  const given =
    headers && Object.keys(value).some((name) => Object.values(headers[name] ?? {}).some((v) => v !== undefined));
  return given ? withPartHeaders(form, headers) : form;
}

/** RFC 9110's token: a header name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A name in a Content-Disposition parameter, escaped as the HTML standard's form encoding escapes it. */
const dispositionName = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** The form's parts written as multipart/form-data, each field's parts with the headers given for that field. */
function withPartHeaders(
  form: FormData,
  headers: NonNullable<FormEncoding['partHeaders']>,
): { body: Blob; contentType: string } {
  const boundary = `----form-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const pieces: Array<string | Blob> = [];
  // forEach, not entries(): a user's project may compile without the DOM's iterable declarations.
  form.forEach((part, name) => {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${dispositionName(name)}"`;
    if (typeof part === 'string') head += '\r\n';
    else
      head += `; filename="${dispositionName(part.name)}"\r\nContent-Type: ${part.type || 'application/octet-stream'}\r\n`;
    for (const [header, text] of Object.entries(headers[name] ?? {})) {
      if (text === undefined) continue;
      if (!TOKEN.test(header) || /[\r\n\0]/.test(String(text)))
        throw new TypeError(`multipart part ${JSON.stringify(name)}: header ${JSON.stringify(header)} cannot be sent`);
      head += `${header}: ${text}\r\n`;
    }
    pieces.push(`${head}\r\n`, part, '\r\n');
  });
  pieces.push(`--${boundary}--\r\n`);
  return { body: new Blob(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

const isBytes = (value: unknown) => value instanceof Blob || value instanceof Uint8Array;
