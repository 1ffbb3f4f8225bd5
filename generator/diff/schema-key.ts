// A canonical text of what a schema accepts, for telling equal schemas apart from changed ones without a walk:
// references followed (a component's name is not part of it), allOf merged, documentation left out (descriptions,
// titles, examples, extensions), keys and unordered lists (required, enum, type) sorted.
import type { SchemaNode, Schemas, SchemaView } from './schema-view.js';

const DOCUMENTATION = new Set([
  'description',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'xml',
  '$id',
]);
const SCHEMA_LISTS = new Set(['prefixItems']);
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'contains',
  'if',
  'then',
  'else',
  'not',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);
const SCHEMA_MAPS = new Set(['patternProperties', 'dependentSchemas', '$defs', 'definitions']);

export class SchemaKeys {
  private readonly keys = new WeakMap<object, string>();
  private readonly active = new Set<object>();

  constructor(private readonly schemas: Schemas) {}

  key(node: SchemaNode): string {
    const view = this.schemas.view(node);
    const schema = view.node.schema;
    if (!schema || typeof schema !== 'object') return JSON.stringify(schema);
    const known = this.keys.get(schema);
    if (known !== undefined) return known;
    if (this.active.has(schema)) return '<cycle>';
    this.active.add(schema);
    const text = this.build(view);
    this.active.delete(schema);
    this.keys.set(schema, text);
    return text;
  }

  private build(view: SchemaView): string {
    const parts: string[] = [];
    if (view.types) parts.push(`type:${[...view.types].sort().join(',')}`);
    if (view.nullable) parts.push('nullable');
    if (view.properties.size > 0) {
      const names = [...view.properties.keys()].sort();
      parts.push(
        `properties:{${names.map((n) => `${JSON.stringify(n)}:${this.key(view.properties.get(n)!)}`).join(',')}}`,
      );
    }
    if (view.required.size > 0) parts.push(`required:${JSON.stringify([...view.required.keys()].sort())}`);
    if (view.union)
      parts.push(
        `${view.union.kind}:[${view.union.members
          .map((m) => this.key(m))
          .sort()
          .join(',')}]`,
      );
    const keywords = [...view.keywords.keys()]
      .filter((k) => !DOCUMENTATION.has(k) && (!k.startsWith('x-') || k === 'x-extensible-enum'))
      .sort();
    for (const k of keywords) {
      const value = view.keywords.get(k)!.value;
      const at = view.keywords.get(k)!.at;
      if (SCHEMA_VALUES.has(k) && value && typeof value === 'object')
        parts.push(`${k}:${this.key({ schema: value, pointer: at })}`);
      else if (SCHEMA_LISTS.has(k) && Array.isArray(value))
        parts.push(`${k}:[${value.map((v, i) => this.key({ schema: v, pointer: `${at}/${i}` })).join(',')}]`);
      else if (SCHEMA_MAPS.has(k) && value && typeof value === 'object')
        parts.push(
          `${k}:{${Object.keys(value)
            .sort()
            .map(
              (name) =>
                `${JSON.stringify(name)}:${this.key({ schema: (value as Record<string, unknown>)[name] as object, pointer: at })}`,
            )
            .join(',')}}`,
        );
      else if (k === 'enum' && Array.isArray(value))
        parts.push(
          `enum:${JSON.stringify(
            value
              .filter((v) => v !== null)
              .map((v) => stable(v))
              .sort(),
          )}`,
        );
      else if (k === 'discriminator' && value && typeof value === 'object') {
        const d = value as { propertyName?: string; mapping?: Record<string, string> };
        const mapping = Object.entries(d.mapping ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, ref]) => {
            const target = this.schemas.target(ref);
            return `${name}=${target ? this.key(target) : ref}`;
          });
        parts.push(`discriminator:${d.propertyName}:${mapping.join(',')}`);
      } else parts.push(`${k}:${stable(value)}`);
    }
    return `{${parts.join(';')}}`;
  }
}

/** JSON with object keys sorted. */
export function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(record[k])}`)
    .join(',')}}`;
}
