// The requests a service sends rather than answers: its webhooks (OpenAPI 3.1 `webhooks`, or the `x-webhooks`
// extension OpenAPI 3.0 documents write them in) and the callbacks of its operations (`callbacks`). Each is modelled
// as an operation of a receiver: a route the generated receiver serves (a webhook at `/<name>`, a callback at its
// URL's path after the runtime expression) and a request the generated sender makes to a URL given at run time.
import { camelCase, pascalCase } from './names.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import { escapeToken } from './json-pointer.js';
import type { TypesRef } from './types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One request of a webhook or callback, before it is modelled. */
export interface ReceiverEntry {
  kind: 'webhook' | 'callback';
  /** The webhook's name, or the callback's. */
  name: string;
  method: string;
  /** A webhook's map in the document: `webhooks`, or 3.0's `x-webhooks`. */
  map?: WebhookMap;
  /** The route a generated receiver serves it at (the caller may give another). */
  path: string;
  item: any;
  op: any;
  /** A callback's URL expression as the spec writes it (`{$request.query.callbackUrl}/data`). */
  expression?: string;
  /** The operation that declares a callback (its identifier). */
  owner?: string;
  /** Its type in the types module: `webhooks["newPet"]["post"]`, `callbacks["subscribe.onEvent"]["post"]`. */
  typesRef: TypesRef;
  /** The identifier the entry is named from, before names are made unique. */
  baseName: string;
  /** The key of its path item in the emitted `callbacks` interface (callbacks only). */
  callbackKey?: string;
}

/** Where a document writes its webhooks: OpenAPI 3.1's `webhooks`, or the `x-webhooks` extension (Redoc's, for 3.0). */
export type WebhookMap = 'webhooks' | 'x-webhooks';

/** A webhook the model reads: its name, its path item as the document writes it (maybe a `$ref`), and its map. */
export interface WebhookSource {
  name: string;
  item: unknown;
  map: WebhookMap;
}

/**
 * The webhooks of a document, read the same whichever map holds them: every entry of `webhooks`, then every entry
 * of `x-webhooks` whose name `webhooks` does not hold (a 3.1 document may keep both forms); `shadowed` names the
 * `x-webhooks` entries left out for a `webhooks` entry of that name whose path item differs.
 */
export function webhookSources(document: OpenApiDocument): {
  webhooks: WebhookSource[];
  shadowed: string[];
  /** The pointers of what is not a map or not a path item where the extension should have one. */
  malformed: string[];
} {
  const own = objectOrEmpty((document as Record<string, unknown>).webhooks);
  const written = (document as Record<string, unknown>)['x-webhooks'];
  const extension = objectOrEmpty(written);
  const malformed = written !== undefined && extension !== written ? ['#/x-webhooks'] : [];
  const webhooks: WebhookSource[] = Object.entries(own).map(([name, item]) => ({ name, item, map: 'webhooks' }));
  const shadowed: string[] = [];
  for (const [name, item] of Object.entries(extension)) {
    if (objectOrEmpty(item) !== item) malformed.push(`#/x-webhooks/${escapeToken(name)}`);
    else if (!Object.hasOwn(own, name)) webhooks.push({ name, item, map: 'x-webhooks' });
    else if (JSON.stringify(item) !== JSON.stringify(own[name])) shadowed.push(name);
  }
  return { webhooks, shadowed, malformed };
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : EMPTY;
}

/**
 * Every webhook and callback request of the document, in document order: webhooks by name, then the callbacks
 * of each operation (given by its identifier and operation object).
 */
export function receiverEntries(
  document: OpenApiDocument,
  operations: Array<{ id: string; op: any }>,
): ReceiverEntry[] {
  const entries: ReceiverEntry[] = [];
  const used = new Set<string>();
  const route = (method: string, candidates: string[]) => {
    const path = candidates.find((p) => !used.has(`${method} ${p}`)) ?? candidates[candidates.length - 1]!;
    used.add(`${method} ${path}`);
    return path;
  };
  for (const { name, item: raw, map } of webhookSources(document).webhooks) {
    const item = resolveRef<any>(document, raw);
    const methods = METHODS.filter((m) => item?.[m]);
    for (const method of methods) {
      const segment = /^[A-Za-z0-9._~-]+$/.test(name) ? name : encodeURIComponent(name);
      entries.push({
        kind: 'webhook',
        name,
        method,
        map,
        path: route(method, [`/${segment}`, `/${segment}/${method}`]),
        item,
        op: item[method],
        typesRef: ['webhooks', name, method],
        baseName: suffixed(`${camelCase(name)}${methods.length > 1 ? pascalCase(method) : ''}`, 'Webhook'),
      });
    }
  }
  for (const { id, op: owner } of operations) {
    for (const [name, raw] of Object.entries<any>(owner?.callbacks ?? {})) {
      const callback = resolveRef<any>(document, raw) ?? {};
      const expressions = Object.keys(callback).filter((k) => !k.startsWith('x-'));
      expressions.forEach((expression, index) => {
        const item = resolveRef<any>(document, callback[expression]);
        const methods = METHODS.filter((m) => item?.[m]);
        const callbackKey = `${id}.${name}${expressions.length > 1 ? `.${index + 1}` : ''}`;
        for (const method of methods) {
          const own = callbackPath(expression);
          const segment = camelCase(name);
          entries.push({
            kind: 'callback',
            name,
            method,
            path: route(method, [
              own,
              `/${segment}${own === '/' ? '' : own}`,
              `/${id}/${segment}${own === '/' ? '' : own}`,
            ]),
            item,
            op: item[method],
            expression,
            owner: id,
            typesRef: ['callbacks', callbackKey, method],
            baseName: suffixed(
              `${id}${pascalCase(name)}${expressions.length > 1 ? String(index + 1) : ''}${methods.length > 1 ? pascalCase(method) : ''}`,
              'Callback',
            ),
            callbackKey,
          });
        }
      });
    }
  }
  return entries;
}

/**
 * The path a receiver of a callback serves by default: what its URL expression adds after the runtime expression
 * that gives the subscriber's URL (`{$request.query.callbackUrl}/data` -> `/data`), or the path of an absolute
 * URL; a runtime expression inside the path, a query or a fragment is left out.
 */
export function callbackPath(expression: string): string {
  let rest = expression.replace(/^\{\$[^}]*\}/, '');
  rest = rest.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  rest = rest.replace(/[?#].*$/, '').replace(/\{\$[^}]*\}/g, '');
  rest = `/${rest}`.replace(/\/{2,}/g, '/');
  return rest.length > 1 ? rest.replace(/\/$/, '') : '/';
}

/** The name with the suffix, once (`statusCallback` stays, `onData` becomes `onDataCallback`). */
function suffixed(name: string, suffix: string): string {
  return name.endsWith(suffix) ? name : `${name}${suffix}`;
}
