// A path parameter's values a sibling path writes as a literal segment: a request carrying one is the sibling's,
// as OpenAPI routes concrete paths before templated ones (Elasticsearch's `POST /_inference/{task_type}/{id}` beside
// `POST /_inference/sparse_embedding/{id}`), so the round trip does not draw them for this operation.
import type { OperationModel } from '../../generator/model/index.js';
import { pathKeyParts } from '../../generator/model/path-key-query.js';

const isTemplate = (segment: string) => /^\{[^}]*\}$/.test(segment);
const segmentsOf = (o: OperationModel) => pathKeyParts(o.path).path.split('/');

/**
 * The literal segments sibling operations of `o`'s method hold where `o`'s path has `{name}` alone, their other
 * segments the same as `o`'s (equal literals, or templates both).
 */
export function literalSiblingValues(o: OperationModel, name: string, operations: readonly OperationModel[]): string[] {
  const own = segmentsOf(o);
  const at = own.indexOf(`{${name}}`);
  if (at < 0) return [];
  const values: string[] = [];
  for (const q of operations) {
    if (q === o || q.method !== o.method) continue;
    const theirs = segmentsOf(q);
    if (theirs.length !== own.length || isTemplate(theirs[at]!)) continue;
    const sameElsewhere = own.every((s, j) => j === at || (isTemplate(s) && isTemplate(theirs[j]!)) || s === theirs[j]);
    if (sameElsewhere) values.push(decodeURIComponent(theirs[at]!));
  }
  return values;
}
