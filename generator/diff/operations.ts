// The operations of a document, keyed so that the same endpoint matches across a rename of its path
// parameters (`/pets/{id}` and `/pets/{petId}` are one path), each with its model where generate models it.
import type { OpenApiDocument } from '../model/ref.js';
import type { OperationModel, ServiceModel } from '../model/types.js';
import type { OperationRef } from './finding.js';
import { childPointer } from '../model/json-pointer.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationEntry {
  key: string;
  pathKey: string;
  path: string;
  method: string;
  item: Record<string, any>;
  operation: Record<string, any>;
  pointer: string;
  model?: OperationModel;
  ref: OperationRef;
}

export const pathKey = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

export function operationEntries(
  document: OpenApiDocument,
  model: ServiceModel | undefined,
): Map<string, OperationEntry> {
  const models = new Map((model?.operations ?? []).map((op) => [`${op.method.toLowerCase()} ${op.path}`, op]));
  const out = new Map<string, OperationEntry>();
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== 'object') continue;
      const key = `${method} ${pathKey(path)}`;
      out.set(key, {
        key,
        pathKey: pathKey(path),
        path,
        method,
        item,
        operation,
        pointer: childPointer('', 'paths', path, method),
        model: models.get(`${method} ${path}`),
        ref: {
          method: method.toUpperCase(),
          path,
          ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
        },
      });
    }
  }
  return out;
}
