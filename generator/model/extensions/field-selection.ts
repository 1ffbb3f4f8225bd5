// `x-field-selection` (a `fields` query parameter): the answer's members a request may select.
import { type OpenApiDocument, resolveRef } from '../ref.js';
import { allProperties } from '../schema-properties.js';
import type { OperationModel, ParameterModel, ResponseModel } from '../types.js';

/** Whether a parameter declares itself a field selection. */
export function isFieldSelection(parameter: any): boolean {
  return parameter['x-field-selection'] === true;
}

/**
 * Field selection (a `fields` query parameter): the names the answer's schema declares, or, for a paginated
 * list, those of its items (the field `x-pagination.items` names).
 */
export function selection(
  document: OpenApiDocument,
  params: ParameterModel[],
  success?: ResponseModel,
  itemsField?: string,
): Pick<OperationModel, 'selectableFields' | 'selectionIn'> {
  // Only where the spec asks for it: a query parameter named `fields` is often something else (field ids).
  if (!params.some((p) => p.name === 'fields' && p.in === 'query' && p.fieldSelection) || !success?.schema) return {};
  let schema = resolveRef(document, success.schema);
  const props = allProperties(document, schema);
  const list = itemsField !== undefined && props[itemsField] !== undefined;
  if (list) schema = resolveRef(document, resolveRef(document, props[itemsField]).items ?? {});
  const names = Object.keys(allProperties(document, schema)).sort();
  return names.length > 0 ? { selectableFields: names, selectionIn: list ? 'items' : 'answer' } : {};
}
