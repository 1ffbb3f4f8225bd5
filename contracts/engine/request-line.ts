// Operations no request can tell apart: the same method and the same path once the path key's fragment is cut off
// (a fragment is never sent) and its template names are set aside. APIs.guru's AWS documents key one operation per
// `/#X-Amz-Target=<action>` (or `/{id}#tagKeys`): the service tells them apart by a header, which a path-routing
// server or mock cannot (APIs-guru/aws2openapi#2). Such operations are not applicable, with this reason; an operation
// whose fragment-free path is its own is called as any other.
import type { OperationModel, ServiceModel } from '../../generator/model/index.js';

/** The request line an operation is reached by: its method and its path without fragment, template names blank. */
const lineOf = (op: OperationModel) =>
  `${op.method.toUpperCase()} ${op.path.split('#')[0]!.replace(/\{[^}]*\}/g, '{}')}`;

/** Why each operation that shares its request line with another cannot be called as documented. */
export function sharedRequestLines(model: ServiceModel): Map<OperationModel, string> {
  const byLine = new Map<string, OperationModel[]>();
  for (const op of model.operations) byLine.set(lineOf(op), [...(byLine.get(lineOf(op)) ?? []), op]);
  const out = new Map<OperationModel, string>();
  for (const [line, ops] of byLine) {
    if (ops.length < 2) continue;
    for (const op of ops) {
      const others = ops.filter((o) => o !== op);
      const shown =
        others
          .slice(0, 3)
          .map((o) => o.id)
          .join(', ') + (others.length > 3 ? ` and ${others.length - 3} more` : '');
      // Told apart by a fragment (APIs.guru's AWS keys), or by nothing but their templates' names (Google's
      // `/v1/{name}` beside `/v1/{database}`: OpenAPI calls such paths identical, and invalid).
      const why = ops.some((o) => o.path.includes('#'))
        ? "a path key's fragment is never sent; APIs-guru/aws2openapi#2"
        : "their paths differ only in their templates' names, which OpenAPI calls identical and invalid";
      out.set(
        op,
        `its request line (${line.replace('{}', '{...}')}) is also ${shown}'s: no request tells them apart (${why})`,
      );
    }
  }
  return out;
}
