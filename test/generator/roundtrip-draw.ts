// Values drawn from a document's schemas for the round trip (corpus-roundtrip-suite.ts): json-schema-faker's draw
// (seeded, `$ref`s riding along, patterns by fast-check where it misses), then where the validator refuses every
// plain draw, allOf members merged, the schemas' own examples, deeper `$ref`s, one oneOf alternative told apart from
// the others; each kept only where the package's own validator accepts it.
import mergeAllOf from '@stoplight/json-schema-merge-allof';
import { generateSync } from 'json-schema-faker';
import { resolveRef, type ServiceModel, unescapeToken } from '../../generator/model/index.js';
import { drawable } from './drawable-schemas.js';
import { hasLookaround, withPatternValues } from './pattern-values.js';

/** One of the package's validators (validators.ts): whether it accepts a value, and why not after a refusal. */
export type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** Whether a document has a pattern with a lookaround anywhere (read once a document). */
const lookarounds = new WeakMap<object, boolean>();
function hasLookarounds(document: object): boolean {
  let has = lookarounds.get(document);
  if (has === undefined) lookarounds.set(document, (has = /\(\?<?[=!]/.test(JSON.stringify(document))));
  return has;
}

/**
 * A value derived by json-schema-faker (seeded), the components and paths riding along for $refs. A draw larger than a
 * server's default body limit (nested arrays of up to 500 items each multiply: AWS's ground station; a string of
 * `maxLength: 16777216`, AWS's SQL queries) is drawn again with at most two items an array and 64 characters a
 * string.
 */
export function sample(
  model: ServiceModel,
  schema: unknown,
  seed = 7,
  useExamplesValue = false,
  {
    patterns = false,
    request = false,
    depth = 2,
    largest = LARGEST_DRAW,
    encoded = false,
    requiredOnly = false,
  }: Draw = {},
): unknown {
  const resolved = resolveRef<any>(model.document, schema ?? {});
  const drawn = drawable(model.document, request ? 'request' : 'answer');
  const given = { ...(drawn.of(resolved) as object), components: drawn.components, paths: drawn.paths };
  // A pattern with a lookaround is always drawn so: the package's validator (RE2) leaves it unchecked, so a value
  // json-schema-faker draws past it would be accepted here and refused by Prism.
  const source = patterns
    ? withPatternValues(given, seed)
    : hasLookarounds(model.document)
      ? withPatternValues(given, seed, hasLookaround)
      : given;
  const draw = (small: boolean) => {
    const options = {
      seed,
      alwaysFakeOptionals: false,
      ...(requiredOnly ? { optionalsProbability: 0 } : {}),
      refDepth: depth,
      useExamplesValue,
      ...(small ? { maxDefaultItems: 1, maxItems: 2, maxLength: 64 } : {}),
      // readOnly members are the server's to fill (OpenAPI: SHOULD NOT be sent); Prism refuses them in a request
      // whose schema is closed (apideck's `id`, `created_at`).
      ...(request ? { ignoreProperties: [(member: { readOnly?: unknown } | null) => member?.readOnly === true] } : {}),
    };
    let value: any;
    try {
      value = generateSync(source as never, options as never);
    } catch {
      // json-schema-faker reads an object's `example` as a schema (Jira's field example with `type: single_select`,
      // "unknown primitive"): no value from this draw; the others, the examples' values first among them, go on.
      return undefined;
    }
    // The components and paths ride along as members of an open object: not part of the value.
    if (value && typeof value === 'object' && !resolved.properties?.components) delete value.components;
    if (value && typeof value === 'object' && !resolved.properties?.paths) delete value.paths;
    // json-schema-faker counts them toward minProperties: the members they stood for, drawn from the additional
    // members' schema (AWS SNS's required `attributes`, a map of strings, came out empty).
    const extra = resolved.additionalProperties;
    if (value && typeof value === 'object' && !Array.isArray(value) && extra !== false)
      for (let n = 1; Object.keys(value).length < (resolved.minProperties ?? 0); n++)
        if (!(`member${n}` in value))
          value[`member${n}`] =
            extra === true || extra === undefined ? 'a' : sample(model, extra, seed + n, useExamplesValue, { depth });
    return value;
  };
  const value = draw(false);
  const text = JSON.stringify(value) ?? '';
  return (encoded ? encodeURIComponent(text) : text).length > largest ? draw(true) : value;
}

/**
 * How a value is drawn: `pattern` strings by fast-check (pattern-values.ts); for a request, without readOnly members;
 * `$ref`s followed `depth` deep (json-schema-faker's refDepth, past which it leaves a member out or empty).
 */
interface Draw {
  patterns?: boolean;
  request?: boolean;
  depth?: number;
  /** The JSON length past which the value is drawn again small; `encoded`: of the JSON percent-encoded. */
  largest?: number;
  encoded?: boolean;
  /** Only the required members of every object. */
  requiredOnly?: boolean;
}

/** A quarter of the generated server's default body limit (1 MiB), whatever a value's encoding adds. */
const LARGEST_DRAW = 256 * 1024;

/**
 * A parameter's, percent-encoded: its value rides in the request line or a header, which node's server takes up to
 * 16 KB in all (431 past it); AWS's STS allows 2,048 characters of any Unicode in a query value (up to 9 encoded
 * characters each) and 100,000 in its `SAMLAssertion`.
 */
export const LARGEST_PARAMETER = 1024;

/**
 * The schema with every allOf merged into one schema, $refs inlined on the way: json-schema-faker draws each
 * member of an allOf on its own, so an enum or a required member one member adds to another is lost (DigitalOcean's
 * action bodies: an anyOf of allOfs). Undefined where the members cannot be merged or the $refs do not end.
 */
export function mergedSchema(model: ServiceModel, schema: unknown): unknown {
  let inlined = 0;
  try {
    return mergeAllOf(withIntegers(resolveRef<any>(model.document, schema ?? {})), {
      ignoreAdditionalProperties: true,
      // Annotations and OpenAPI's own keywords (discriminator, xml, example): the first member's.
      resolvers: { defaultResolver: (values: unknown[]) => values[0] },
      $refResolver: (ref: string) => {
        if (++inlined > 5000) throw new Error('recursive schema');
        return withIntegers(resolveRef<any>(model.document, { $ref: ref }));
      },
    });
  } catch {
    return undefined;
  }
}

/**
 * The schema with `type: number` written as `[integer, number]`, which accepts the same values: the merger refuses an
 * allOf of `number` and `integer` as incompatible (GitHub's workflow_job payloads) where it takes their common
 * `integer` from the lists.
 */
function withIntegers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withIntegers);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && (value === 'number' || (Array.isArray(value) && value.includes('number'))))
      out[key] = [...new Set(['integer', ...(Array.isArray(value) ? value : [value])])];
    else out[key] = ['enum', 'const', 'default', 'example', 'examples'].includes(key) ? value : withIntegers(value);
  }
  return out;
}

/** The value with each empty string (at its top, or an item or member of it) replaced by `a`. */
export function nonEmpty(value: unknown): unknown {
  if (value === '') return 'a';
  if (Array.isArray(value)) return value.map(nonEmpty);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nonEmpty(v)]));
  return value;
}

/**
 * The schema with each member that says nothing of its type (`{}`, digitallocker's `X509Data`) typed as a string:
 * XML carries text only, so such a member reads back as the text of whatever was drawn (`false` as `"false"`), and
 * an XML value is drawn with text there. `$ref`s are followed to a depth of eight, then kept.
 */
export function textLeaves(model: ServiceModel, schema: unknown, depth = 0): unknown {
  if (depth > 8) return schema;
  const s = resolveRef<any>(model.document, schema ?? {});
  if (!s || typeof s !== 'object' || Array.isArray(s)) return schema;
  const structural = ['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum', 'const', 'not', '$ref'];
  if (!structural.some((k) => k in s) && typeof s.additionalProperties !== 'object') return { ...s, type: 'string' };
  const out: Record<string, unknown> = { ...s };
  const inner = (x: unknown) => textLeaves(model, x, depth + 1);
  if (s.properties && typeof s.properties === 'object')
    out.properties = Object.fromEntries(Object.entries<unknown>(s.properties).map(([k, v]) => [k, inner(v)]));
  if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) out.items = inner(s.items);
  for (const k of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(s[k])) out[k] = s[k].map(inner);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    out.additionalProperties = inner(s.additionalProperties);
  return out;
}

/** The example where the validator accepts it, else the first derived value it accepts; undefined when none. */
export function validValue(
  model: ServiceModel,
  schema: unknown,
  example: unknown,
  validate?: Validate,
  request = false,
): unknown {
  if (!validate) return example ?? sample(model, schema, 7, false, { request });
  if (example !== undefined && validate(example)) return example;
  // The schema's own example, where json-schema-faker draws nothing (Cloudflare's queue consumer body: a schema of an
  // `example` alone, which admits any value).
  const own = resolveRef<any>(model.document, schema ?? {});
  for (const given of [Array.isArray(own?.examples) ? own.examples[0] : undefined, own?.example])
    if (given !== undefined && validate(given)) return given;
  for (let seed = 1; seed <= 20; seed++) {
    const value = sample(model, schema, seed, false, { request });
    if (validate(value)) return value;
  }
  // Values a random draw rarely meets (patterns, formats of nested members): the schemas' own examples.
  for (let seed = 1; seed <= 5; seed++) {
    const value = sample(model, schema, seed, true, { request });
    if (validate(value)) return value;
  }
  const merged = mergedSchema(model, schema);
  for (let seed = 1; merged !== undefined && seed <= 20; seed++) {
    const value = sample(model, merged, seed, seed > 10, { request });
    if (validate(value)) return value;
  }
  // Required members further than json-schema-faker's refDepth (apideck's report: an object of sections of
  // records, each section holding records again), which it leaves out or draws empty.
  for (let seed = 1; seed <= 5; seed++) {
    const value = sample(model, schema, seed, false, { request, depth: 5 });
    if (validate(value)) return value;
  }
  // Patterns json-schema-faker draws wrong: their strings drawn by fast-check (pattern-values.ts).
  for (let seed = 1; seed <= 5; seed++) {
    const value = sample(model, merged ?? schema, seed, false, { patterns: true, request });
    if (validate(value)) return value;
  }
  // An object whose allOf gives members its own additionalProperties types otherwise (Azure Data Factory's
  // `PipelineResource`: the allOf's string `id`, `name`, `etag` beside `additionalProperties: {type: object}`,
  // which JSON Schema applies to them): its own members only, where those admit a value.
  const top = resolveRef<any>(model.document, schema ?? {});
  if (top && typeof top === 'object' && Array.isArray(top.allOf) && top.additionalProperties !== undefined) {
    const { allOf: _members, ...alone } = top;
    for (let seed = 1; seed <= 5; seed++) {
      const value = sample(model, alone, seed, false, { request });
      if (validate(value)) return value;
    }
  }
  // A map whose own `example` json-schema-faker draws as a member named `example` (apis.guru's `APIs`, whose
  // example itself misses a required member), or takes as the map's value (HubSpot's task `links`, an object
  // whose example is an array): drawn without those examples, at the top and in its members.
  const unexampled = withoutMapExamples(model, schema);
  if (unexampled !== schema)
    for (let seed = 1; seed <= 5; seed++) {
      const value = sample(model, unexampled, seed, false, { request });
      if (validate(value)) return value;
    }
  // Objects of dozens of optional members each a `$ref` to more (Telegram's `Message`): past refDepth
  // json-schema-faker draws values of no member's type (`false` for an object), so only the required members are
  // drawn, `$ref`s five deep.
  for (let seed = 1; seed <= 5; seed++) {
    const value = sample(model, schema, seed, false, { request, requiredOnly: true, depth: 5 });
    if (validate(value)) return value;
  }
  return (
    oneAlternative(model, schema, validate, request) ??
    allOfAlternatives(model, schema, validate, request) ??
    besideAlternatives(model, schema, validate, request) ??
    nestedAlternatives(model, schema, validate, request)
  );
}

/**
 * A value of a schema whose anyOf or oneOf sits beside members of its own (Iceberg's metrics report: a scan or a
 * commit report, beside a required `report-type`), of which json-schema-faker draws the own members alone: each
 * alternative merged with them, drawn as is and with its required members only, with and without its maps' own
 * examples. Undefined where none is found.
 */
function besideAlternatives(model: ServiceModel, schema: unknown, validate: Validate, request: boolean): unknown {
  const top = resolveRef<any>(model.document, schema ?? {});
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alternatives: unknown[] = Array.isArray(top?.[key]) ? top[key] : [];
    const { [key]: _alternatives, ...own } = top ?? {};
    if (alternatives.length === 0 || !own.properties) continue;
    for (const alternative of alternatives) {
      const joined = { ...own, allOf: [...(Array.isArray(own.allOf) ? own.allOf : []), alternative] };
      const merged = mergedSchema(model, joined) ?? joined;
      // Its maps' own examples left out too (Iceberg's `Metrics`, whose example json-schema-faker draws as a member).
      for (const source of new Set([merged, withoutMapExamples(model, merged)]))
        for (const draw of [{}, { requiredOnly: true, depth: 5 }])
          for (let seed = 1; seed <= 5; seed++) {
            const value = sample(model, source, seed, false, { ...draw, request });
            if (validate(value)) return value;
          }
    }
  }
  return undefined;
}

/**
 * A value of an allOf one of whose members is a oneOf (WireMock's delay settings: a log-normal or a uniform delay,
 * all members optional, beside `fixedDelay`): the oneOf's alternatives each merged with the other members, one told
 * apart from the others (oneAlternative). Undefined where the schema is no such allOf or none is found.
 */
function allOfAlternatives(model: ServiceModel, schema: unknown, validate: Validate, request: boolean): unknown {
  const top = resolveRef<any>(model.document, schema ?? {});
  const members: unknown[] = Array.isArray(top?.allOf) ? top.allOf : [];
  const at = members.findIndex((m) => Array.isArray(resolveRef<any>(model.document, m ?? {})?.oneOf));
  if (at < 0) return undefined;
  const { allOf: _members, ...own } = top;
  const rest = members.filter((_, i) => i !== at);
  const alternatives = resolveRef<any>(model.document, members[at]!).oneOf.map((a: unknown) => {
    const joined = { ...own, allOf: [a, ...rest] };
    return mergedSchema(model, joined) ?? joined;
  });
  return oneAlternative(model, { oneOf: alternatives }, validate, request);
}

/**
 * A draw whose only faults are oneOfs inside it that its value matches more than one alternative of (InfluxDB's
 * `Variable.arguments`: a query's, a constant's or a map's properties, every member optional, drawn `{}`): each such
 * member's value replaced by one alternative's told apart from the others (oneAlternative), checked by the whole
 * value's validator. Undefined when a draw still fails.
 */
function nestedAlternatives(model: ServiceModel, schema: unknown, validate: Validate, request: boolean): unknown {
  // The allOf members merged too (Cloudflare's IP access rules: the rule's oneOf `configuration` inside the answer
  // envelope's `result`, typed in three members, whose unmerged draw gives `result` members of no type).
  const merged = mergedSchema(model, schema);
  // And drawn with their required members only, five `$ref`s deep (Elasticsearch's jobs: past the default depth their
  // members' draws had no type, beside the ambiguous durations to repair).
  for (const draw of [{}, { requiredOnly: true, depth: 5 }])
    for (const source of merged === undefined ? [schema] : [schema, merged])
      for (let seed = 1; seed <= 5; seed++) {
        const value = alternativesWithin(model, source, seed, validate, { ...draw, request });
        if (value !== undefined) return value;
      }
  return undefined;
}

/** nestedAlternatives' repair of one draw of `schema`, or undefined where it still fails. */
function alternativesWithin(
  model: ServiceModel,
  schema: unknown,
  seed: number,
  validate: Validate,
  draw: Draw & { request: boolean },
): unknown {
  const { request } = draw;
  let value = sample(model, schema, seed, false, draw);
  for (let round = 0; round < 8 && !validate(value); round++) {
    const fault = ambiguity(validate);
    const repaired = fault && repairedAt(model, schema, value, fault, validate, request, 0);
    if (repaired === undefined) break;
    value = repaired;
  }
  return validate(value) ? value : undefined;
}

type Fault = { instancePath: string; keyword: string; params?: { passingSchemas?: unknown } };

/** The first oneOf the last value `validate` refused matches more than one alternative of, below `under` (a pointer). */
function ambiguity(validate: Validate, under = ''): Fault | undefined {
  return ((validate.errors ?? []) as Fault[]).find(
    (e) => e.keyword === 'oneOf' && Array.isArray(e.params?.passingSchemas) && e.instancePath.startsWith(`${under}/`),
  );
}

/**
 * `whole` with the member a oneOf `fault` names replaced by one alternative's value told apart from the others
 * (oneAlternative), accepted where `whole` is then valid or has no fault left inside that member; a candidate whose
 * own members hold such oneOfs in turn (PagerDuty's log entries: one of fifteen kinds, each with a `channel` of five)
 * has those repaired the same way first, two levels down at most. Undefined where none is found.
 */
function repairedAt(
  model: ServiceModel,
  schema: unknown,
  whole: unknown,
  fault: Fault,
  validate: Validate,
  request: boolean,
  depth: number,
): unknown {
  const at = fault.instancePath.split('/').slice(1).map(unescapeToken);
  const member = schemaAt(model, schema, at);
  if (member === undefined) return undefined;
  const inside = (path: string) => path === fault.instancePath || path.startsWith(`${fault.instancePath}/`);
  const settled = (candidate: unknown) =>
    validate(candidate) || !((validate.errors ?? []) as Fault[]).some((e) => inside(e.instancePath));
  const settle = (v: unknown): unknown => {
    let candidate = setAt(whole, at, v);
    for (let round = 0; round < 4 && !settled(candidate); round++) {
      const deeper = depth < 2 ? ambiguity(validate, fault.instancePath) : undefined;
      const next = deeper && repairedAt(model, schema, candidate, deeper, validate, request, depth + 1);
      if (next === undefined) return undefined;
      candidate = next;
    }
    return settled(candidate) ? getAt(candidate, at) : undefined;
  };
  const replaced = oneAlternative(model, member, (v: unknown) => settled(setAt(whole, at, v)), request, settle);
  return replaced === undefined ? undefined : setAt(whole, at, replaced);
}

/**
 * The schema of the member at `path` (object keys, array indexes), through `$ref`s, allOf members and oneOf or anyOf
 * alternatives, at any depth (PagerDuty's log entries: a oneOf of allOfs of an allOf declaring `channel`).
 */
function schemaAt(model: ServiceModel, schema: unknown, path: string[]): unknown {
  let node: unknown = schema;
  for (const key of path) {
    const s = resolveRef<any>(model.document, node ?? {});
    if (!s || typeof s !== 'object') return undefined;
    const sources = layers(model, s);
    const own = sources.find((x) => x?.properties && Object.hasOwn(x.properties, key));
    if (own) node = own.properties[key];
    else if (/^\d+$/.test(key) && sources.some((x) => x?.items)) node = sources.find((x) => x?.items).items;
    else if (sources.some((x) => x?.additionalProperties && typeof x.additionalProperties === 'object'))
      node = sources.find(
        (x) => x?.additionalProperties && typeof x.additionalProperties === 'object',
      ).additionalProperties;
    else return undefined;
  }
  return node;
}

/** A schema and its allOf members, oneOf and anyOf alternatives, theirs in turn (four levels at most). */
function layers(model: ServiceModel, schema: any, depth = 0): any[] {
  if (!schema || typeof schema !== 'object' || depth > 4) return [];
  const parts = ['allOf', 'oneOf', 'anyOf'].flatMap((k) => (Array.isArray(schema[k]) ? schema[k] : []));
  return [schema, ...parts.flatMap((m: unknown) => layers(model, resolveRef<any>(model.document, m ?? {}), depth + 1))];
}

/** The member of `value` at `path`. */
function getAt(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as any)[key] : undefined), value);
}

/** A copy of `value` with the member at `path` replaced. */
function setAt(value: unknown, path: string[], member: unknown): unknown {
  if (path.length === 0) return member;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[key] = setAt(copy[key], rest, member);
  return copy;
}

/**
 * A value of a oneOf whose alternatives a drawn object matches together (objects whose members are all optional:
 * Vonage's verify answers, Docker's `MonthData` or `WeekData`; alternatives an allOf of one parent gives their
 * members, readme's `Cat` and `Dog`): one alternative's draw, given for each other alternative a member it types and
 * the drawn one does not, of another type (`{"months": [], "weeks": 5}`), so that it matches only the drawn one,
 * at the top or inside a member both have (breakersOf). Undefined when none such is found.
 */
function oneAlternative(
  model: ServiceModel,
  schema: unknown,
  validate: Validate,
  request: boolean,
  /** A value for a candidate `validate` refuses, repaired inside, or undefined (repairedAt). */
  settle?: (candidate: unknown) => unknown,
): unknown {
  let node = resolveRef<any>(model.document, schema ?? {});
  // Through an allOf of one member (Elasticsearch's `{allOf: [{$ref: Duration}]}`, a oneOf behind it).
  while (node && !node.oneOf && Array.isArray(node.allOf) && node.allOf.length === 1)
    node = resolveRef<any>(model.document, node.allOf[0] ?? {});
  const alternatives: any[] = (node?.oneOf ?? []).map((a: unknown) => resolveRef<any>(model.document, a ?? {}));
  for (const [i, own] of alternatives.entries())
    for (let seed = 1; seed <= 5; seed++) {
      const value = sample(model, own, seed, false, { request });
      // A scalar or an array has no members to break the others with: it matches only its own or it does not
      // (Elasticsearch's durations: any string, `"-1"` or `"0"`, whose draws `"-1"` and `"0"` matched two).
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        if (value !== undefined && validate(value)) return value;
        continue;
      }
      // Per other alternative, the changes that break it (breakersOf).
      const breakers = alternatives.map((other, j) => (j === i ? [] : breakersOf(model, own, other, seed, request)));
      const longest = Math.max(0, ...breakers.map((b) => b.length));
      for (let k = 0; k < longest; k++) {
        let breaking: unknown = value;
        for (const b of breakers) if (b.length > 0) breaking = b[Math.min(k, b.length - 1)]!(breaking);
        if (validate(breaking)) return breaking;
        const settled = settle?.(breaking);
        if (settled !== undefined) return settled;
      }
      // Alternatives that differ by a string's format alone (motaword's map of text beside a map of base64): the
      // draw with its strings as text no format takes matches the one without the format; its maps drawn with a
      // member, as an empty one holds no string.
      const filled = sample(model, withMembers(model, own), seed, false, { request });
      // Every member drawn: an enum of one alternative's (InfluxDB's `type: query`) tells it apart.
      if (validate(filled)) return filled;
      const plain = plainStrings(filled);
      if (validate(plain)) return plain;
    }
  return undefined;
}

/** A change to a drawn object that another oneOf alternative refuses and the drawn one may take. */
type Breaker = (value: unknown) => unknown;

/** An object schema's members, its allOf's included. */
function membersOf(model: ServiceModel, schema: unknown): Map<string, unknown> {
  const s = resolveRef<any>(model.document, schema ?? {});
  const merged = mergedSchema(model, s) as any;
  return new Map(Object.entries<unknown>({ ...(s?.properties ?? {}), ...(merged?.properties ?? {}) }));
}

/**
 * The changes to a value of `own` that break `other`: a member `other` types and `own` does not, given a value of
 * another type; inside a member both have (or the first item of an array member both have), the same a level down
 * (InfluxDB's dashboards: their `cells` items differ, a cell's `name` typed in one only), the member drawn from
 * `own` where the value lacks it. Three levels deep at most.
 */
function breakersOf(
  model: ServiceModel,
  own: unknown,
  other: unknown,
  seed: number,
  request: boolean,
  depth = 0,
): Breaker[] {
  const mine = membersOf(model, own);
  const out: Breaker[] = [];
  const record = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  for (const [name, member] of membersOf(model, other)) {
    const theirs = resolveRef<any>(model.document, member ?? {});
    if (!mine.has(name)) {
      const type = [theirs?.type].flat()[0];
      if (type !== undefined) out.push((v) => ({ ...record(v), [name]: type === 'string' ? 0 : 'a' }));
      continue;
    }
    if (depth >= 2 || !theirs || typeof theirs !== 'object') continue;
    const ours = resolveRef<any>(model.document, mine.get(name) ?? {});
    // A member both name, each with its own values (Cloudflare's rules: `action` `block` in one, `challenge` in
    // another, optional in both): one of ours the other does not take.
    const listed = (s: any): unknown[] | undefined =>
      s && 'const' in s ? [s.const] : Array.isArray(s?.enum) ? s.enum : undefined;
    const theirValues = listed(theirs);
    const ownValue =
      theirValues && listed(ours)?.find((v) => !theirValues.some((t) => JSON.stringify(t) === JSON.stringify(v)));
    if (ownValue !== undefined) {
      out.push((v) => ({ ...record(v), [name]: ownValue }));
      continue;
    }
    const drawn = (v: unknown) => record(v)[name] ?? sample(model, ours, seed, false, { request });
    if (ours?.items && theirs.items) {
      for (const inner of breakersOf(model, ours.items, theirs.items, seed, request, depth + 1))
        out.push((v) => {
          const items = drawn(v);
          const list = Array.isArray(items) ? items : [];
          const first = list[0] ?? sample(model, ours.items, seed, false, { request });
          return { ...record(v), [name]: [inner(first), ...list.slice(1)] };
        });
    } else if (membersOf(model, ours).size > 0 && membersOf(model, theirs).size > 0)
      for (const inner of breakersOf(model, ours, theirs, seed, request, depth + 1))
        out.push((v) => ({ ...record(v), [name]: inner(drawn(v)) }));
  }
  return out;
}

/** An object schema whose members that are maps (`additionalProperties` a schema) each ask for one member at least. */
function withMembers(model: ServiceModel, schema: any): unknown {
  // Its allOf members' too (ShipEngine's carrier settings: closed beside an allOf of another schema's members).
  schema = schema?.allOf ? (mergedSchema(model, schema) ?? schema) : schema;
  const properties = Object.entries<unknown>(schema?.properties ?? {}).map(([name, member]) => {
    const m = resolveRef<any>(model.document, member ?? {});
    const map = m && typeof m === 'object' && m.additionalProperties && typeof m.additionalProperties === 'object';
    return [name, map ? { ...m, minProperties: Math.max(1, m.minProperties ?? 0) } : member];
  });
  return { ...schema, properties: Object.fromEntries(properties), required: Object.keys(schema?.properties ?? {}) };
}

/** The value with every string in it (not its keys) as `a b!`: no base64, date, uuid or e-mail address. */
function plainStrings(value: unknown): unknown {
  if (typeof value === 'string') return 'a b!';
  if (Array.isArray(value)) return value.map(plainStrings);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainStrings(v)]));
  return value;
}

/** The example a media type documents, if any. */
export function documentedExample(model: ServiceModel, media: any): unknown {
  if (media?.example !== undefined) return media.example;
  const named = Object.values<any>(media?.examples ?? {})[0];
  return named === undefined ? undefined : resolveRef<any>(model.document, named).value;
}

/** An object schema's members, its allOf's included. */
export function memberSchemas(model: ServiceModel, schema: unknown): Record<string, unknown> {
  const s = (mergedSchema(model, schema) ?? resolveRef<any>(model.document, schema ?? {})) as any;
  return s?.properties && typeof s.properties === 'object' ? s.properties : {};
}

/**
 * The schema with the `example` of each map (an object whose `additionalProperties` is a schema) left out, at its
 * top and in its members and items, `$ref`s followed four deep; the schema itself where it holds none.
 */
function withoutMapExamples(model: ServiceModel, schema: unknown, depth = 0): unknown {
  if (depth > 4) return schema;
  const s = resolveRef<any>(model.document, schema ?? {});
  if (!s || typeof s !== 'object' || Array.isArray(s)) return schema;
  let out: Record<string, any> | undefined;
  if ('example' in s && s.additionalProperties && typeof s.additionalProperties === 'object') {
    const { example: _example, ...rest } = s;
    out = rest;
  }
  const inner = (x: unknown) => withoutMapExamples(model, x, depth + 1);
  if (s.properties && typeof s.properties === 'object') {
    const entries = Object.entries<unknown>(s.properties).map(([k, v]) => [k, inner(v)] as const);
    if (entries.some(([k, v]) => v !== s.properties[k])) (out ??= { ...s }).properties = Object.fromEntries(entries);
  }
  if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) {
    const items = inner(s.items);
    if (items !== s.items) (out ??= { ...s }).items = items;
  }
  // Inside an allOf's members too (Cloudflare's Zaraz history: the map `result` in the envelope's own member).
  if (Array.isArray(s.allOf)) {
    const members = s.allOf.map(inner);
    if (members.some((m: unknown, i: number) => m !== s.allOf[i])) (out ??= { ...s }).allOf = members;
  }
  return out ?? schema;
}
