// Operation identifiers and type names, unique within a service, and where openapi-typescript types each.
import { METHODS } from './methods.js';
import { camelCase, isPlainIdentifier, pascalCase, typeIdentifier } from './names.js';
import type { OpenApiDocument } from './ref.js';
import { operationTypeName } from './runtime-names.js';
import type { TypesRef } from './types.js';

/**
 * Every operation's identifier and type name, keyed `METHOD path`: the operationId where it is a plain
 * identifier, else camel-cased (`find pet by id` gives findPetById), else method and path (GET /pets/{id}
 * gives getPetsById); a later operation (path, then method order) whose name is taken gets `_2`, `_3`.
 */
export function operationIds(document: OpenApiDocument): Map<string, OperationNames> {
  const out = new Map<string, OperationNames>();
  const ids = new Set<string>();
  const typeNames = new Set<string>();
  const entries: Array<[string, string, any]> = [];
  for (const [path, item] of Object.entries<any>(document.paths ?? {}))
    for (const method of METHODS) if (item?.[method]) entries.push([path, method, item[method]]);
  // openapi-typescript lists an operation under `operations` by its operationId with `#` written `/`; one whose
  // key another operation shares is reached through `paths` (the key holds only one of them).
  const typesKey = (op: any) => (typeof op.operationId === 'string' ? op.operationId.replace(/#/g, '/') : '');
  const keyCount = new Map<string, number>();
  for (const [, , op] of entries) keyCount.set(typesKey(op), (keyCount.get(typesKey(op)) ?? 0) + 1);
  for (const [path, method, op] of entries) {
    const raw: unknown = op.operationId;
    let base =
      typeof raw === 'string' && raw !== ''
        ? isPlainIdentifier(raw)
          ? raw
          : camelCase(raw)
        : camelCase(`${method} ${path.replace(/\{([^}]*)\}/g, ' by $1 ')}`);
    if (!/^[A-Za-z_$]/.test(base)) base = `op${pascalCase(base)}`;
    let id = base;
    for (let n = 2; ids.has(id) || typeNames.has(typeIdentifier(id)); n++) id = `${base}_${n}`;
    const typeName = operationTypeName(typeIdentifier(id), typeNames);
    ids.add(id);
    typeNames.add(typeIdentifier(id));
    typeNames.add(typeName);
    const key = typesKey(op);
    const typesRef =
      key !== '' && keyCount.get(key) === 1 ? (['operations', key] as const) : (['paths', path, method] as const);
    out.set(`${method} ${path}`, { id, typeName, typesRef });
  }
  return out;
}

export interface OperationNames {
  id: string;
  typeName: string;
  /** The operation's type in openapi-typescript's output. */
  typesRef: TypesRef;
}
