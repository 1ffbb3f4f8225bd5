// The operations of a bundled spec (generated/<service>/openapi.json) as the fuzzer needs them: path template,
// method, parameters and body schemas with every local $ref resolved, the first example of each, and the
// statuses the operation documents.
import fs from 'node:fs';
import path from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = Record<string, any>;

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
  example?: Json;
}

export interface FuzzBody {
  contentType: string;
  schema: Schema;
  example?: Json;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** Path template as the spec writes it, e.g. /v1beta/{collection}/{model}:generateContent */
  path: string;
  parameters: FuzzParameter[];
  bodies: FuzzBody[];
  /** requestBody.required: only then is a request without a body a defect. */
  bodyRequired: boolean;
  /** Statuses listed under responses (numbers; `default` and ranges left out). */
  statuses: number[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export function loadSpec(service: string): Schema {
  const file = path.join(import.meta.dirname, '../../generated', service, 'openapi.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Schema;
}

/** Follows local $refs (#/components/...) until the object has none at its top. */
export function deref(spec: Schema, node: any): any {
  let current = node;
  for (
    let depth = 0;
    current && typeof current === 'object' && typeof current.$ref === 'string' && depth < 32;
    depth++
  ) {
    const pointer = (current.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = pointer.reduce((acc: any, key) => acc?.[key], spec);
  }
  return current;
}

function firstExample(holder: Schema | undefined): Json | undefined {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example as Json;
  const examples = holder.examples as Record<string, { value?: Json }> | undefined;
  if (examples && typeof examples === 'object') {
    for (const e of Object.values(examples)) if (e && e.value !== undefined) return e.value;
  }
  return undefined;
}

export function operationsOf(spec: Schema): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [template, item] of Object.entries(spec.paths as Record<string, Schema>)) {
    const shared = (item.parameters ?? []) as Schema[];
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const params = new Map<string, FuzzParameter>();
      for (const raw of [...shared, ...((op.parameters ?? []) as Schema[])]) {
        const p = deref(spec, raw) as Schema;
        const schema = deref(spec, p.schema ?? {}) as Schema;
        params.set(`${p.in}:${p.name}`, {
          name: p.name,
          in: p.in,
          required: Boolean(p.required),
          schema,
          example:
            firstExample(p) ??
            (schema.example as Json | undefined) ??
            (schema.default as Json | undefined) ??
            (Array.isArray(schema.enum) ? schema.enum[0] : undefined),
        });
      }
      const requestBody = deref(spec, op.requestBody) as Schema | undefined;
      const content = (requestBody?.content ?? {}) as Record<string, Schema>;
      const bodies = Object.entries(content).map(([contentType, media]) => ({
        contentType,
        schema: deref(spec, media.schema ?? {}) as Schema,
        example: firstExample(media),
      }));
      const statuses = Object.keys(op.responses ?? {})
        .filter((s) => /^\d{3}$/.test(s))
        .map(Number);
      out.push({
        operationId: op.operationId ?? `${method} ${template}`,
        method: method.toUpperCase(),
        path: template,
        parameters: [...params.values()],
        bodies,
        bodyRequired: Boolean(requestBody?.required),
        statuses,
      });
    }
  }
  return out;
}

/** A schema with allOf members merged (properties and required united), after resolving $refs. */
export function flatten(spec: Schema, node: any): Schema {
  const s = deref(spec, node) as Schema | undefined;
  if (!s || typeof s !== 'object') return {};
  if (!Array.isArray(s.allOf)) return s;
  const merged: Schema = { ...s, properties: { ...(s.properties ?? {}) }, required: [...(s.required ?? [])] };
  delete merged.allOf;
  for (const part of s.allOf) {
    const f = flatten(spec, part);
    Object.assign(merged.properties, f.properties ?? {});
    merged.required.push(...(f.required ?? []));
    for (const k of ['type', 'pattern', 'enum', 'additionalProperties'])
      if (f[k] !== undefined && merged[k] === undefined) merged[k] = f[k];
  }
  return merged;
}
