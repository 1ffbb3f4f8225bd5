// Why a schema the round trip found no value for admits none, where that can be shown from the schema alone: the
// round trip lists such a body, answer or parameter with its reason, and one it cannot show a reason for without.
// Each reason is a proof, not a guess: every check below is one no value can pass.
import { createRequire } from 'node:module';
import type { Root, Token } from 'ret';
import { disjointMember, disjointTypes } from '../../generator/model/disjoint-types.js';
import { type OpenApiDocument, resolveRef } from '../../generator/model/index.js';

// ret is CommonJS: its module.exports is the tokenizer, with `types` on it.
const ret = createRequire(import.meta.url)('ret') as typeof import('ret').tokenizer & {
  types: typeof import('ret').types;
};
const { types } = ret;

/** A schema with its allOf folded into one (the round trip's merger), or undefined where it cannot be. */
export type Merge = (schema: unknown) => unknown;

/**
 * ` (reason)` where `schema` is shown to admit no value, else an empty string. Shown: a oneOf two of whose
 * alternatives are the same schema but for annotations (readme's `ApplicationApprovedEvent` and
 * `ApplicationDeniedEvent`, each only an allOf of one parent), which every value matches both or neither of; an allOf
 * of types no value has together (`string` and `integer`); a string whose pattern's shortest match is longer than
 * its maxLength (AWS App Runner's `ServiceId`: 36 characters under `maxLength: 32`); an object that requires,
 * through `$ref`s to non-nullable objects, a member of its own schema (readme's `TreeNode.parent`), which no finite
 * value holds; `not: {}`, as the model checks an enum none of whose values is of the declared type (Mercedes-Benz's
 * `ProductGroup`: an object of strings); an object requiring a member its `additionalProperties: false` forbids
 * and no allOf member lists (e-conomic's `Employee`); a pattern that matches no string (sinao's
 * `/^.*[a-z]+.*$/i`); a oneOf two of whose alternatives admit only `{}`; a string of a format that holds no backslash (email, hostname, ...) whose pattern requires one
 * (Amadeus' contact email, an escape written twice); a format of one length outside its length bounds (Intercom's
 * uuid under `maxLength: 24`); an allOf one of whose members, an object one of whose required members, or an array one of
 * whose required items, is any of these.
 */
export function noValueReason(document: OpenApiDocument, schema: unknown, merge: Merge): string {
  const cycle = requiredCycle(document, schema);
  if (cycle) return ` (${cycle} requires a member of its own schema: no finite value)`;
  const reason = why(document, schema, merge, '', 0);
  return reason ? ` (${reason})` : '';
}

function why(document: OpenApiDocument, schema: unknown, merge: Merge, at: string, depth: number): string | undefined {
  if (depth > 8) return undefined;
  const node = resolveRef<any>(document, schema ?? {});
  const where = at ? `${at}: ` : '';
  if (node === false) return `${where}the schema \`false\` admits no value`;
  if (!node || typeof node !== 'object') return undefined;
  // What the model makes of a schema it finds admits none (an enum of no value of its type): `not: {}`, warned.
  const not = node.not;
  if (not === true || (not && typeof not === 'object' && Object.keys(not).length === 0))
    return `${where}it admits no value: \`not: {}\`, as the model checks an empty enum or one of no value of its type`;
  const twins = sameAlternatives(document, node, merge);
  if (twins) return `${where}its oneOf's ${twins[0]} and ${twins[1]} accept the same values`;
  const disjoint = Array.isArray(node.allOf) ? disjointTypes(document, node.allOf) : undefined;
  if (disjoint) return `${where}its allOf asks for ${disjoint.join(' and ')}, which no value is at once`;
  // What the model warns about (disjoint-types.ts): Cloudflare's `result`, an object and an array.
  const clash = disjointMember(document, node);
  if (clash?.required)
    return `${where}its allOf types its required ${clash.name} ${clash.types.join(' and ')}, which no value is at once`;
  const forbidden = forbiddenRequired(node, merge);
  if (forbidden !== undefined)
    return `${where}it requires ${forbidden}, which it does not list and its additionalProperties: false forbids`;
  const empties = emptyOnlyAlternatives(document, node, merge);
  if (empties)
    return `${where}every alternative of its oneOf (${empties.join(', ')}) admits only {}, which matches them all`;
  // A oneOf or anyOf admits none where none of its alternatives admits one (PeerTube's token request: both grants
  // require a client id whose delimited pattern matches nothing).
  for (const key of ['oneOf', 'anyOf'] as const) {
    const alternatives: unknown[] = Array.isArray(node[key]) ? node[key] : [];
    if (alternatives.length === 0) continue;
    const reasons = alternatives.map((a) => why(document, a, merge, '', depth + 1));
    if (reasons.every((r) => r !== undefined))
      return `${where}no alternative of its ${key} admits a value (${nameOf(alternatives[0], 'the first')}: ${reasons[0]})`;
  }
  // An allOf admits what each of its members admits, so none where one admits none.
  for (const member of Array.isArray(node.allOf) ? node.allOf : []) {
    const reason = why(document, member, merge, at, depth + 1);
    if (reason) return reason;
  }
  const flat: any = node.allOf ? (merge(node) ?? node) : node;
  if (typeof flat.pattern === 'string' && matchesNothing(flat.pattern))
    return `${where}its pattern ${JSON.stringify(flat.pattern)} matches no string: \`^\` after a character or \`$\` before one`;
  if (typeof flat.pattern === 'string' && BACKSLASH_FREE.has(flat.format) && requiresBackslash(flat.pattern))
    return `${where}its pattern ${JSON.stringify(flat.pattern)} requires a \`\\\` (an escape written twice), which no ${flat.format} holds`;
  // A format of one length (Intercom's contact `id`: a uuid, 36 characters, under `maxLength: 24`).
  const length = FIXED_LENGTH[flat.format];
  if (
    length !== undefined &&
    ((typeof flat.maxLength === 'number' && flat.maxLength < length) ||
      (typeof flat.minLength === 'number' && flat.minLength > length))
  )
    return `${where}its format ${flat.format} is ${length} characters long, outside its ${flat.minLength ?? 0} to ${flat.maxLength ?? '∞'}`;
  const shortest = typeof flat.pattern === 'string' ? shortestMatch(flat.pattern) : undefined;
  if (shortest !== undefined && typeof flat.maxLength === 'number' && shortest > flat.maxLength)
    return `${where}its pattern's shortest match is ${shortest} characters, over its maxLength ${flat.maxLength}`;
  for (const name of Array.isArray(flat.required) ? flat.required : []) {
    const member = flat.properties?.[name];
    if (member === undefined) continue;
    const reason = why(document, member, merge, at ? `${at}.${name}` : name, depth + 1);
    if (reason) return reason;
  }
  // An array that must hold an item admits none where its items admit none.
  if (typeof flat.minItems === 'number' && flat.minItems > 0 && flat.items && typeof flat.items === 'object')
    return why(document, flat.items, merge, `${at}[]`, depth + 1);
  return undefined;
}

/** A schema's name for a reason: its `$ref`'s last segment, else its place. */
const nameOf = (ref: unknown, place: string) => (ref as any)?.$ref?.split('/').pop() ?? place;

/**
 * A oneOf all of whose alternatives are objects that admit only the empty object and admit it (`type: object`,
 * `additionalProperties: false` with no properties or patternProperties, their allOf's included, nothing required,
 * no minProperties, enum, const or not): `{}` matches every one, and nothing else matches any.
 */
function emptyOnlyAlternatives(document: OpenApiDocument, node: any, merge: Merge): string[] | undefined {
  const alternatives: unknown[] = Array.isArray(node.oneOf) ? node.oneOf : [];
  const emptyOnly = (a: unknown) => {
    const s = resolveRef<any>(document, a ?? {});
    const flat: any = s?.allOf ? merge(a) : s;
    if (!s || !flat || s.additionalProperties !== false || s.patternProperties !== undefined) return false;
    if ([flat.type].flat().join() !== 'object') return false;
    // Its allOf members' properties are its own as the generated server reads it, merged (closed-allof-members.ts).
    if (flat.properties && Object.keys(flat.properties).length > 0) return false;
    const narrowing = ['required', 'minProperties', 'enum', 'const', 'not', 'anyOf', 'oneOf', 'if'];
    return narrowing.every((k) => flat[k] === undefined || (k === 'required' && flat[k].length === 0));
  };
  return alternatives.length > 1 && alternatives.every(emptyOnly)
    ? alternatives.map((a, i) => nameOf(a, `alternative ${i + 1}`))
    : undefined;
}

/** The names of two oneOf alternatives that are the same schema but for annotations, if any two are. */
function sameAlternatives(document: OpenApiDocument, node: any, merge: Merge): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const [i, ref] of (Array.isArray(node.oneOf) ? node.oneOf : []).entries()) {
    // A component by its name; a `$ref` deeper into one (PagerDuty's `.../last_run_by/oneOf/1`) by its place.
    const component = /^#\/components\/schemas\/([^/]+)$/.exec((ref as any)?.$ref ?? '')?.[1];
    const name = component ?? `alternative ${i + 1}`;
    const key = JSON.stringify(withoutAnnotations(merge(ref) ?? resolveRef<any>(document, ref)));
    const twin = seen.get(key);
    if (twin !== undefined) return [twin, name];
    seen.set(key, name);
  }
  return undefined;
}

/**
 * A member an object requires, itself or through its allOf, that neither its `properties` nor its allOf members'
 * list while its `additionalProperties: false` (and no `patternProperties`) forbids any other (e-conomic's
 * `Employee`, requiring `canApprove`). The allOf members' count as Prism reads them, merged, and as the generated
 * server does (closed-allof-members.ts): codat's `TransactionMetadataList`, closed beside a `PagingInfo` requiring
 * `pageNumber`, admits one.
 */
function forbiddenRequired(node: any, merge: Merge): string | undefined {
  if (node.additionalProperties !== false || node.patternProperties !== undefined) return undefined;
  const merged = node.allOf ? (merge(node) as any) : undefined;
  const listed = { ...(merged?.properties ?? {}), ...(node.properties ?? {}) };
  const required = [node.required, merged?.required].flatMap((r) => (Array.isArray(r) ? r : []));
  return required.find((name: unknown) => !Object.hasOwn(listed, String(name)));
}

/**
 * The name of a schema that requires, through a chain of required members each a `$ref` to a non-nullable object
 * schema, a member of that same schema; undefined when none does.
 */
function requiredCycle(document: OpenApiDocument, schema: unknown): string | undefined {
  const start = (schema as any)?.$ref as string | undefined;
  if (!start) return undefined;
  const visiting = new Set<string>();
  const reaches = (ref: string): boolean => {
    if (visiting.has(ref)) return ref === start;
    visiting.add(ref);
    const s = resolveRef<any>(document, { $ref: ref });
    const nullable = s?.nullable === true || [s?.type].flat().includes('null');
    if (!s || nullable || [s.type].flat()[0] !== 'object') return false;
    return (s.required ?? []).some((name: string) => {
      const member = s.properties?.[name]?.$ref;
      return typeof member === 'string' && member.startsWith('#/') && reaches(member);
    });
  };
  return reaches(start) ? start.split('/').pop() : undefined;
}

/**
 * The fewest characters a match of `pattern` has (ret's tokens: each alternative's shortest, each repetition its
 * minimum, lookarounds and back-references none), a bound no match goes under; undefined where ret cannot read it.
 * JSON Schema's patterns are not anchored, so a string matching one holds a match and is at least that long.
 */
export function shortestMatch(pattern: string): number | undefined {
  try {
    return shortest(ret(pattern));
  } catch {
    return undefined;
  }
}

function shortest(token: Token | Root): number {
  switch (token.type) {
    case types.ROOT:
    case types.GROUP: {
      if ('remember' in token && (token.followedBy || token.notFollowedBy || token.lookBehind)) return 0;
      const sequences = token.options ?? [token.stack ?? []];
      return Math.min(...sequences.map((s) => s.reduce((sum: number, t: Token) => sum + shortest(t), 0)));
    }
    case types.REPETITION:
      return token.min * shortest(token.value);
    case types.SET:
    case types.CHAR:
      return 1;
    default:
      // Positions and back-references: a back-reference may repeat an empty group.
      return 0;
  }
}

/** Formats whose strings have one length (RFC 9562's uuid, RFC 3339's full-date). */
const FIXED_LENGTH: Record<string, number> = { uuid: 36, date: 10 };

/** Formats whose strings never hold a backslash (ajv-formats' patterns for them admit none). */
const BACKSLASH_FREE = new Set(['email', 'hostname', 'ipv4', 'ipv6', 'uuid', 'date', 'date-time', 'time']);

/**
 * Whether every match of `pattern` holds a backslash: its top level, in every alternative, has a literal `\` outside
 * any optional part (Amadeus' contact email, `@[a-zA-Z0-9-]+\\.[a-z]+` in its JSON: `\\` then any character).
 * False where ret cannot read it.
 */
export function requiresBackslash(pattern: string): boolean {
  const sequences = topSequences(pattern);
  return (
    sequences !== undefined &&
    sequences.every((sequence) => sequence.some((token) => token.type === types.CHAR && token.value === 92))
  );
}

/** The alternatives at a pattern's top, each its sequence of ret's tokens; undefined where ret cannot read it. */
function topSequences(pattern: string): Token[][] | undefined {
  try {
    const root = ret(pattern);
    return root.options ?? [root.stack ?? []];
  } catch {
    return undefined;
  }
}

/**
 * Whether `pattern` can match no string: every alternative at its top asserts the input's start (`^`) after a
 * character it must match, or its end (`$`) before one (sinao's `/^.*[a-z]+.*$/i`, a delimited PHP pattern written
 * as ECMA-262's). JSON Schema's patterns take no flags, so `^` and `$` are the input's ends. False where ret cannot
 * read it or an anchor sits inside a group.
 */
export function matchesNothing(pattern: string): boolean {
  const sequences = topSequences(pattern);
  if (sequences === undefined) return false;
  return sequences.every((sequence) =>
    sequence.some((token, i) => {
      if (token.type !== types.POSITION) return false;
      const before = sequence.slice(0, i).reduce((n: number, t: Token) => n + shortest(t), 0);
      const after = sequence.slice(i + 1).reduce((n: number, t: Token) => n + shortest(t), 0);
      return (token.value === '^' && before > 0) || (token.value === '$' && after > 0);
    }),
  );
}

/** A schema without the keywords that validate nothing (titles, descriptions, examples), its keys sorted. */
function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (!node || typeof node !== 'object') return node;
  const annotations = ['title', 'description', 'example', 'examples', 'externalDocs', '$comment', 'deprecated'];
  const kept = Object.keys(node)
    .filter((k) => !annotations.includes(k) && !k.startsWith('x-'))
    .sort();
  return Object.fromEntries(
    kept.map((k) => {
      const value = (node as Record<string, unknown>)[k];
      // A `properties` map's keys are members, not keywords: only its members lose their annotations.
      if (k === 'properties' && value && typeof value === 'object')
        return [
          k,
          Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((m) => [m, withoutAnnotations((value as Record<string, unknown>)[m])]),
          ),
        ];
      return [k, withoutAnnotations(value)];
    }),
  );
}
