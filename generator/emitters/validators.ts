// Emits validators.ts: a validate function per request part and answer of every operation, over the JSON Schemas
// they check (each distinct schema once, beside the document's cleaned components), held as one JSON text. ajv
// compiles each schema in the running server, on that validator's first call (runtime/server/validators.ts, with
// ajv bundled into the runtime): nothing is compiled at generation, the package holds schemas rather than compiled
// code (GitHub's document: 3 MB of schemas), and a server compiles only the operations it serves.
import { isLinesType } from '../model/media-types.js';
import { type OpenApiDocument, resolveRef } from '../model/ref.js';
import type { ValidatorKind } from '../../templates/runtime/server/validators.js';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { singleQuotedLiteral, stringLiteral } from './escape.js';
import { bodySchema, cleanSchema, paramsSchema } from './validator-schemas.js';
import { validatorsFile } from './validators-file.js';
import { isXmlType, readsXml, readsXmlSchema } from './xml-shapes.js';
import { checksText } from './text-bodies.js';
import { discriminatingParents, INHERITED } from './parent-discriminator.js';
import { escapeToken, fragmentTokens, unescapeToken } from '../model/json-pointer.js';
import { markedNames as markedMemberNames } from '../model/marked-members.js';
import { mergeClosedAllOfMembers } from './closed-allof-members.js';

export interface ValidatorNames {
  params: string;
  /** Per request media type; for JSON lines, the validator of one line. */
  bodies: Record<string, string>;
  responses: Record<string, string>;
  /** Per status whose answer documents JSON lines: the validator of one line. */
  lines: Record<string, string>;
  /** Per status whose answer is XML read into its schema's value (xml-shapes.ts): the validator of that value. */
  xmlResponses: Record<string, string>;
}

export function validatorNames(op: OperationModel, document: OpenApiDocument): ValidatorNames {
  const bodies: Record<string, string> = {};
  op.requestBodies.forEach((b, i) => {
    if (
      b.kind === 'json' ||
      b.kind === 'form' ||
      b.kind === 'multipart-form' ||
      isLinesType(b.contentType) ||
      readsXml(document, b) ||
      checksText(document, b)
    )
      bodies[b.contentType] = `validate${op.typeName}Body${i}`;
  });
  const lines: Record<string, string> = {};
  for (const r of op.responses)
    if (r.linesData) lines[r.status] = `validate${op.typeName}Lines${r.status.toUpperCase()}`;
  const responses: Record<string, string> = {};
  for (const r of op.responses) {
    if (r.schema && r.contentType?.includes('json'))
      responses[r.status] = `validate${op.typeName}Response${r.status.toUpperCase()}`;
  }
  const xmlResponses: Record<string, string> = {};
  for (const r of op.responses)
    if (r.contentType && readsXmlSchema(document, r.contentType, r.schema))
      xmlResponses[r.status] = `validate${op.typeName}Response${r.status.toUpperCase()}Xml`;
  return { params: `validate${op.typeName}Params`, bodies, responses, lines, xmlResponses };
}

function usesUnevaluatedKeywords(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(usesUnevaluatedKeywords);
  if (!node || typeof node !== 'object') return false;
  for (const key in node) {
    if (key === 'unevaluatedProperties' || key === 'unevaluatedItems') return true;
    if (usesUnevaluatedKeywords((node as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * The schemas `$ref`s point to outside the components (a schema under `#/paths/...`: a request body's own
 * property referring back to itself), cleaned and placed at their pointers, so that the validators' root
 * document resolves them as the spec does. Undefined when every reference lands in the components.
 */
function referencedElsewhere(
  service: ServiceModel,
  specId: string,
  roots: unknown[],
): Record<string, unknown> | undefined {
  const prefix = `${specId}#/`;
  const placed = new Set<string>();
  let elsewhere: Record<string, unknown> | undefined;
  const inComponents = `${prefix}components/`;
  const pending: unknown[] = [...roots];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) pending.push(node[i]);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (key !== '$ref' || typeof value !== 'string') {
        if (value && typeof value === 'object') pending.push(value);
        continue;
      }
      if (!value.startsWith(prefix) || value.startsWith(inComponents) || placed.has(value)) continue;
      placed.add(value);
      const pointer = value.slice(specId.length);
      const keys = fragmentTokens(pointer);
      let target: unknown;
      try {
        target = resolveRef(service.document, { $ref: pointer });
      } catch {
        continue; // a dangling reference: ajv names it when the schema is compiled
      }
      const cleaned = cleanSchema(target, specId, service.document);
      elsewhere ??= {};
      let parent: Record<string, any> = elsewhere;
      for (const k of keys.slice(0, -1)) parent = parent[k] ??= {};
      parent[keys.at(-1)!] = cleaned;
      pending.push(cleaned);
    }
  }
  return elsewhere;
}

/** The validators of a package: the file's schemas, the exported names, and where in the spec each schema is. */
export interface ValidatorSet {
  file: {
    specId: string;
    components: unknown;
    elsewhere?: Record<string, unknown>;
    /** The components as requests are checked against, where they differ: readOnly members not required. */
    requestComponents?: unknown;
    /** The components as answers are checked against, where they differ: writeOnly members not required. */
    answerComponents?: unknown;
    unevaluated: boolean;
    schemas: object[];
  };
  exports: Array<{ name: string; kind: ValidatorKind; index: number }>;
  /** For each schema, where the spec has it: a JSON pointer, and for parameters the parameter's place. */
  origins: SchemaOrigin[];
}

/** Where a validator's schema comes from: its JSON pointer, and how its parts map back (parameters are grouped). */
export interface SchemaOrigin {
  pointer: string;
  /** Parameters: the schema is `properties/<in>/properties/<name>/...` of the parameters' schemas. */
  parameters?: boolean;
}

/** The JSON pointer of an operation, a webhook or a callback request in the spec. */
function operationPointer(op: OperationModel): string {
  return op.receiver?.pointer ?? `#/paths/${escapeToken(op.path)}/${op.method.toLowerCase()}`;
}

/** The validators' schemas and names (validators.ts holds them; generate checks them: validator-check.ts). */
export function validatorSet(service: ServiceModel): ValidatorSet {
  // ajv resolves `$ref`s by the URI as normalised (a host in lower case; some characters percent-encoded): a host
  // of lower-case letters, digits and hyphens is the same text both ways (a key `Orders-API-(PII)` would not be).
  const specId = `spec://${service.key.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
  const schemas: object[] = [];
  const origins: SchemaOrigin[] = [];
  // Equal schemas are written and compiled once, under each name: an operation's form and multipart bodies, and the
  // many answers that are just the service's error shape.
  const indexOf = new Map<string, number>();
  const exports: ValidatorSet['exports'] = [];
  const add = (kind: ValidatorKind, name: string, schema: object, origin: SchemaOrigin) => {
    const text = JSON.stringify(schema);
    let index = indexOf.get(text);
    if (index === undefined) {
      index = schemas.length;
      schemas.push(schema);
      origins.push(origin);
      indexOf.set(text, index);
    }
    exports.push({ name, kind, index });
  };
  const components = cleanComponents(service.document.components ?? {}, specId, service.document);
  // A body or answer whose schema is a reference into another part of the document (another operation's body:
  // enode.io's PUT refers to its POST's) is taken inline, so that its members' marks release its `required` too.
  const inline = (schema: object): object => {
    const ref = (schema as { $ref?: unknown }).$ref;
    if (Object.keys(schema).length !== 1 || typeof ref !== 'string' || !ref.startsWith(`${specId}#/`)) return schema;
    if (ref.startsWith(`${specId}#/components/`)) return schema;
    try {
      return cleanSchema(resolveRef(service.document, { $ref: ref.slice(specId.length) }), specId, service.document);
    } catch {
      return schema; // a dangling reference: ajv names it when the schema is compiled
    }
  };
  // Another part of the document a nested `$ref` reaches (`#/paths/...`), cleaned as `inline` cleans it.
  const elsewhereAt = (ref: string): unknown => {
    try {
      return cleanSchema(resolveRef(service.document, { $ref: ref.slice(specId.length) }), specId, service.document);
    } catch {
      return undefined;
    }
  };
  // A schema that reaches no member the flag marks (GitHub's answers: no writeOnly member anywhere) releases
  // nothing: the walk would only have copied it.
  const inComponents = {
    readOnly: carries(components, 'readOnly', specId),
    writeOnly: carries(components, 'writeOnly', specId),
  };
  const release = (schema: object, flag: 'readOnly' | 'writeOnly') =>
    inComponents[flag] || carries(schema, flag, specId)
      ? releaseRequired(schema, flag, specId, components, elsewhereAt)
      : schema;
  const request = (schema: object) => release(inline(schema), 'readOnly');
  const answer = (schema: object) => release(inline(schema), 'writeOnly');
  // The requests a receiver of the service's webhooks and callbacks takes are validated as operations are.
  for (const op of [...service.operations, ...service.receivers]) {
    const names = validatorNames(op, service.document);
    const at = operationPointer(op);
    add('coercing', names.params, paramsSchema(op, specId, service.document), {
      pointer: `${at}/parameters`,
      parameters: true,
    });
    for (const [contentType, name] of Object.entries(names.bodies)) {
      const kind = op.requestBodies.find((b) => b.contentType === contentType)!.kind;
      // An XML body's scalars are typed by its reader (xml-body.ts): a text no type reads stays text, refused.
      // Text is checked as it came: no type reads it as another.
      const strict = kind === 'json' || kind === 'raw' || isLinesType(contentType) || isXmlType(contentType);
      add(strict ? 'strict' : 'coercing', name, request(bodySchema(service, op, contentType, specId)), {
        pointer: `${at}/requestBody/content/${escapeToken(contentType)}/schema`,
      });
    }
    for (const r of op.responses) {
      const name = names.lines[r.status];
      if (name)
        add('answer', name, answer(cleanSchema(r.linesData, specId)), {
          pointer: `${at}/responses/${escapeToken(r.status)}/content/${escapeToken(r.contentType ?? '')}/schema`,
        });
    }
    for (const r of op.responses) {
      const name = names.responses[r.status] ?? names.xmlResponses[r.status];
      if (name)
        add('answer', name, answer(cleanSchema(r.schema, specId, service.document)), {
          pointer: `${at}/responses/${escapeToken(r.status)}/content/${escapeToken(r.contentType ?? '')}/schema`,
        });
    }
  }
  exports.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const elsewhere = referencedElsewhere(service, specId, [components, ...schemas]);
  const text = JSON.stringify(components);
  const requestComponents = request(components as object);
  const answerComponents = answer(components as object);
  const file = {
    specId,
    components,
    ...(elsewhere ? { elsewhere } : {}),
    ...(requestComponents === components || JSON.stringify(requestComponents) === text ? {} : { requestComponents }),
    ...(answerComponents === components || JSON.stringify(answerComponents) === text ? {} : { answerComponents }),
    unevaluated: usesUnevaluatedKeywords(service.document),
    schemas,
  };
  // Linode's closed allOf members, read as Prism reads them: merged (closed-allof-members.ts).
  mergeClosedAllOfMembers(file, specId);
  return { file, exports, origins };
}

/**
 * Whether a cleaned schema may reach a member `flag` marks without the components: the flag on any of its nodes,
 * or a `$ref` outside the components (its target is another part of the document).
 */
function carries(node: unknown, flag: 'readOnly' | 'writeOnly', specId: string): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((item) => carries(item, flag, specId));
  const schema = node as Record<string, unknown>;
  if (schema[flag] === true) return true;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(`${specId}#/`) && !ref.startsWith(`${specId}#/components/`))
    return true;
  for (const key in schema) if (Object.hasOwn(schema, key) && carries(schema[key], flag, specId)) return true;
  return false;
}

/**
 * A cleaned schema (or the components) with the members `flag` marks left out of each `required`: OpenAPI
 * requires a readOnly member in answers only and a writeOnly one in requests only ("required" applies in the
 * direction the member travels). A member is marked on itself, on what its `$ref` reaches, or in an allOf member;
 * a `required` releases the members its schema's properties mark and those its allOf siblings' properties mark.
 * A `$ref` outside the components (into another operation's body) whose target's `required` this releases is
 * taken inline: the target at its own pointer is checked as written.
 */
function releaseRequired(
  schema: object,
  flag: 'readOnly' | 'writeOnly',
  specId: string,
  components: unknown,
  elsewhereAt: (ref: string) => unknown,
): object {
  const outside = (ref: unknown): boolean =>
    typeof ref === 'string' && ref.startsWith(`${specId}#/`) && !ref.startsWith(`${specId}#/components/`);
  const resolve = (ref: string): unknown => {
    if (outside(ref)) return elsewhereAt(ref);
    if (!ref.startsWith(`${specId}#/components/`)) return undefined;
    let node: unknown = components;
    for (const part of ref.slice(`${specId}#/components/`.length).split('/')) {
      const key = unescapeToken(part);
      if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  };
  /** The names a schema marks (marked-members.ts): its `required` releases them. */
  const markedNames = (node: unknown) => markedMemberNames(node, flag, resolve);
  const none: ReadonlySet<string> = new Set();
  const trail = new Set<string>();
  const walk = (node: unknown, data: boolean, inherited: ReadonlySet<string>): unknown => {
    if (!node || typeof node !== 'object' || data) return node;
    if (Array.isArray(node)) return node.map((item) => walk(item, false, none));
    const out: Record<string, unknown> = {};
    const source = node as Record<string, unknown>;
    const ref = source.$ref as string;
    if (outside(ref) && !trail.has(ref)) {
      const target = resolve(ref);
      trail.add(ref);
      const released = target && typeof target === 'object' ? walk(target, false, none) : undefined;
      trail.delete(ref);
      if (released !== undefined && JSON.stringify(released) !== JSON.stringify(target)) {
        const { $ref: _, ...siblings } = source;
        return Object.keys(siblings).length
          ? walk(
              { ...siblings, allOf: [...(Array.isArray(siblings.allOf) ? siblings.allOf : []), released] },
              false,
              inherited,
            )
          : released;
      }
    }
    const names = new Set([...inherited, ...markedNames(source)]);
    for (const key of Object.keys(source)) {
      const value =
        key === 'allOf' && Array.isArray(source.allOf)
          ? source.allOf.map((member) => walk(member, false, names))
          : walk(source[key], key === 'enum' || key === 'const' || key === 'default', none);
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    if (Array.isArray(source.required)) {
      const kept = source.required.filter((name) => !(typeof name === 'string' && names.has(name)));
      if (kept.length !== source.required.length) out.required = kept;
    }
    return out;
  };
  return walk(schema, false, none) as object;
}

/**
 * The components, each section a map of names: a component may be named like a keyword cleanSchema strips
 * (Mollie's schema `description`, a `format`, a `title`, an `x-` name) and is kept under that name. The examples and
 * the extensions validate nothing.
 */
function cleanComponents(components: Record<string, unknown>, specId: string, document: OpenApiDocument): unknown {
  const out: Record<string, unknown> = {};
  for (const [section, members] of Object.entries(components)) {
    if (section === 'examples' || section.startsWith('x-') || !members || typeof members !== 'object') continue;
    out[section] = Object.fromEntries(
      Object.entries(members).map(([name, member]) => [name, cleanSchema(member, specId, document)]),
    );
  }
  const parents = discriminatingParents(document);
  if (parents.length)
    out[INHERITED] = Object.fromEntries(
      parents.map(([name, schema]) => [name, cleanSchema(schema, specId, document, true)]),
    );
  return out;
}

/** validators.ts (without its banner). */
export function emitValidators(service: ServiceModel, set: ValidatorSet = validatorSet(service)): string {
  const { file, exports } = set;
  // Nothing to validate: no names and no schemas (an unused one would not compile under noUnusedLocals).
  if (exports.length === 0) return 'export {};\n';
  return validatorsFile(
    singleQuotedLiteral(JSON.stringify(file)),
    exports.map((e) => [e.name, stringLiteral(e.kind), String(e.index)] as const),
  );
}
