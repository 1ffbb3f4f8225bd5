// What emitters/types.ts needs of openapi-typescript that its entry point does not export, built from what it does.
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
