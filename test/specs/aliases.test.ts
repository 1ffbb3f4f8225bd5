// Issue 10: the generative spec accepts each request member under its proto field name too (proto3 JSON
// mapping). Every such member says which lowerCamelCase member it stands for (`x-alias-of`), is that name in
// snake_case, and carries the same schema, so a limit holds in either spelling.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec, type OpenApiDocument } from '../../generator/model/index.js';

let doc: OpenApiDocument;
beforeAll(async () => {
  doc = (await loadSpec('generative')).document;
});

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** A member's schema without what only describes it. */
const shape = (schema: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(schema).filter(
      ([k]) => !['description', 'deprecated', 'x-alias-of', 'x-evidence', 'readOnly'].includes(k),
    ),
  );

function propertyMaps(node: unknown, found: Array<Record<string, any>> = []): Array<Record<string, any>> {
  if (Array.isArray(node)) node.forEach((n) => propertyMaps(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value))
        found.push(value as Record<string, any>);
      propertyMaps(value, found);
    }
  }
  return found;
}

describe('proto field name aliases (generative)', () => {
  it('each alias names a sibling, is its snake_case and has the same schema', () => {
    let aliases = 0;
    for (const properties of propertyMaps(doc.components.schemas)) {
      for (const [name, schema] of Object.entries<any>(properties)) {
        const target = schema?.['x-alias-of'];
        if (target === undefined) continue;
        aliases++;
        expect(properties[target], `${name} -> ${target}`).toBeDefined();
        expect(name).toBe(snake(target));
        expect(shape(schema), name).toEqual(shape(properties[target]));
        expect(schema.deprecated, name).toBe(true);
      }
    }
    expect(aliases).toBeGreaterThan(30);
  });

  it('the request members of more than one word all have their alias', () => {
    const requestSchemas = [
      'GenerateContentRequest',
      'Part',
      'Blob',
      'FileData',
      'Tool',
      'ToolConfig',
      'FunctionCallingConfig',
      'GenerationConfig',
    ];
    for (const name of requestSchemas) {
      const properties = doc.components.schemas[name].properties as Record<string, any>;
      for (const member of Object.keys(properties).filter((m) => /[A-Z]/.test(m))) {
        expect(properties[snake(member)], `${name}.${snake(member)}`).toBeDefined();
      }
    }
  });
});
