// Emits types.ts: openapi-typescript's paths / components / operations types for the bundled spec.
// The client and server emitters add the per-operation aliases on top of these.
// openapi-typescript's entry point would lint and bundle the spec again with its own (older) copy of
// Redocly's openapi-core; the spec is already linted and bundled here, so its transform runs directly.
import {
  astToString,
  type GlobalContext,
  type OpenAPI3,
  resolveRef,
  scanDiscriminators,
  transformSchema,
} from 'openapi-typescript';
import ts from 'typescript';
import { type OpenApiDocument, resolveRef as resolveSpecRef } from '../model/ref.js';
import { webhookSources } from '../model/receivers.js';
import { shownToParse } from '../shown-to-parse.js';
import { discriminatorScanInput } from './discriminator-scan-input.js';
import { commentText, IDENTIFIER, singleQuotedLiteral, stringLiteral } from './escape.js';
import { pathItemsType, withoutPercentSigns } from './openapi-typescript-adapter.js';
import { parentAlternatives } from './parent-discriminator.js';
import { printsParsable } from './parse-proof.js';
import { presortedForTransform, sortedMap } from './presorted-maps.js';
import { tupleType } from './tuple-type.js';
import { viewDeclarations, viewSources } from './view-types.js';
import { withNullableRequired } from './with-required.js';
import { VIEW_ROOTS } from '../model/read-write-views.js';
import type { ServiceModel } from '../model/types.js';
import { escapeToken, followPointer, fragmentTokens, unescapeToken } from '../model/json-pointer.js';

/** Stands for "any other string" in the enum of an open enum until the types are printed. */
const OPEN = '\u0000open-enum';

/**
 * The document as the type transform reads it, with two rewrites; a copy only of the nodes on the way to a
 * rewritten one (the rest is shared with the model's document, which is left as it was: copying a whole large
 * document cost a tenth of its generation).
 *
 * - openapi-typescript types a schema that only lists `required` (a common allOf member:
 *   `allOf: [{$ref: Group}, {required: [id]}]`) as Record<string, never>, which makes the intersection
 *   unusable. Giving those names an unconstrained property keeps the requiredness and loses nothing.
 * - An enum the spec marks `x-open-enum: true` (answers may carry values added later) is typed as its known
 *   values plus any other string, `'A' | 'B' | (string & {})`: editors still suggest the known values. The
 *   transform does not say which schema a type node came from, so the mark travels as a sentinel enum value.
 * - An object schema that says nothing of its members (`{type: object}`: free-form) is typed as any object, where
 *   openapi-typescript's default types it as one that may hold nothing (Record<string, never>); its option
 *   `emptyObjectsUnknown` would do so for `additionalProperties: false` too, an object that must stay empty.
 */
function forTypes(node: unknown, patched: Map<object, Set<string>>): unknown {
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < node.length; i++) {
      const item = node[i];
      const rewritten = forTypes(item, patched);
      if (rewritten !== item) (copy ??= node.slice())[i] = rewritten;
    }
    return copy ?? node;
  }
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, any>;
  let copy: Record<string, any> | undefined;
  // What the transform adds to a discriminator's members goes into copies of the parts it changes.
  const discriminated = patched.get(schema);
  if (discriminated) {
    copy = { ...schema };
    for (const key of ['allOf', 'required'] as const) if (Array.isArray(schema[key])) copy[key] = schema[key].slice();
    if (schema.properties && typeof schema.properties === 'object') copy.properties = { ...schema.properties };
    // The discriminator's property of an allOf parent, declared by the member without requiring it (apple's sirikit
    // `class`): the transform adds a required one beside it, a duplicate member; left to the transform's, whose value
    // is the member's own.
    const own = Object.keys(schema.properties ?? {}).filter(
      (name) => discriminated.has(name) && !(Array.isArray(schema.required) && schema.required.includes(name)),
    );
    for (const name of own) delete copy.properties[name];
  }
  if (
    Array.isArray(schema.required) &&
    !schema.properties &&
    (!schema.type || schema.type === 'object') &&
    !schema.additionalProperties &&
    !schema.$ref &&
    !schema.allOf &&
    !schema.oneOf &&
    !schema.anyOf
  ) {
    const names = schema.required.filter((n: unknown) => typeof n === 'string');
    copy ??= { ...schema };
    copy.properties = Object.fromEntries(names.map((n: string) => [n, {}]));
  }
  if (isFreeForm(schema)) (copy ??= { ...schema }).additionalProperties = true;
  if (schema['x-open-enum'] === true) {
    const open = Array.isArray(schema.enum)
      ? { key: 'enum', value: [...schema.enum, OPEN] }
      : Array.isArray(schema.anyOf)
        ? { key: 'anyOf', value: [...schema.anyOf, { type: 'string', enum: [OPEN] }] }
        : Array.isArray(schema.oneOf)
          ? { key: 'oneOf', value: [...schema.oneOf, { type: 'string', enum: [OPEN] }] }
          : undefined;
    if (open) (copy ??= { ...schema })[open.key] = open.value;
  }
  // The children of the node as it stands now (a copy's rewritten values included).
  const current = copy ?? schema;
  for (const key of Object.keys(current)) {
    if (key === 'examples' || key === 'example') continue;
    const value = current[key];
    const rewritten = forTypes(value, patched);
    if (rewritten !== value) (copy ??= { ...schema })[key] = rewritten;
  }
  return copy ?? node;
}

/**
 * The document with every schema `$ref` that names no component itself (into `#/paths/...`: a request body's
 * property referring back to its own body; into a component's inside: Azure's `#/components/schemas/A/properties/b/
 * allOf/0`, codat's `#/components/parameters/companyId/schema`) pointed at a component: the one its chain of references ends in, else a copy of the schema it names,
 * added as `components.schemas["<name>FromPaths"]` (`["A.properties.b.allOf.0"]` from a component's inside).
 * openapi-typescript writes such a reference as an index that follows the document's keys (`["schema"]`,
 * `["allOf"][0]`), not the types it makes of them, and the type does not compile.
 */
function refsIntoComponents(document: OpenApiDocument): OpenApiDocument {
  const hoisted = new Map<string, { name: string; schema: unknown; kind: ComponentKind }>();
  const step = (ref: string): unknown => followPointer(document, fragmentTokens(ref));
  const taken = new Map<ComponentKind, Set<string>>(
    COMPONENT_KINDS.map((kind) => [kind, new Set(Object.keys(document.components?.[kind] ?? {}))]),
  );
  const target = (ref: string): string => {
    const seen = new Set<string>();
    let current = ref;
    while (current.startsWith('#/') && !inComponents(current) && !seen.has(current)) {
      seen.add(current);
      const node = step(current) as any;
      if (node === undefined) return ref; // dangling: left for the transform to report
      // Text (Shutterstock's code samples refer to one another's `source` inside an extension) is no component.
      if (node === null || typeof node !== 'object') return ref;
      if (typeof node?.$ref === 'string') {
        current = node.$ref;
        continue;
      }
      let entry = hoisted.get(current);
      if (!entry) {
        const tokens = fragmentTokens(current);
        const kind = componentKind(tokens);
        const base =
          tokens[0] === 'components'
            ? tokens.slice(2).join('.')
            : `${unescapeToken(current.split('/').at(-1)!)}FromPaths`;
        let name = base;
        const names = taken.get(kind)!;
        for (let n = 2; names.has(name); n++) name = `${base}${n}`;
        names.add(name);
        hoisted.set(current, (entry = { name, schema: node, kind }));
      }
      // A name may hold a `/` (a media type's, `A.content.application/json.schema`): a pointer's token escapes it.
      return `#/components/${entry.kind}/${escapeToken(entry.name)}`;
    }
    return current;
  };
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const item = node[i];
        const rewritten = rewrite(item);
        if (rewritten !== item) (copy ??= node.slice())[i] = rewritten;
      }
      return copy ?? node;
    }
    if (!node || typeof node !== 'object') return node;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      const rewritten =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !inComponents(value)
          ? target(value)
          : key === 'example' || key === 'examples'
            ? value
            : rewrite(value);
      if (rewritten !== value) (copy ??= { ...(node as Record<string, unknown>) })[key] = rewritten;
    }
    return copy ?? node;
  };
  const out = rewrite(document) as OpenApiDocument;
  if (hoisted.size === 0) return out;
  const components: Record<string, Record<string, unknown>> = {};
  // A hoisted object's own references are pointed the same way (a circular one at itself).
  for (let done = 0; done < hoisted.size; ) {
    const entries = [...hoisted.values()].slice(done);
    done = hoisted.size;
    for (const entry of entries)
      (components[entry.kind] ??= { ...out.components?.[entry.kind] })[entry.name] = rewrite(entry.schema);
  }
  return { ...out, components: { ...out.components, ...components } };
}

/**
 * A reference to a component, or into one where it names no schema (a response's header), or into the views of them
 * (view-types.ts), which are typed as they are.
 */
function inComponents(ref: string): boolean {
  if (ref.startsWith('#/components/')) {
    const tokens = ref.split('/');
    return tokens.length === 4 || (tokens[2] !== 'schemas' && !tokens.slice(4).includes('schema'));
  }
  return Object.values(VIEW_ROOTS).some((root) => ref.startsWith(`#/${root}/`));
}

const COMPONENT_KINDS = ['schemas', 'responses', 'parameters', 'requestBodies', 'headers'] as const;
type ComponentKind = (typeof COMPONENT_KINDS)[number];

/**
 * What a pointer into `paths` names, by where it stands in the path item (DigitalOcean's responses refer to another
 * operation's: `#/paths/~1v2~11-clicks/get/responses/401`): a response, a parameter, a request body, a response's
 * header, else a schema.
 */
function componentKind(tokens: string[]): ComponentKind {
  const operation = tokens.length >= 3 && tokens[0] === 'paths';
  if (operation && tokens.length === 5 && tokens[3] === 'responses') return 'responses';
  if (operation && tokens.length === 4 && tokens[3] === 'requestBody') return 'requestBodies';
  if (operation && tokens.length === 7 && tokens[3] === 'responses' && tokens[5] === 'headers') return 'headers';
  if (operation && (tokens.length === 4 || tokens.length === 5) && tokens.at(-2) === 'parameters') return 'parameters';
  return 'schemas';
}

/**
 * The document with the webhooks the model reads from OpenAPI 3.0's `x-webhooks` extension (receivers.ts) under
 * `webhooks`, where openapi-typescript types them (it reads no extension): `webhooks["<name>"]` as for a 3.1
 * document, the receivers' `typesRef`. A path item the extension holds by `$ref` is typed as the item it names, in
 * place (a 3.0 document has no components of path items for the transform to refer to). Without `x-webhooks` the
 * document is returned as it is, so the types stay openapi-typescript's.
 */
function withExtensionWebhooks(document: OpenApiDocument): OpenApiDocument {
  const { webhooks } = webhookSources(document);
  if (!webhooks.some((w) => w.map === 'x-webhooks')) return document;
  const items = webhooks.map(({ name, item, map }) => [
    name,
    map === 'x-webhooks' && (item as { $ref?: unknown })?.$ref ? ownOperations(resolveSpecRef(document, item)) : item,
  ]);
  return { ...document, webhooks: Object.fromEntries(items) } as OpenApiDocument;
}

/**
 * A path item typed where it is used: without operationIds, which would send its operations' types to `operations`,
 * where the item it was referred from (a path's, say) may have put them already.
 */
function ownOperations(pathItem: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...pathItem };
  for (const [method, op] of Object.entries(pathItem))
    if (op && typeof op === 'object' && 'operationId' in op) {
      const { operationId: _, ...rest } = op;
      out[method] = rest;
    }
  return out;
}

/**
 * The schemas openapi-typescript's discriminator scan writes into (it adds the discriminator's value to each member
 * it finds): the members a discriminator's mapping or oneOf names, and every schema whose allOf holds a reference,
 * each with the discriminator properties of the allOf parents it names.
 */
function discriminatorMembers(document: OpenApiDocument): Map<object, Set<string>> {
  const members = new Map<object, Set<string>>();
  const named = (member: object, property?: string) => {
    const names = members.get(member) ?? new Set<string>();
    if (property) names.add(property);
    members.set(member, names);
  };
  const resolved = (ref: unknown): Record<string, any> | undefined => {
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
    try {
      const target = resolveSpecRef(document, { $ref: ref });
      return target && typeof target === 'object' ? (target as Record<string, any>) : undefined;
    } catch {
      // A reference that leads nowhere: the transform warns about it and patches nothing.
      return undefined;
    }
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(node[i]);
      return;
    }
    const schema = node as Record<string, any>;
    const property = schema.discriminator?.propertyName;
    if (typeof property === 'string') {
      for (const ref of Object.values(schema.discriminator.mapping ?? {})) {
        const target = resolved(ref);
        if (target) named(target);
      }
      if (Array.isArray(schema.oneOf))
        for (const item of schema.oneOf) {
          const target = resolved(item?.$ref);
          if (target) named(target);
        }
    }
    if (Array.isArray(schema.allOf) && schema.allOf.some((item: any) => typeof item?.$ref === 'string')) {
      named(schema);
      for (const item of schema.allOf) {
        const parent = resolved(item?.$ref)?.discriminator?.propertyName;
        if (typeof parent === 'string') named(schema, parent);
      }
    }
    for (const key in schema) visit(schema[key]);
  };
  visit(document);
  return members;
}

/**
 * The document with each use of a discriminating parent (a `$ref` to a parent whose children inherit its
 * discriminator through allOf, outside an allOf) written as the oneOf of the schemas its discriminator names
 * (parentAlternatives): openapi-typescript types the parent as its own members, where a child's members are excess
 * properties and its discriminator is any string. A child's allOf keeps the parent as its own members.
 */
function withParentUnions(document: OpenApiDocument, source: OpenApiDocument): OpenApiDocument {
  const alternatives = viewAlternatives(document, parentAlternatives(source));
  if (alternatives.size === 0) return document;
  const rewrite = (node: unknown, inAllOf: boolean): unknown => {
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const rewritten = rewrite(node[i], inAllOf);
        if (rewritten !== node[i]) (copy ??= node.slice())[i] = rewritten;
      }
      return copy ?? node;
    }
    if (!node || typeof node !== 'object') return node;
    const schema = node as Record<string, unknown>;
    const union = !inAllOf && typeof schema.$ref === 'string' ? alternatives.get(schema.$ref) : undefined;
    if (union) {
      const { $ref: _, ...rest } = schema;
      return { ...rest, oneOf: union.map(($ref) => ({ $ref })) };
    }
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(schema)) {
      if (key === 'examples' || key === 'example') continue;
      const rewritten = rewrite(schema[key], key === 'allOf');
      if (rewritten !== schema[key]) (copy ??= { ...schema })[key] = rewritten;
    }
    return copy ?? node;
  };
  return rewrite(document, false) as OpenApiDocument;
}

/**
 * The alternatives with, for each view of a parent (`#/requestTypes/schemas/<Parent>`: view-types.ts), the same
 * schemas as that direction sees them: each one's view where it has one, else the component.
 */
function viewAlternatives(document: OpenApiDocument, alternatives: Map<string, string[]>): Map<string, string[]> {
  const out = new Map(alternatives);
  for (const root of Object.values(VIEW_ROOTS)) {
    const schemas = (document as Record<string, any>)[root]?.schemas as Record<string, unknown> | undefined;
    if (!schemas) continue;
    const inView = (ref: string) => {
      const name = unescapeToken(ref.slice(COMPONENT_SCHEMAS.length));
      return Object.hasOwn(schemas, name) ? `#/${root}/schemas/${ref.slice(COMPONENT_SCHEMAS.length)}` : ref;
    };
    for (const [parent, refs] of alternatives) {
      const viewed = inView(parent);
      if (viewed !== parent) out.set(viewed, refs.map(inView));
    }
  }
  return out;
}

const COMPONENT_SCHEMAS = '#/components/schemas/';

/**
 * The root types (`export type SchemaPet = components['schemas']['Pet']`) with a discriminating parent's written
 * as the union of the schemas its discriminator names, as each use of the parent is typed; `components` keeps the
 * parent's own members, which its children's allOf names.
 */
function withParentRootTypes(nodes: ts.Node[], source: OpenApiDocument): ts.Node[] {
  const alternatives = parentAlternatives(source);
  if (alternatives.size === 0) return nodes;
  const byName = new Map(
    [...alternatives].map(([parent, refs]) => [
      unescapeToken(parent.slice(COMPONENT_SCHEMAS.length)),
      refs.map((r) => unescapeToken(r.slice(COMPONENT_SCHEMAS.length))),
    ]),
  );
  return nodes.map((node) => {
    if (!ts.isTypeAliasDeclaration(node) || !ts.isTypeReferenceNode(node.type) || !ts.isIdentifier(node.type.typeName))
      return node;
    const match = ROOT_TYPE.exec(node.type.typeName.text);
    const names = match?.[1] === 'schemas' ? byName.get(match[2]!) : undefined;
    if (!names) return node;
    return ts.factory.updateTypeAliasDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      ts.factory.createUnionTypeNode(
        names.map((n) => ts.factory.createTypeReferenceNode(`components['schemas'][${singleQuotedLiteral(n)}]`)),
      ),
    );
  });
}

const MEMBER_KEYWORDS = [
  'properties',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'required',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
  'enum',
  'const',
];

/** An object schema that constrains no member: any object is valid. */
function isFreeForm(schema: Record<string, any>): boolean {
  const object = schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
  return object && !MEMBER_KEYWORDS.some((key) => key in schema);
}

function openEnumType(type: ts.TypeNode): ts.TypeNode | undefined {
  if (!ts.isUnionTypeNode(type)) return undefined;
  // openapi-typescript prints enum literals as identifiers holding the JSON text.
  const isOpen = (m: ts.Node) =>
    (ts.isIdentifier(m) && m.text === JSON.stringify(OPEN)) ||
    (ts.isLiteralTypeNode(m) && ts.isStringLiteral(m.literal) && m.literal.text === OPEN);
  if (!type.types.some(isOpen)) return undefined;
  const known = type.types.filter((m) => !isOpen(m) && m.kind !== ts.SyntaxKind.StringKeyword);
  const anyString = ts.factory.createParenthesizedType(
    ts.factory.createIntersectionTypeNode([
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
      ts.factory.createTypeLiteralNode([]),
    ]),
  );
  return ts.factory.createUnionTypeNode([...known, anyString]);
}

/**
 * The transform's `$ref` resolver, each reference resolved once: the transform asks again for every use (a shared
 * parameter for each operation that lists it, twice over), and the document does not change while it runs.
 */
function resolverOf(schema: OpenAPI3): GlobalContext['resolve'] {
  const resolved = new Map<string, unknown>();
  return <T>(ref: string): T | undefined => {
    if (resolved.has(ref)) return resolved.get(ref) as T | undefined;
    const target = resolveRef<T>(schema, ref, { silent: true });
    resolved.set(ref, target);
    return target;
  };
}

export function emitTypes(service: ServiceModel): string {
  try {
    return typesText(service, false);
  } catch (error) {
    // A name holding a `%` that is no URI escape: typed again with the names spared (withoutPercentSigns).
    if (!(error instanceof URIError)) throw error;
    return typesText(service, true);
  }
}

/** types.ts; `sparePercents`: the transform is handed names without a `%` and its nodes are given them back. */
function typesText(service: ServiceModel, sparePercents: boolean): string {
  // The schemas as requests and answers see them ride in the document (view-types.ts), rewritten as its own are.
  const document = { ...service.document, ...viewSources(service) } as OpenApiDocument;
  const written = withExtensionWebhooks(
    refsIntoComponents(
      withParentUnions(forTypes(document, discriminatorMembers(document)) as OpenApiDocument, service.document),
    ),
  );
  const spared = sparePercents ? withoutPercentSigns(written) : undefined;
  const schema = (spared?.document ?? written) as OpenAPI3;
  // Silent: a mapping target the document does not hold is the model's warning, in the generator's own words;
  // one that is neither an object schema nor an allOf (openapi-typescript adds no enum to it) is no fault. The scan
  // patches the schemas it finds members in: before they are copied into the presorted document.
  const discriminators = scanDiscriminators(discriminatorScanInput(schema) as OpenAPI3, { silent: true });
  // Every map the transform sorts handed to it in order, where that can be (presorted-maps.ts: its sort is slow).
  const presorted = presortedForTransform(schema as unknown as OpenApiDocument, resolverOf(schema)) as
    | OpenAPI3
    | undefined;
  const typed = presorted ?? schema;
  // The options openapiTS() would build from { alphabetize, rootTypes, silent }, and the hooks below.
  const ctx: GlobalContext = {
    additionalProperties: false,
    alphabetize: presorted === undefined,
    // minItems / maxItems do not make tuples (a `string[]` is a valid `tags` of at most five): as
    // openapi-typescript's default and hey-api type them. Tuples are prefixItems' (tupleType).
    arrayLength: false,
    // A member with a default is optional: a caller may leave it out, and no server is bound to fill it in
    // (the generated one does not), so a handler and a client reading an answer may find it absent.
    defaultNonNullable: false,
    discriminators,
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: true,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: openEnumType,
    propertiesRequiredByDefault: false,
    redoc: undefined as unknown as GlobalContext['redoc'], // only read by the skipped lint-and-bundle step
    silent: true,
    inject: undefined,
    transform: tupleType,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: resolverOf(typed),
  };
  const transformed = withNullableRequired([
    ...transformSchema(typed, ctx),
    ...viewDeclarations(typed as unknown as Record<string, unknown>, ctx),
  ]);
  const named = withSafeRootTypes(
    withParentRootTypes(spared ? spared.restore(transformed) : transformed, service.document),
  );
  // One walk of the tree both makes its names and comments safe and shows that the printed text parses.
  let literalsToEscape = false;
  const parses = printsParsable(named, (node) => {
    if (madeSafe(node)) literalsToEscape = true;
  });
  const declarations = literalsToEscape ? withEscapedLiterals(named) : named;
  const printed = astToString(declarations);
  const made = callbacksType(service, typed as Record<string, any>, ctx, spared?.restoreText);
  const callbacks = made && spared ? spared.restore([made])[0] : made;
  const text = printed + (callbacks ? astToString(callbacks) : '');
  // Each part's statements end where the next part's begin (`;` or `}` and a newline), so the two parse as one.
  const joined = callbacks === undefined || printed === '' || /[;}]\n$/.test(printed);
  const proven = literalsToEscape ? printsParsable(declarations) : parses;
  if (joined && proven && (!callbacks || printsParsable([callbacks]))) shownToParse(text);
  return text;
}

/** openapi-typescript's root type of a component (`rootTypes`): `components['<kind>']['<name>']` as one identifier. */
const ROOT_TYPE = /^components\['([A-Za-z]+)'\]\['([\s\S]*)'\]$/;

/**
 * The transform's declarations with every type name it wrote as raw text made safe (each node then checked by
 * madeSafe, in the proof's walk), and its JSDoc text passed through commentText (it defuses `*\/` itself, but writes control characters and line separators as they are). openapi-typescript writes each
 * root type's target (`export type SchemaPet = components['schemas']['Pet']`) as the text of one identifier, the
 * component's name unescaped: a schema named `x'];<code>` would print code. The name is written again as a
 * quoted literal (the same text for any name without a quote, backslash or control character). Any other type
 * name that is not an identifier (a `$ref`'s first segment is one) is refused.
 */
function withSafeRootTypes(nodes: ts.Node[]): ts.Node[] {
  return nodes.map((node) => {
    if (!ts.isTypeAliasDeclaration(node) || !ts.isTypeReferenceNode(node.type) || !ts.isIdentifier(node.type.typeName))
      return node;
    const match = ROOT_TYPE.exec(node.type.typeName.text);
    if (!match) return node;
    const target = `components['${match[1]}'][${singleQuotedLiteral(match[2]!)}]`;
    return ts.factory.updateTypeAliasDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      ts.factory.createTypeReferenceNode(target),
    );
  });
}

/**
 * Makes one node of the declarations safe (see withSafeRootTypes): refuses a type name that is not an identifier,
 * passes its JSDoc through commentText; true where it holds a literal to escape (withEscapedLiterals).
 */
function madeSafe(node: ts.Node): boolean {
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const text = node.typeName.text;
    if (!IDENTIFIER.test(text) && !ROOT_TYPE.test(text))
      throw new Error(`types: a type name that is not an identifier (${JSON.stringify(text)}): refused`);
  }
  const comments = ts.getSyntheticLeadingComments(node);
  if (comments?.some((c) => commentText(c.text) !== c.text))
    ts.setSyntheticLeadingComments(
      node,
      comments.map((c) => ({ ...c, text: commentText(c.text) })),
    );
  return ts.isIdentifier(node) && SEPARATORS.test(node.text);
}

const SEPARATORS = /[\u2028\u2029]/;

/**
 * The declarations with each string literal openapi-typescript wrote as an identifier holding JSON text (an enum's
 * or a const's value) written by stringLiteral instead: JSON leaves U+2028 and U+2029 raw, the escaper does not.
 */
function withEscapedLiterals(nodes: ts.Node[]): ts.Node[] {
  const result = ts.transform(nodes, [
    (context) => (root) => {
      const visit = (node: ts.Node): ts.Node =>
        ts.isIdentifier(node) && SEPARATORS.test(node.text) && node.text.startsWith('"')
          ? ts.factory.createIdentifier(stringLiteral(JSON.parse(node.text) as string))
          : ts.visitEachChild(node, visit, context);
      return ts.visitNode(root, visit)!;
    },
  ]);
  return result.transformed;
}

/**
 * openapi-typescript types webhooks (`webhooks`) but not the callbacks of operations: their path items are typed
 * here the same way, as `callbacks["<operation>.<callback>"]` (the receivers' `typesRef`).
 */
function callbacksType(
  service: ServiceModel,
  document: Record<string, any>,
  ctx: GlobalContext,
  pathAsWritten: (path: string) => string = (path) => path,
): ts.InterfaceDeclaration | undefined {
  const items: Record<string, unknown> = {};
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item ?? {})) {
      if (!op || typeof op !== 'object' || !op.callbacks) continue;
      const owner = service.operations.find((o) => o.path === pathAsWritten(path) && o.method === method.toUpperCase());
      if (!owner) continue;
      for (const [name, raw] of Object.entries<any>(op.callbacks)) {
        const callback = raw?.$ref ? ctx.resolve<Record<string, unknown>>(raw.$ref) : raw;
        const expressions = Object.keys(callback ?? {}).filter((k) => !k.startsWith('x-'));
        expressions.forEach((expression, index) => {
          const key = `${owner.id}.${name}${expressions.length > 1 ? `.${index + 1}` : ''}`;
          const raw = callback![expression] as { $ref?: string };
          const pathItem = { ...((raw?.$ref ? ctx.resolve(raw.$ref) : raw) as Record<string, any>) };
          // An operationId would send the operation's type to `operations`, which is printed already.
          for (const [m, value] of Object.entries(pathItem))
            if (value && typeof value === 'object' && 'operationId' in value) {
              const { operationId: _, ...rest } = value;
              pathItem[m] = rest;
            }
          items[key] = pathItem;
        });
      }
    }
  }
  if (Object.keys(items).length === 0) return undefined;
  // Without the transform's sort (presorted-maps.ts) the map is handed in its order, its path items presorted.
  const type = pathItemsType((ctx.alphabetize ? items : sortedMap(items)) as never, ctx);
  return ts.factory.createInterfaceDeclaration(
    [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
    'callbacks',
    undefined,
    undefined,
    type.members,
  );
}
