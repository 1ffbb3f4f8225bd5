// OpenAPI style / explode of array and object query parameters (form, spaceDelimited, pipeDelimited,
// deepObject); a client whose spec has such parameters hands this to its core (ServiceProfile.styleQuery).

import { bracketPairs, definedItems, flatText, isComposite } from './bracket-pairs.js';

/** The query pairs of an array or object value under OpenAPI's style and explode rules. */
export function styledQuery(name: string, value: unknown, style: string, explode: boolean): Array<[string, string]> {
  // An array of objects in the deepObject style (Stripe's `lines`): `lines[0][amount]=5`, as Stripe and qs write it.
  if (Array.isArray(value) && style === 'deepObject' && value.some(isComposite)) return bracketPairs(name, value);
  if (Array.isArray(value)) {
    const items = definedItems(value).map((item) => flatText(`query parameter ${name}`, style, item));
    if (style === 'form' && explode) return items.map((v) => [name, v]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, items.join(separator)]];
  }
  if (value && typeof value === 'object') {
    // Nested members in brackets at any depth (`filter[created][gte]=1`, `filter[ids][0]=a`), as forms write them.
    if (style === 'deepObject') return bracketPairs(name, value);
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, flatText(`query parameter ${name}`, style, v)] as [string, string]);
    if (style === 'form' && explode) return entries;
    return [[name, entries.flat().join(',')]];
  }
  return [[name, String(value)]];
}
