// openapi-typescript's discriminator scan (its `scanDiscriminators`, 7.13), which its transform reads from
// `ctx.discriminators`: the same index and the same additions to the members, over one walk of the document
// instead of two that each copy the path array at every node (on GitHub's document the scan and its garbage cost as
// much as a fifth of the transform). The steps are the library's, in its order; test/generator/print-types.test.ts
// compares the index and the patched document with the library's own scan on every corpus document.
import type { DiscriminatorObject, OpenAPI3 } from 'openapi-typescript';
import { createRef, resolveRef, warn } from 'openapi-typescript/dist/lib/utils.js';

type Path = Array<string | number>;
type Node = Record<string, any>;

export interface DiscriminatorIndex {
  objects: Record<string, DiscriminatorObject>;
  refsHandled: string[];
}

/** The library's walk (objects before their children, arrays' items in order), with one path array, copied on demand. */
function walk(root: unknown, visit: (node: Node, path: Path) => void): void {
  const path: Path = [];
  const step = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(i);
        step(node[i]);
        path.pop();
      }
      return;
    }
    visit(node as Node, path);
    for (const key of Object.keys(node)) {
      path.push(key);
      step((node as Node)[key]);
      path.pop();
    }
  };
  step(root);
}

function createDiscriminatorEnum(values: string[], prevSchema?: Node) {
  return {
    type: 'string',
    enum: values,
    description: prevSchema?.description
      ? `${prevSchema.description} (enum property replaced by openapi-typescript)`
      : 'discriminator enum property added by openapi-typescript',
  };
}

function patchDiscriminatorEnum(
  schema: OpenAPI3,
  ref: string,
  values: string[],
  discriminator: DiscriminatorObject,
  discriminatorRef: string,
  options: { silent?: boolean },
): boolean {
  const resolvedSchema = resolveRef<Node>(schema, ref, { silent: options.silent ?? false });
  if (resolvedSchema?.allOf) {
    resolvedSchema.allOf.push({
      type: 'object',
      required: [discriminator.propertyName],
      properties: { [discriminator.propertyName]: createDiscriminatorEnum(values) },
    });
    return true;
  } else if (typeof resolvedSchema === 'object' && 'type' in resolvedSchema && resolvedSchema.type === 'object') {
    if (!resolvedSchema.properties) resolvedSchema.properties = {};
    if (!resolvedSchema.required) resolvedSchema.required = [discriminator.propertyName];
    else if (!resolvedSchema.required.includes(discriminator.propertyName))
      resolvedSchema.required.push(discriminator.propertyName);
    resolvedSchema.properties[discriminator.propertyName] = createDiscriminatorEnum(
      values,
      resolvedSchema.properties[discriminator.propertyName],
    );
    return true;
  }
  warn(
    `Discriminator mapping has an invalid schema (neither an object schema nor an allOf array): ${ref} => ${values.join(
      ', ',
    )} (Discriminator: ${discriminatorRef})`,
    options.silent,
  );
  return false;
}

/** Whether the node is still where the walk met it (a patch replaces a property's schema, dropping what was below). */
function stillAt(root: unknown, path: Path, node: unknown): boolean {
  let here: any = root;
  for (const key of path) {
    if (!here || typeof here !== 'object') return false;
    here = here[key];
  }
  return here === node;
}

/**
 * What `scanDiscriminators(schema, options)` returns, with the same changes to `schema`. The library walks the
 * document a second time for the schemas with an allOf, after the first walk's patches; here they are gathered by
 * the first walk (a patch only adds schemas without allOf), and one a patch has since removed is passed over.
 */
export function scanDiscriminators(schema: OpenAPI3, options: { silent?: boolean }): DiscriminatorIndex {
  const objects: Record<string, DiscriminatorObject> = {};
  const refsHandled: string[] = [];
  const withAllOf: Array<{ node: Node; path: Path }> = [];
  walk(schema, (obj, path) => {
    if (Array.isArray(obj.allOf)) withAllOf.push({ node: obj, path: path.slice() });
    const discriminator = obj?.discriminator;
    if (!discriminator?.propertyName) return;
    const ref = createRef(path);
    objects[ref] = discriminator;
    if (!obj?.oneOf || !Array.isArray(obj.oneOf)) return;
    const oneOf = obj.oneOf;
    const mapping: Record<string, { inferred?: string; defined?: string[] }> = {};
    for (const item of oneOf) {
      if ('$ref' in item) {
        const value = item.$ref.split('/').pop();
        if (value) {
          if (!mapping[item.$ref]) mapping[item.$ref] = { inferred: value };
          else mapping[item.$ref]!.inferred = value;
        }
      }
    }
    if (discriminator.mapping) {
      for (const mappedValue in discriminator.mapping) {
        const mappedRef = discriminator.mapping[mappedValue];
        if (!mappedRef) continue;
        if (!mapping[mappedRef]?.defined) mapping[mappedRef] = { defined: [] };
        mapping[mappedRef]!.defined?.push(mappedValue);
      }
    }
    for (const [mappedRef, { inferred, defined }] of Object.entries(mapping)) {
      if (refsHandled.includes(mappedRef)) continue;
      if (!inferred && !defined) continue;
      const mappedValues = defined ?? [inferred!];
      if (patchDiscriminatorEnum(schema, mappedRef, mappedValues, discriminator, ref, options))
        refsHandled.push(mappedRef);
    }
  });
  for (const { node: obj, path } of withAllOf) {
    if (!stillAt(schema, path, obj) || !Array.isArray(obj.allOf)) continue;
    for (const item of obj.allOf) {
      if ('$ref' in item) {
        if (!objects[item.$ref]) break;
        const ref = createRef(path);
        const discriminator = objects[item.$ref]!;
        const mappedValues: string[] = [];
        if (discriminator.mapping) {
          for (const mappedValue in discriminator.mapping) {
            if (discriminator.mapping[mappedValue] === ref) mappedValues.push(mappedValue);
          }
          if (mappedValues.length > 0) {
            if (patchDiscriminatorEnum(schema, ref, mappedValues, discriminator, item.$ref, options))
              refsHandled.push(ref);
          }
        }
        objects[ref] = { ...objects[item.$ref]! };
      } else if (item.discriminator?.propertyName) {
        objects[createRef(path)] = { ...item.discriminator };
      }
    }
  }
  return { objects, refsHandled };
}
