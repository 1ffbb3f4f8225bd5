// The types of schemas as one direction sees them (model/read-write-views.ts): `requestTypes` (readOnly members
// left out) and `answerTypes` (writeOnly members left out), beside openapi-typescript's `components`. Each holds
// `schemas` (the components whose view differs, by name) and `bodies` (an operation's own inline schema whose view
// differs: a request's by operation and media type, an answer's by operation, status and media type).
import { createRef, type GlobalContext, transformSchemaObject, tsPropertyIndex } from 'openapi-typescript';
import ts from 'typescript';
import { type Direction, VIEW_ROOTS } from '../model/read-write-views.js';
import type { ServiceModel } from '../model/types.js';
import { ITEM_VIEW_KEYS } from './operation-types.js';

const DIRECTIONS: Direction[] = ['request', 'answer'];

/**
 * The views as the type transform reads them, each at the document key its types are named by
 * (`requestTypes`, `answerTypes`), so that a view's `$ref` to another (`#/requestTypes/schemas/Pet`) resolves in
 * the document. Empty where no view differs.
 */
export function viewSources(service: ServiceModel): Record<string, unknown> {
  const bodies: Record<Direction, Record<string, Record<string, unknown>>> = { request: {}, answer: {} };
  for (const o of [...service.operations, ...service.receivers]) {
    for (const body of o.requestBodies)
      if (body.requestView && 'own' in body.requestView)
        (bodies.request[o.typeName] ??= {})[body.contentType] = body.requestView.own;
    for (const r of o.responses)
      for (const [contentType, view] of Object.entries(r.answerViews)) {
        if (!('own' in view)) continue;
        const statuses = (bodies.answer[o.typeName] ??= {}) as Record<string, Record<string, unknown>>;
        (statuses[r.status] ??= {})[contentType] = view.own;
      }
    // An event's data and a line, each where its own view differs, beside the answer's media types.
    for (const r of o.responses)
      for (const kind of ['sse', 'lines'] as const) {
        const view = r.itemViews?.[kind];
        if (!view || !('own' in view)) continue;
        const statuses = (bodies.answer[o.typeName] ??= {}) as Record<string, Record<string, unknown>>;
        (statuses[r.status] ??= {})[ITEM_VIEW_KEYS[kind]] = view.own;
      }
  }
  const out: Record<string, unknown> = {};
  for (const direction of DIRECTIONS) {
    const schemas = service.views[direction];
    if (Object.keys(schemas).length || Object.keys(bodies[direction]).length)
      out[VIEW_ROOTS[direction]] = { schemas, bodies: bodies[direction] };
  }
  return out;
}

/** `export interface requestTypes {...}` and `answerTypes`, from the views as the document holds them. */
export function viewDeclarations(document: Record<string, unknown>, ctx: GlobalContext): ts.InterfaceDeclaration[] {
  const declarations: ts.InterfaceDeclaration[] = [];
  for (const direction of DIRECTIONS) {
    const root = VIEW_ROOTS[direction];
    const views = document[root] as { schemas: Record<string, unknown>; bodies: Record<string, unknown> } | undefined;
    if (!views) continue;
    const members = (['schemas', 'bodies'] as const).map((key) =>
      member(key, typeOf(views[key], [root, key], key === 'schemas' ? 1 : bodyDepth[direction], ctx)),
    );
    declarations.push(
      ts.factory.createInterfaceDeclaration(
        [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
        root,
        undefined,
        undefined,
        members,
      ),
    );
  }
  return declarations;
}

/** How many keys lead to a body's schema: operation and media type; operation, status and media type. */
const bodyDepth: Record<Direction, number> = { request: 2, answer: 3 };

/** A map `depth` keys deep whose leaves are schemas, as nested type literals with the schemas' types at the leaves. */
function typeOf(node: unknown, path: string[], depth: number, ctx: GlobalContext): ts.TypeNode {
  if (depth === 0) return transformSchemaObject(node as never, { path: createRef(path), ctx, schema: node as never });
  const entries = Object.entries((node ?? {}) as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return ts.factory.createTypeLiteralNode(
    entries.map(([key, value]) => member(key, typeOf(value, [...path, key], depth - 1, ctx))),
  );
}

function member(name: string, type: ts.TypeNode): ts.PropertySignature {
  return ts.factory.createPropertySignature(undefined, tsPropertyIndex(name), undefined, type);
}
