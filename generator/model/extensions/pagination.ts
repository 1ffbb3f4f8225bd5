// `x-pagination` (operation): how a list answer pages, so the client can walk it.
import type { PaginationModel } from '../types.js';

export function buildPagination(id: string, raw: any): PaginationModel | undefined {
  if (!raw) return undefined;
  if (raw.style !== 'cursor' && raw.style !== 'page-token')
    throw new Error(`${id}: x-pagination.style must be cursor | page-token`);
  for (const key of ['items', 'tokenParam', 'nextField'] as const) {
    if (typeof raw[key] !== 'string' || raw[key] === '')
      throw new Error(`${id}: x-pagination.${key} is required (a field name)`);
  }
  if (raw.moreField !== undefined && typeof raw.moreField !== 'string')
    throw new Error(`${id}: x-pagination.moreField must be a field path`);
  return {
    style: raw.style,
    items: raw.items,
    tokenParam: raw.tokenParam,
    nextField: raw.nextField,
    ...(raw.moreField ? { moreField: raw.moreField } : {}),
  };
}
