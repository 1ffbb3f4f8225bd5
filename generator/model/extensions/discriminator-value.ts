// `x-ms-discriminator-value` (AutoRest's, on Azure's documents): the value of its parent's discriminator that names
// a child schema (`CreateUSqlJobProperties` is `type: "USql"`), where OpenAPI would write the parent's `mapping`.
// Read as that mapping entry, so validators, types and draws name the child by the value the service sends.
import { escapeToken, unescapeToken } from '../json-pointer.js';
import type { OpenApiDocument } from '../ref.js';

const COMPONENT = '#/components/schemas/';

/**
 * The document with each component's `x-ms-discriminator-value` written into the discriminator of the parent its
 * allOf names (a `mapping` entry the parent does not have already). The parents that change are copies; the rest is
 * shared with `document`.
 */
export function withDiscriminatorValues(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components?.schemas as Record<string, any> | undefined;
  if (!schemas || typeof schemas !== 'object') return document;
  const added = new Map<string, Record<string, string>>();
  for (const [name, schema] of Object.entries(schemas)) {
    const value = schema?.['x-ms-discriminator-value'];
    if (typeof value !== 'string' || !Array.isArray(schema.allOf)) continue;
    for (const member of schema.allOf) {
      const ref = (member as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(COMPONENT)) continue;
      const parentName = unescapeToken(ref.slice(COMPONENT.length));
      const parent = Object.hasOwn(schemas, parentName) ? schemas[parentName] : undefined;
      const discriminator = parent?.discriminator;
      if (!discriminator || typeof discriminator.propertyName !== 'string') continue;
      const mapping = discriminator.mapping && typeof discriminator.mapping === 'object' ? discriminator.mapping : {};
      if (Object.hasOwn(mapping, value) || Object.hasOwn(added.get(parentName) ?? {}, value)) continue;
      const entries = added.get(parentName) ?? {};
      entries[value] = `${COMPONENT}${escapeToken(name)}`;
      added.set(parentName, entries);
    }
  }
  if (added.size === 0) return document;
  const copy = { ...schemas };
  for (const [parentName, entries] of added) {
    const parent = schemas[parentName];
    copy[parentName] = {
      ...parent,
      discriminator: { ...parent.discriminator, mapping: { ...parent.discriminator.mapping, ...entries } },
    };
  }
  return { ...document, components: { ...document.components, schemas: copy } };
}
