// Every `{name}` of a path template as a path parameter: OpenAPI says "each template expression in the path MUST
// correspond to a path parameter", and no request can be made without a value for it. Documents that miss one are
// read as their authors meant, with a warning naming the place, instead of refusing the whole document.
import { escapeToken } from './json-pointer.js';
import type { SchemaWarning } from './normalise-schemas.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import { METHODS } from './methods.js';
import { pathKeyParts } from './path-key-query.js';

/**
 * The document with each template name declared as a path parameter of each operation under it: a parameter of
 * that name declared in another place (Intercom's `in: query`) becomes the path's, in its place in the list; one not
 * declared at all is added as a required string. Path items and operations that change are copies; the rest is
 * shared with `document`.
 */
export function declarePathTemplates(
  document: OpenApiDocument,
  warn: (warning: SchemaWarning) => void,
): OpenApiDocument {
  let paths: Record<string, unknown> | undefined;
  for (const [path, raw] of Object.entries<any>(document.paths ?? {})) {
    // The templates a request carries a value for: the path's, and a key query's pair values (`lat={lat}`); one
    // that names a pair (clicksend's `?{search}=1`) or sits in the #fragment names no value.
    const key = pathKeyParts(path);
    const names = [
      ...[...key.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
      ...key.pairs.flatMap((p) => (p.parameter ? [p.parameter] : [])),
    ];
    if (!raw || typeof raw !== 'object') continue;
    const itemPointer = `#/paths/${escapeToken(path)}`;
    let item = raw;
    const declared = (list: unknown) =>
      (Array.isArray(list) ? list : []).map((p) => safeResolve(document, p)).filter((p) => p && typeof p === 'object');
    for (const method of METHODS) {
      if (!item[method] || typeof item[method] !== 'object') continue;
      for (const name of names) {
        const op = item[method];
        const all = [...declared(item.parameters), ...declared(op.parameters)];
        if (all.some((p: any) => p.in === 'path' && p.name === name)) continue;
        // The operation's own list first: it overrides the path item's.
        const opIndex = indexElsewhere(document, op.parameters, name);
        const onItem = opIndex === undefined;
        const index = onItem ? indexElsewhere(document, item.parameters, name) : opIndex;
        if (index !== undefined) {
          const owner = onItem ? item : op;
          const p = safeResolve(document, owner.parameters[index]);
          const { style: _style, explode: _explode, allowReserved: _reserved, ...rest } = p;
          const list = [...owner.parameters];
          list[index] = { ...rest, in: 'path', required: true };
          warn({
            pointer: `${itemPointer}${onItem ? '' : `/${method}`}/parameters/${index}`,
            message: `${p.in} parameter ${name} is named in the path template; read as a path parameter`,
          });
          item = onItem ? { ...item, parameters: list } : { ...item, [method]: { ...op, parameters: list } };
        } else {
          warn({
            pointer: `${itemPointer}/${method}`,
            message: `path template {${name}} has no path parameter declared; read as a required string`,
          });
          const added = { name, in: 'path', required: true, schema: { type: 'string' } };
          item = {
            ...item,
            [method]: { ...op, parameters: [...(Array.isArray(op.parameters) ? op.parameters : []), added] },
          };
        }
      }
    }
    item = withoutUntemplatedPaths(document, item, path, names, warn);
    if (item !== raw) (paths ??= { ...document.paths })[path] = item;
  }
  return paths ? { ...document, paths } : document;
}

/**
 * The path item without its path parameters that no template expression of the path names (none at all, or one
 * only inside the key's `#fragment`, which no request carries: Mastercard's `/send/#env/v1/partners/{partnerId}/...`):
 * no request can carry such a value, and a server demanding it refuses every request. Each is left out with a warning.
 */
function withoutUntemplatedPaths(
  document: OpenApiDocument,
  raw: any,
  path: string,
  names: string[],
  warn: (warning: SchemaWarning) => void,
): any {
  const itemPointer = `#/paths/${escapeToken(path)}`;
  const fragment = /#(.*)$/.exec(path)?.[1] ?? '';
  const kept = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return list;
    const out = list.filter((entry, index) => {
      const p = safeResolve(document, entry);
      if (!p || typeof p !== 'object' || p.in !== 'path' || typeof p.name !== 'string' || names.includes(p.name))
        return true;
      const where = fragment.includes(`{${p.name}}`)
        ? "only inside the path key's #fragment"
        : path.includes(`{${p.name}}`)
          ? "only as a query pair's name in the path key, which takes the name as written"
          : 'by no template expression of the path';
      warn({
        pointer: `${at}/parameters/${index}`,
        message: `path parameter ${p.name} is named ${where}: no request can carry it; left out`,
      });
      return false;
    });
    return out.length === list.length ? list : out;
  };
  let item = raw;
  const own = kept(item.parameters, itemPointer);
  if (own !== item.parameters) item = { ...item, parameters: own };
  for (const method of METHODS) {
    const op = item[method];
    if (!op || typeof op !== 'object') continue;
    const list = kept(op.parameters, `${itemPointer}/${method}`);
    if (list !== op.parameters) item = { ...item, [method]: { ...op, parameters: list } };
  }
  return item;
}

/** Where in `list` a parameter named `name` sits in a place other than the path (a query, header or cookie one). */
function indexElsewhere(document: OpenApiDocument, list: unknown, name: string): number | undefined {
  if (!Array.isArray(list)) return undefined;
  const index = list.findIndex((raw) => {
    const p = safeResolve(document, raw);
    return p && typeof p === 'object' && p.name === name && p.in !== 'path';
  });
  return index < 0 ? undefined : index;
}

/** A parameter with its reference followed; undefined where the reference leads nowhere (the model names that). */
function safeResolve(document: OpenApiDocument, node: unknown): any {
  try {
    return resolveRef(document, node);
  } catch {
    return undefined;
  }
}
