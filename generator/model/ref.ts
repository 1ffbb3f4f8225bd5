// The one follower of a bundled document's internal references (`#/components/...`); bundling itself is
// Redocly's (load.ts), so no external reference is left to follow.
import type { OpenAPI3, ReferenceObject } from 'openapi-typescript';
import { fragmentTokens } from './json-pointer.js';

/** A bundled OpenAPI document: one object, internal `#/components/...` refs kept. */
export type OpenApiDocument = Record<string, any>;

/** The OpenAPI object types of a document, for code that reads parts of it (examples, extensions). */
export type {
  MediaTypeObject,
  OperationObject,
  ParameterObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
} from 'openapi-typescript';
export type { OpenAPI3, ReferenceObject };

/** What a node is once its reference is followed: the node's own type without the reference branch. */
export type Resolved<T> = Exclude<T, ReferenceObject>;

/** The keys of each internal reference, decoded once: a large document names the same components thousands of times. */
const keysOfRef = new Map<string, string[]>();

function refKeys(ref: string): string[] {
  let keys = keysOfRef.get(ref);
  if (!keys) {
    keys = fragmentTokens(ref);
    keysOfRef.set(ref, keys);
  }
  return keys;
}

/** Follows `node`'s `$ref` (and the refs it lands on) inside `document`; a node without one is returned as is. */
export function resolveRef<T = any>(document: OpenApiDocument | OpenAPI3, node: unknown): Resolved<T> {
  let current = node as any;
  let seen: Set<string> | undefined;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external reference left after bundling: ${ref}`);
    if (seen?.has(ref)) throw new Error(`reference cycle at ${ref}`);
    (seen ??= new Set()).add(ref);
    current = document;
    for (const key of refKeys(ref)) current = current?.[key];
    if (current === undefined) throw new Error(`unresolved reference ${ref}`);
  }
  return current as Resolved<T>;
}
