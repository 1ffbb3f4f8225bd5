// The parts of the document a modelled operation came from, for what the model leaves in the document
// (examples, and schemas handed whole to a library).
import type { OpenApiDocument, OperationObject, ParameterObject, Resolved } from './ref.js';
import { resolveRef } from './ref.js';
import type { OperationModel, ServiceModel } from './types.js';

type OperationPlace = Pick<OperationModel, 'path' | 'method'>;

/** An operation object of a modelled document: the model requires its operationId. */
export type ModelledOperationObject = OperationObject & { operationId: string };

/** The operation object of the document at the operation's path and method. */
export function operationObject(document: OpenApiDocument, op: OperationPlace): ModelledOperationObject {
  const found = document.paths?.[op.path]?.[op.method.toLowerCase()];
  if (!found) throw new Error(`${op.method} ${op.path} is not in the document`);
  return found as ModelledOperationObject;
}

/** The operation's parameter objects (the path item's, then its own; its own win), references followed. */
export function parameterObjects(document: OpenApiDocument, op: OperationPlace): Resolved<ParameterObject>[] {
  const item = document.paths?.[op.path] ?? {};
  const byKey = new Map<string, Resolved<ParameterObject>>();
  for (const raw of [...(item.parameters ?? []), ...(operationObject(document, op).parameters ?? [])]) {
    const p = resolveRef<ParameterObject>(document, raw);
    byKey.set(`${p.in}:${p.name}`, p);
  }
  return [...byKey.values()];
}

/** An operation of the model beside the operation object it was built from. */
export interface OperationSource {
  id: string;
  path: string;
  /** Upper case, as in the model. */
  method: string;
  model: OperationModel;
  operation: ModelledOperationObject;
}

/** Every operation of a service model (in the model's order) with its operation object. */
export function operationsOf(service: ServiceModel): OperationSource[] {
  return service.operations.map((op) => ({
    id: op.id,
    path: op.path,
    method: op.method,
    model: op,
    operation: operationObject(service.document, op),
  }));
}
