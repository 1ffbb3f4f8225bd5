// What emitters/types.ts needs of openapi-typescript that its entry point does not export, built from what it does,
// and the one workaround of a fault of its own (withoutPercentSigns).
import {
  createRef,
  type GlobalContext,
  getEntries,
  type PathItemObject,
  transformPathItemObject,
  tsModifiers,
  tsPropertyIndex,
} from 'openapi-typescript';
import ts from 'typescript';

/**
 * The type of a map of path items, one property per name, as the library types its `webhooks` (its unexported
 * transformWebhooksObject, 7.13): the property `<name>` holds the path item's type, written at `#/webhooks/<name>`.
 */
export function pathItemsType(items: Record<string, PathItemObject>, ctx: GlobalContext): ts.TypeLiteralNode {
  return ts.factory.createTypeLiteralNode(
    getEntries(items, ctx).map(([name, item]) =>
      ts.factory.createPropertySignature(
        tsModifiers({ readonly: ctx.immutable }),
        tsPropertyIndex(name),
        undefined,
        transformPathItemObject(item, { path: createRef(['webhooks', name]), ctx }),
      ),
    ),
  );
}

/**
 * The document with every `%` in a name (a key, a `$ref`'s token, a `required` entry, a parameter's name, a
 * discriminator's property name or mapping) written as a marker found nowhere in it, and the way back for what the transform makes of it.
 *
 * openapi-typescript 7.13 builds the JSON pointer of each schema it types from the keys on the way, escaping `~` and
 * `/` only, and reads it back through its own copy of Redocly's openapi-core (1.34), whose `parseRef` percent-decodes
 * each token with decodeURIComponent: a name holding a `%` that is no URI escape (`Rate%Limit`, then a property of
 * it) throws `URIError: URI malformed` (openapi-ts/openapi-typescript#2251, open; the fix proposed is
 * openapi-ts/openapi-typescript#2828). Without a `%` in any name there is nothing to decode. The marker is made of
 * characters that are neither letters nor digits, as `%` is, so the root types' names (`SchemaRateLimit`) and the
 * choice between an identifier and a quoted key come out as for the name as written; `restore` writes the `%` back
 * into the nodes' names, literals and comments.
 */
export function withoutPercentSigns(document: unknown): {
  document: unknown;
  restore: <T extends ts.Node>(nodes: T[]) => T[];
  restoreText: (text: string) => string;
} {
  const text = JSON.stringify(document);
  let marker = '^';
  while (text.includes(marker)) marker += '^';
  const name = (key: string) => key.replaceAll('%', marker);
  const ref = ($ref: string) => {
    const hash = $ref.indexOf('#');
    if (hash < 0 || !$ref.includes('%', hash)) return $ref;
    // Each token percent-decoded where it is an escape (as Redocly's openapi-core 2 reads it), else as written.
    const tokens = $ref
      .slice(hash + 1)
      .split('/')
      .map((token) => {
        try {
          return decodeURIComponent(token);
        } catch {
          return token;
        }
      });
    return $ref.slice(0, hash + 1) + tokens.map(name).join('/');
  };
  const rewrite = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node))
      return key === 'required' ? node.map((n) => (typeof n === 'string' ? name(n) : n)) : node.map((n) => rewrite(n));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out[k] = ref(v);
      // A parameter's name is a key of the type the transform makes of its `in`.
      else if (k === 'name' && typeof v === 'string' && typeof (node as { in?: unknown }).in === 'string')
        out[k] = name(v);
      else if (k === 'discriminator' && v && typeof v === 'object') {
        const { propertyName, mapping } = v as { propertyName?: unknown; mapping?: Record<string, unknown> };
        out[k] = {
          ...v,
          ...(typeof propertyName === 'string' ? { propertyName: name(propertyName) } : {}),
          ...(mapping && typeof mapping === 'object'
            ? {
                mapping: Object.fromEntries(
                  Object.entries(mapping).map(([value, target]) => [
                    value,
                    typeof target === 'string' ? (target.includes('#') ? ref(target) : name(target)) : target,
                  ]),
                ),
              }
            : {}),
        };
      } else out[name(k)] = rewrite(v, k);
    }
    return out;
  };
  const restoreText = (s: string) => s.replaceAll(marker, '%');
  const restore = <T extends ts.Node>(nodes: T[]): T[] =>
    ts.transform(nodes, [
      (context) => (root) => {
        const visit = (node: ts.Node): ts.Node => {
          const comments = ts.getSyntheticLeadingComments(node);
          if (comments?.some((c) => c.text.includes(marker)))
            ts.setSyntheticLeadingComments(
              node,
              comments.map((c) => ({ ...c, text: restoreText(c.text) })),
            );
          if (ts.isIdentifier(node) && node.text.includes(marker))
            return ts.factory.createIdentifier(restoreText(node.text));
          if (ts.isStringLiteral(node) && node.text.includes(marker))
            return ts.factory.createStringLiteral(restoreText(node.text));
          return ts.visitEachChild(node, visit, context);
        };
        return ts.visitNode(root, visit) as T;
      },
    ]).transformed;
  return { document: rewrite(document), restore, restoreText };
}
