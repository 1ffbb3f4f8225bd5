// The requests the API sends rather than answers, as the diff matches them: each webhook's methods (OpenAPI 3.1
// `webhooks`, 3.0's `x-webhooks`) and each callback's methods under its operation, with the receiver model
// generate builds for it (the generated receiver's handler and sender types).
import type { OpenApiDocument } from '../model/ref.js';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { located } from './located.js';
import type { Side } from './load.js';
import { METHODS } from './operations.js';
import { childPointer } from '../model/json-pointer.js';

export interface ReceiverOperation {
  /** `post` */
  method: string;
  operation: Record<string, any>;
  /** Where its operation object is written. */
  pointer: string;
  model?: OperationModel;
}

/** A receiver's model by the pointer of its operation object. */
export function receiverModels(model: ServiceModel | undefined): Map<string, OperationModel> {
  return new Map((model?.receivers ?? []).map((op) => [op.receiver!.pointer.replace(/^#/, ''), op]));
}

/** The methods of a path item (a webhook's, or a callback expression's), its `$ref` followed. */
export function receiverMethods(side: Side, item: unknown, pointer: string): Map<string, ReceiverOperation> {
  const at = located(side, item, pointer);
  const models = receiverModels(side.model);
  const out = new Map<string, ReceiverOperation>();
  for (const method of METHODS) {
    const operation = at.value?.[method];
    if (!operation || typeof operation !== 'object') continue;
    const where = childPointer(at.pointer, method);
    out.set(method, {
      method,
      operation,
      pointer: where,
      model: models.get(where) ?? models.get(childPointer(pointer, method)),
    });
  }
  return out;
}

/** The webhooks a document declares (3.1's `webhooks`, 3.0's `x-webhooks`): name -> [its path item, its pointer]. */
export function webhookItems(document: OpenApiDocument): Map<string, [unknown, string]> {
  const out = new Map<string, [unknown, string]>();
  for (const key of ['x-webhooks', 'webhooks'])
    for (const [name, item] of Object.entries((document as Record<string, any>)[key] ?? {}))
      out.set(name, [item, childPointer('', key, name)]);
  return out;
}
