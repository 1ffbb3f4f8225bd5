// The requests `spec-first test` sends, drawn from the model: one valid request per operation (the document's
// examples first, then values json-schema-faker derives from the schemas, seeded, kept only where the schema's own
// validator accepts them), and invalid variants of it with one documented constraint broken each.
import { generateSync } from 'json-schema-faker';
import {
  isMediaRange,
  type JsonSchema,
  type OperationModel,
  operationObject,
  type ParameterModel,
  parameterObjects,
  type RequestBodyModel,
  resolveRef,
  type ServiceModel,
} from '../../generator/model/index.js';
import { breakingValues } from './breaking-values.js';
import { drawComponents } from './discriminator-draws.js';
import { DRAWN_FORMATS } from './draw-formats.js';
import { boundDraws } from './draw-bounds.js';
import { formText, memberPairs } from './form-pairs.js';
import { holdsNull, nonNull, withoutNulls } from './null-values.js';
import type { DocumentSchemas } from './schemas.js';
import type { EngineRequest } from './transport.js';

/** What the user configures: credentials by scheme kind, fixed headers, and fixed values by parameter name. */
export interface RequestSettings {
  bearer?: string;
  basic?: { user: string; password: string };
  /** API key values: by the scheme's parameter name, or `*` for any apiKey scheme. */
  apiKeys: Record<string, string>;
  headers: Record<string, string>;
  values: Record<string, unknown>;
  seed: number;
  /**
   * Names the client chooses for what it creates (a chain's `$request` sources, each a member path): an optional
   * query parameter or body member at that path (and each member holding it) is always sent, so the name can be read
   * back where the answer holds none.
   */
  chosen?: readonly (readonly string[])[];
}

export interface DrawnRequest {
  request: EngineRequest;
  /** Why the operation could not be called as the document says (no value satisfies a schema, a body kind). */
  unsupported?: string;
  /** The security requirement the request meets, or none configured for one the operation requires. */
  credentials: 'sent' | 'none-required' | 'not-configured';
}

export interface InvalidRequest {
  /** What is broken, e.g. "query limit above maximum 100". */
  title: string;
  request: EngineRequest;
  /** The parameter broken, where one is. */
  param?: ParameterModel;
}

interface Holder {
  example?: unknown;
  examples?: Record<string, { value?: unknown }> | unknown[];
}

function exampleOf(model: ServiceModel, holder: Holder | undefined): unknown {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  if (Array.isArray(holder.examples)) return holder.examples[0];
  const first = Object.values(holder.examples ?? {})[0];
  return first === undefined ? undefined : (resolveRef<{ value?: unknown }>(model.document, first).value ?? undefined);
}

/**
 * A value json-schema-faker derives from a schema (seeded; the components ride along for $refs, a discriminating
 * family's drawing the values its discriminator names: ./discriminator-draws.ts).
 */
function drawn(model: ServiceModel, schema: unknown, seed: number, refDepth = 2, everyMember = false): unknown {
  const components = drawComponents(model.document);
  // A component is drawn as the components drawn from rewrite it.
  const resolved = resolveRef<JsonSchema>({ ...model.document, components } as never, schema ?? {});
  try {
    // The components ride as a member of the root schema, which json-schema-faker counts as one of the value's
    // members (and the value loses when they are taken off): a root's member bounds count one more.
    const counted = (n: unknown) => (typeof n === 'number' ? { n: n + 1 } : undefined);
    const min = counted(resolved.minProperties);
    const max = counted(resolved.maxProperties);
    const value = generateSync(
      boundDraws({
        ...resolved,
        components,
        ...(min && { minProperties: min.n }),
        ...(max && { maxProperties: max.n }),
      }) as never,
      {
        seed,
        alwaysFakeOptionals: everyMember,
        refDepth,
        useExamplesValue: seed % 2 === 0,
        formats: DRAWN_FORMATS,
      } as never,
    ) as Record<string, unknown>;
    const own = resolveRef<JsonSchema>(model.document, schema ?? {});
    if (value && typeof value === 'object' && !own.properties?.components) delete value.components;
    return value;
  } catch {
    return undefined;
  }
}

/** How deep a draw follows `$ref`s where the first draws' depth (2) left a required member unmade. */
const DEEP_REF_DEPTH = 6;

/**
 * The example where the schema accepts it, else the first drawn value it accepts; undefined when none is found.
 * `everyMember`: objects drawn with their optional members too (a server's answer: its ids, which a request leaves
 * to chance).
 */
export function validValue(
  model: ServiceModel,
  schemas: DocumentSchemas,
  schema: unknown,
  example: unknown,
  seed: number,
  everyMember = false,
): unknown {
  const validate = schemas.validator(schema ?? {});
  if (example !== undefined && (!validate || validate(example))) return example;
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  for (const direct of [s.default, s.const, s.enum?.[0], Array.isArray(s.examples) ? s.examples[0] : s.example])
    if (direct !== undefined && (!validate || validate(direct))) return direct;
  for (let attempt = 0; attempt < 12; attempt++) {
    const value = drawn(model, schema, seed + attempt, 2, everyMember && attempt < 6);
    if (value !== undefined && (!validate || validate(value))) return value;
  }
  // Required members past json-schema-faker's refDepth, which it draws as null or any value (Adyen's terminal
  // requests, Azure's rule resources: a required object three $refs down): followed deeper, a few times.
  for (let attempt = 0; attempt < 4; attempt++) {
    const value = drawn(model, schema, seed + attempt, DEEP_REF_DEPTH);
    if (value !== undefined && (!validate || validate(value))) return value;
  }
  return undefined;
}

/**
 * Headers fetch sends with a value of its own where a request carries none (`Accept-Language: *`, `User-Agent:
 * node`, ...): a header parameter of that name left out would still go out with fetch's value, which its schema may
 * refuse (pims' Accept-Language enum was sent `*`), so the engine always sends it with a value of its own, and
 * never counts it missing.
 */
const FETCH_DEFAULTS = new Set(['accept-language', 'accept-encoding', 'user-agent', 'sec-fetch-mode']);
export const sentByFetch = (name: string) => FETCH_DEFAULTS.has(name.toLowerCase());

/** A value written as nothing: an empty string, or an empty array (no item to write). */
const isEmpty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0);

/**
 * A parameter value its style writes as nothing: an empty one, or an object without members where the members are
 * the keys (an exploded form object, a deepObject): the parameter is then missing from the request. Or as an empty
 * value: an array of one empty string is `key=` (Prism reads it as no key: letmc's `appointmentTypesToSearch`).
 */
export const writesNothing = (p: ParameterModel, value: unknown) => {
  if (isEmpty(value)) return true;
  const pairs = serialise(p, value);
  return (p.in === 'query' && pairs.length === 0) || pairs.some(([, written]) => written === '');
};

/**
 * The separator a parameter's style puts between the items (or keys and values) of its value where it does not
 * explode them into pairs of their own: `,` (form, simple, label, matrix), space or pipe (spaceDelimited,
 * pipeDelimited); undefined where each item travels alone (an exploded form query, a deepObject).
 */
function separatorOf(p: ParameterModel, value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if (p.in === 'query' && (p.style === 'deepObject' || (p.style === 'form' && p.explode))) return undefined;
  if (!Array.isArray(value)) return ',';
  return p.style === 'spaceDelimited' ? ' ' : p.style === 'pipeDelimited' ? '|' : ',';
}

/**
 * A value whose items (or keys and values) hold the separator its style joins them with: `a,b` as one item of an
 * unexploded array is two items on the wire (OpenAPI's styles, as RFC 6570's, have no escape a reader can tell from
 * the separator once it is percent-decoded), so such a value is not sent as the one the document allows.
 */
export function ambiguous(p: ParameterModel, value: unknown): boolean {
  const separator = separatorOf(p, value);
  if (separator === undefined) return false;
  const parts = Array.isArray(value) ? value : Object.entries(value as object).flat();
  return parts.some((part) => text(part).includes(separator));
}

const isComposite = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * An exploded form object whose member is named like a query parameter of the operation, its own name included: on
 * the wire `json=...` is that parameter's pair as much as the member's, and a reader takes it for the parameter
 * (seldon's query `json`, a SeldonMessage whose example is `{"json": "<JSON text>"}`, written `json=<JSON text>`),
 * so such a value is not sent as the one the document allows.
 */
export function collides(p: ParameterModel, value: unknown, queryNames: Set<string>): boolean {
  if (p.in !== 'query' || p.style !== 'form' || !p.explode || !isComposite(value) || Array.isArray(value)) return false;
  return Object.keys(value).some((key) => queryNames.has(key));
}

/**
 * A parameter value nested past what any style writes: an array or object with arrays or objects among its items
 * or members. OpenAPI's style table writes scalar items and members only, and of deepObject it says that the
 * representation of array or object properties is not defined, so no text is the document's for such a value (a
 * reader may take JSON text, brackets, or the items as text, as the generated server does): a server refusing
 * the engine's guess would FAIL for the engine's choice, not the document's.
 */
export const nests = (value: unknown) => isComposite(value) && Object.values(value).some(isComposite);

/**
 * A value with its array and object items or members left out, where its schema allows the rest (an optional
 * member, an array without a minimum past what is left); else undefined.
 */
function withoutNesting(schemas: DocumentSchemas, schema: unknown, value: unknown): unknown {
  if (!isComposite(value)) return value;
  const kept = Array.isArray(value)
    ? value.filter((item) => !isComposite(item))
    : Object.fromEntries(Object.entries(value).filter(([, member]) => !isComposite(member)));
  return (schemas.validator(schema)?.(kept) ?? true) ? kept : undefined;
}

/**
 * A form or multipart member written as nothing (an exploded `{}` or `[]` in a form; `[]` in multipart, one part per
 * item): the member is then missing from the body.
 */
export function writesNoPair(body: RequestBodyModel, name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (body.kind === 'form') return memberPairs(body, name, value).length === 0;
  return (
    body.kind === 'multipart-form' &&
    Array.isArray(value) &&
    value.length === 0 &&
    !body.jsonFields.some((f) => f.name === name)
  );
}

type Chosen = readonly (readonly string[])[];

const chosenParameter = (names: Chosen | undefined, name: string) =>
  names?.some((path) => path.length === 1 && path[0] === name) === true;

/**
 * Whether the operation may leave out a name the client chooses: an optional query parameter, or an optional body
 * member (or a member holding it) of the body the engine sends, at one of the `names` paths.
 */
export function leavesOutChosen(model: ServiceModel, op: OperationModel, names: Chosen): boolean {
  if (op.parameters.some((p) => p.in === 'query' && !p.required && chosenParameter(names, p.name))) return true;
  const body = chooseBody(model, op);
  return body !== undefined && withChosenMembers(model, body.schema, names) !== body.schema;
}

/**
 * A body's schema with the members on the client's chosen paths required, those holding them too
 * (RequestSettings.chosen): through properties, allOf members, array items (a path's index: `contacts/0/name`, the
 * array made that long) and the oneOf / anyOf branches that declare the member (the others left out of the choice,
 * so the draw takes one that sends it); the schema itself where each already is. Narrowed this way a oneOf may take
 * a value the document's schema refuses (two branches matching): the caller checks the draw against the document's.
 */
function withChosenMembers(model: ServiceModel, schema: unknown, paths: Chosen | undefined, depth = 0): unknown {
  if (!paths?.length || depth > 8) return schema;
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  let changed = false;
  const narrowed: JsonSchema = { ...s };
  const properties = { ...(s.properties ?? {}) };
  const required = [...(s.required ?? [])];
  for (const member of new Set(paths.map((p) => p[0]!))) {
    const rest = paths.filter((p) => p[0] === member && p.length > 1).map((p) => p.slice(1));
    if (/^\d+$/.test(member) && s.items && typeof s.items === 'object' && !Array.isArray(s.items)) {
      const length = Number(member) + 1;
      if (Number(s.minItems ?? 0) < length) (narrowed.minItems = length), (changed = true);
      const items = withChosenMembers(model, s.items, rest, depth + 1);
      if (items !== s.items) (narrowed.items = items as JsonSchema), (changed = true);
      continue;
    }
    if (!Object.hasOwn(properties, member)) continue;
    if (!required.includes(member)) required.push(member), (changed = true);
    const inner = withChosenMembers(model, properties[member], rest, depth + 1);
    if (inner !== properties[member]) (properties[member] = inner as JsonSchema), (changed = true);
  }
  const members: unknown[] | undefined = Array.isArray(s.allOf) ? s.allOf : undefined;
  const allOf = members?.map((m) => withChosenMembers(model, m, paths, depth + 1));
  if (allOf?.some((m, i) => m !== members![i])) (narrowed.allOf = allOf as JsonSchema[]), (changed = true);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches: unknown[] | undefined = Array.isArray(s[keyword]) ? s[keyword] : undefined;
    if (!branches) continue;
    const sending = branches.flatMap((b) =>
      declares(model, b, paths) ? [withChosenMembers(model, b, paths, depth + 1)] : [],
    );
    if (sending.length && (sending.length < branches.length || sending.some((b, i) => b !== branches[i])))
      (narrowed[keyword] = sending as JsonSchema[]), (changed = true);
  }
  return changed ? { ...narrowed, properties, required } : schema;
}

/** Whether a schema declares the first member of one of the paths (an index where it has items), allOf included. */
function declares(model: ServiceModel, schema: unknown, paths: Chosen, depth = 0): boolean {
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  if (depth > 8) return false;
  return (
    paths.some((p) => Object.hasOwn(s.properties ?? {}, p[0]!) || (/^\d+$/.test(p[0]!) && s.items !== undefined)) ||
    ((s.allOf ?? []) as unknown[]).some((m) => declares(model, m, paths, depth + 1))
  );
}

/** The schema with at least one member or item required, for a value whose style writes an empty one as nothing. */
function nonEmpty(model: ServiceModel, schema: unknown): JsonSchema {
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  if (s.type === 'array' || s.items) return { ...s, minItems: Math.max(1, Number(s.minItems ?? 0)) };
  return { ...s, minProperties: Math.max(1, Number(s.minProperties ?? 0)) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A parameter's value as its style and explode write it: [name, value] pairs for the query, one text elsewhere. */
export function serialise(p: ParameterModel, value: unknown): Array<[string, string]> {
  const explode = p.explode;
  if (Array.isArray(value)) {
    const items = value.map(text);
    if (p.in === 'query' && p.style === 'form' && explode) return items.map((v) => [p.name, v]);
    const joiner = p.style === 'spaceDelimited' ? ' ' : p.style === 'pipeDelimited' ? '|' : ',';
    return [[p.name, items.join(joiner)]];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, text(v)] as [string, string]);
    if (p.in === 'query' && p.style === 'deepObject') return entries.map(([k, v]) => [`${p.name}[${k}]`, v]);
    if (p.in === 'query' && explode) return entries;
    return [[p.name, entries.map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`)).join(',')]];
  }
  return [[p.name, text(value)]];
}

function pathValue(p: ParameterModel, value: unknown): string {
  const [[, serialised]] = serialise({ ...p, in: 'path' }, value) as [[string, string]];
  const encoded = encodeURIComponent(serialised).replace(/%2C/g, ',');
  if (p.style === 'label') return `.${encoded}`;
  if (p.style === 'matrix') return `;${p.name}=${encoded}`;
  return encoded;
}

/** Places the parameters' values into a request. */
export function place(op: OperationModel, values: Map<ParameterModel, unknown>, request: EngineRequest): void {
  let path = op.path;
  const cookies: string[] = [];
  for (const [p, value] of values) {
    if (p.in === 'path') path = path.replace(`{${p.name}}`, pathValue(p, value));
    else if (p.in === 'query') request.query.push(...serialise(p, value));
    else if (p.in === 'header') request.headers[p.name.toLowerCase()] = serialise(p, value)[0]![1];
    else cookies.push(`${p.name}=${encodeURIComponent(serialise(p, value)[0]![1])}`);
  }
  if (cookies.length) request.headers.cookie = cookies.join('; ');
  request.path = path;
}

/** Adds the credentials of the first security alternative the settings can meet; which case it was. */
export function authorise(
  model: ServiceModel,
  op: OperationModel,
  settings: RequestSettings,
  request: EngineRequest,
): DrawnRequest['credentials'] {
  if (op.security.length === 0) return 'none-required';
  // Credentials the user configured are sent where an alternative takes them, even beside an anonymous one ({}):
  // a document may allow anonymous calls only in cases of its own (an upload session's URL, say).
  for (const alternative of op.security.filter((alt) => Object.keys(alt).length > 0)) {
    const placed: Array<(r: EngineRequest) => void> = [];
    for (const name of Object.keys(alternative)) {
      const scheme = model.securitySchemes.find((s) => s.name === name);
      if (!scheme) break;
      if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic' && settings.basic) {
        const { user, password } = settings.basic;
        placed.push((r) => {
          r.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
        });
      } else if (
        (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') &&
        settings.bearer
      ) {
        if (scheme.type === 'http' && scheme.scheme?.toLowerCase() !== 'bearer') break;
        const token = settings.bearer;
        placed.push((r) => {
          r.headers.authorization = `Bearer ${token}`;
        });
      } else if (scheme.type === 'apiKey' && scheme.paramName) {
        const value = settings.apiKeys[scheme.paramName] ?? settings.apiKeys['*'];
        if (value === undefined) break;
        const at = scheme.paramName;
        placed.push((r) => {
          if (scheme.in === 'query') r.query.push([at, value]);
          else if (scheme.in === 'cookie')
            r.headers.cookie = [r.headers.cookie, `${at}=${value}`].filter(Boolean).join('; ');
          else r.headers[at.toLowerCase()] = value;
        });
      } else break;
    }
    if (placed.length === Object.keys(alternative).length) {
      for (const place of placed) place(request);
      return 'sent';
    }
  }
  return op.security.some((alt) => Object.keys(alt).length === 0) ? 'none-required' : 'not-configured';
}

const isJson = (ct: string) => ct === 'application/json' || /\+json$/.test(ct);

/** The body media the engine writes, in the order it prefers them: JSON, a form, multipart, raw bytes. */
const BODY_ORDER: Array<(b: RequestBodyModel) => boolean> = [
  (b) => b.kind === 'json' && isJson(b.contentType),
  (b) => b.kind === 'form',
  (b) => b.kind === 'multipart-form',
  (b) => b.kind === 'raw',
];

/** A raw body is bytes or text: its schema is a string (any format), or there is none. */
function rawWritable(model: ServiceModel, body: RequestBodyModel): boolean {
  const s = resolveRef<JsonSchema>(model.document, body.schema ?? {});
  return s.type === 'string' || (s.type === undefined && !s.properties && !s.items && !s.allOf && !s.oneOf);
}

export function chooseBody(model: ServiceModel, op: OperationModel): RequestBodyModel | undefined {
  for (const fits of BODY_ORDER) {
    const fitting = op.requestBodies.filter((b) => fits(b) && (b.kind !== 'raw' || rawWritable(model, b)));
    const body = fitting.find((b) => !isMediaRange(b.contentType)) ?? fitting[0];
    if (body) return body;
  }
  return undefined;
}

const BOUNDARY = 'spec-first-boundary-5f1c';
/** The media types whose raw body is bytes, not text. */
const BINARY = /octet-stream|^image\/|^audio\/|^video\/|^application\/(pdf|zip)/;
/** An invalid variant without its body (a required body left out). */
const NO_BODY = '\u0000no body';
/** The bytes a file part or an octet-stream body carries when the document gives none. */
const SAMPLE_BYTES = 'spec-first sample bytes';

/** A raw body's schema that says what text the bytes are: base64 (`format: byte`, `contentEncoding`) or a pattern. */
function textual(model: ServiceModel, schema: unknown): boolean {
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  return s.format === 'byte' || s.contentEncoding === 'base64' || typeof s.pattern === 'string';
}

/** A body value written as its media type says; the Content-Type that goes with it. */
export function encodeBody(body: RequestBodyModel, value: unknown): { contentType: string; text: string } {
  if (body.kind === 'form') return { contentType: body.contentType, text: formText(body, value) };
  if (body.kind === 'multipart-form')
    return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, text: multipartText(body, value) };
  if (body.kind === 'raw') {
    const text = typeof value === 'string' && value !== '' ? value : SAMPLE_BYTES;
    return { contentType: body.contentType, text };
  }
  return { contentType: body.contentType, text: JSON.stringify(value) };
}

/** The operation's request from its parameter values and body value (the valid request's, or a smaller one). */
export function assemble(
  model: ServiceModel,
  op: OperationModel,
  settings: RequestSettings,
  values: Map<ParameterModel, unknown>,
  body?: { model: RequestBodyModel; value: unknown },
): { request: EngineRequest; credentials: DrawnRequest['credentials'] } {
  const request: EngineRequest = { method: op.method.toUpperCase(), path: op.path, query: [], headers: {} };
  place(op, values, request);
  for (const [name, value] of Object.entries(settings.headers)) request.headers[name.toLowerCase()] = value;
  const credentials = authorise(model, op, settings, request);
  if (body) {
    const encoded = encodeBody(body.model, body.value);
    request.contentType = encoded.contentType;
    request.body = encoded.text;
  }
  return { request, credentials };
}

/** A schema's properties, its allOf members' included (refs followed). */
function propertiesOf(model: ServiceModel, raw: unknown, depth = 0): Record<string, unknown> {
  const s = resolveRef<JsonSchema>(model.document, raw ?? {});
  const own = (s.properties ?? {}) as Record<string, unknown>;
  if (depth > 8 || !Array.isArray(s.allOf)) return own;
  return Object.assign({}, ...s.allOf.map((m: unknown) => propertiesOf(model, m, depth + 1)), own);
}

/** A schema's required members, its allOf members' included (refs followed), each once. */
function requiredOf(model: ServiceModel, raw: unknown, depth = 0): string[] {
  const s = resolveRef<JsonSchema>(model.document, raw ?? {});
  const own = (Array.isArray(s.required) ? s.required : []) as string[];
  const members =
    depth > 8 || !Array.isArray(s.allOf) ? [] : s.allOf.flatMap((m: unknown) => requiredOf(model, m, depth + 1));
  return [...new Set([...own, ...members])];
}

/** The member sets a schema forbids together (`not: {required: [a, b]}`, its allOf members' too): each at least two names. */
function exclusiveOf(model: ServiceModel, raw: unknown, depth = 0): string[][] {
  const s = resolveRef<JsonSchema>(model.document, raw ?? {});
  const not = resolveRef<JsonSchema>(model.document, s.not ?? {});
  // Only `required` constrains there (its members' schemas, when given, allow anything): the names are forbidden together.
  const anything = (m: unknown) => m === true || (m !== null && typeof m === 'object' && Object.keys(m).length === 0);
  const onlyRequired = Object.entries(not).every(
    ([k, v]) =>
      k === 'required' ||
      k === 'description' ||
      (k === 'properties' && Object.values(v as Record<string, unknown>).every(anything)),
  );
  const own = onlyRequired && Array.isArray(not.required) && not.required.length >= 2 ? [not.required as string[]] : [];
  if (depth > 8 || !Array.isArray(s.allOf)) return own;
  return [...own, ...s.allOf.flatMap((m: unknown) => exclusiveOf(model, m, depth + 1))];
}

/**
 * A request value without the members its schema marks readOnly, at any depth: they are the server's to write
 * (OpenAPI: not sent in a request), and a validator that reads the request's schema refuses them (Prism does).
 */
export function withoutReadOnly(model: ServiceModel, schema: unknown, value: unknown, depth = 0): unknown {
  if (depth > 16 || !value || typeof value !== 'object') return value;
  const s = resolveRef<JsonSchema>(model.document, schema ?? {});
  if (Array.isArray(value)) return value.map((item) => withoutReadOnly(model, s.items, item, depth + 1));
  const properties = propertiesOf(model, schema);
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const prop = properties[key];
    const resolved = resolveRef<JsonSchema>(model.document, prop ?? {});
    const readOnly =
      resolved.readOnly === true ||
      (Array.isArray(resolved.allOf) &&
        resolved.allOf.some((m: unknown) => resolveRef<JsonSchema>(model.document, m).readOnly === true));
    if (!readOnly) out[key] = withoutReadOnly(model, prop, member, depth + 1);
  }
  return out;
}

/**
 * A body whose members named as a credential (an apiKey scheme's parameter written as a form field) carry the
 * credential the engine sends: the engine sends the one it is configured with where it chooses, and a document's
 * example token beside it would be a second, conflicting credential. An optional such member is left out; a
 * required one (spinbot's multipart `key` beside its query key) holds the configured credential, or, with none
 * (a request sent without credentials), the value drawn for it, which is no credential.
 */
function withCredentialMembers(
  model: ServiceModel,
  op: OperationModel,
  schema: unknown,
  settings: RequestSettings,
  value: unknown,
): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const names = credentialNames(model, op);
  const required = new Set(requiredOf(model, schema));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (!names.has(key)) out[key] = member;
    else if (required.has(key)) out[key] = settings.apiKeys[key] ?? settings.apiKeys['*'] ?? member;
  }
  return out;
}

/** The names an operation's apiKey schemes carry a credential under (a body member of that name is one). */
function credentialNames(model: ServiceModel, op: OperationModel): Set<string> {
  return new Set(
    op.security.flatMap((alternative) =>
      Object.keys(alternative).flatMap((name) => {
        const scheme = model.securitySchemes.find((s) => s.name === name);
        return scheme?.type === 'apiKey' && scheme.paramName ? [scheme.paramName] : [];
      }),
    ),
  );
}

/**
 * Whether the document allows an empty value of a parameter: a query parameter with `allowEmptyValue` only (OpenAPI:
 * false by default; Prism reads `id=` as no id); never a path segment (another path) nor a header (read as none).
 */
export function allowsEmpty(model: ServiceModel, op: OperationModel, p: ParameterModel): boolean {
  if (p.in === 'cookie') return true;
  if (p.in !== 'query') return false;
  const object = parameterObjects(model.document, { path: op.path, method: op.method }).find(
    (r) => r.name === p.name && r.in === p.in,
  ) as { allowEmptyValue?: unknown } | undefined;
  return object?.allowEmptyValue === true;
}

/**
 * A form or multipart body whose required members each write a pair or a part: an exploded object or array drawn
 * empty is written as nothing (the member missing), so it is drawn again with a member or an item its schema allows.
 */
function withRequiredWritten(
  model: ServiceModel,
  schemas: DocumentSchemas,
  body: RequestBodyModel,
  value: unknown,
  seed: number,
): unknown {
  if (body.kind !== 'form' && body.kind !== 'multipart-form') return value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out = { ...(value as Record<string, unknown>) };
  const properties = propertiesOf(model, body.schema);
  for (const name of requiredOf(model, body.schema)) {
    if (!writesNoPair(body, name, out[name])) continue;
    const filled = validValue(model, schemas, nonEmpty(model, properties[name]), undefined, seed);
    if (filled !== undefined && !writesNoPair(body, name, filled)) out[name] = filled;
  }
  return out;
}

/**
 * A form or multipart body without a null where it is written as text (./null-values.ts): a form member at any depth,
 * a multipart part that is no JSON (a member, an array's item); JSON members and parts keep theirs. An optional one
 * is left out, a required member drawn again without null; undefined where the schema allows no such body.
 */
function withoutTextNulls(
  model: ServiceModel,
  schemas: DocumentSchemas,
  body: RequestBodyModel,
  value: unknown,
  seed: number,
): unknown {
  if (body.kind !== 'form' && body.kind !== 'multipart-form') return value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const json = (name: string) => body.jsonFields.some((f) => f.name === name);
  const properties = propertiesOf(model, body.schema);
  // A form writes an object or array member as its members or items (form + explode), which a reader gathers back
  // by the member's type: a member whose schema gives none (twilio's "schema-less" `Data`) drawn so is no `Data`
  // key at all, so it is drawn as text, which its schema allows.
  const typeless = (name: string) => {
    const s = resolveRef<JsonSchema>(model.document, properties[name] ?? {});
    return s.type === undefined && !s.properties && !s.items && !s.allOf && !s.anyOf && !s.oneOf && !s.enum;
  };
  const unreadable = (name: string, member: unknown) =>
    body.kind === 'form' && typeless(name) && member !== null && typeof member === 'object';
  const inText = (name: string, member: unknown) =>
    unreadable(name, member) ||
    (body.kind === 'form'
      ? holdsNull(member)
      : member === null || (Array.isArray(member) && member.some((item) => item === null)));
  const record = value as Record<string, unknown>;
  if (!Object.entries(record).some(([name, member]) => !json(name) && inText(name, member))) return value;
  const required = new Set(requiredOf(model, body.schema));
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(record)) {
    if (json(name) || !inText(name, member)) out[name] = member;
    else if (member !== null && !unreadable(name, member))
      out[name] = body.kind === 'form' ? withoutNulls(member) : (member as unknown[]).filter((item) => item !== null);
    else if (required.has(name)) {
      const schema = nonNull(model, properties[name]);
      out[name] = validValue(model, schemas, typeless(name) ? { ...schema, type: 'string' } : schema, undefined, seed);
    }
  }
  const written = Object.entries(out).every(([name, member]) => json(name) || !inText(name, member));
  return written && (schemas.validator(body.schema)?.(out) ?? true) ? out : undefined;
}

const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** The operation's valid request: every required parameter, the optional ones with an example, a body. */
export function validRequest(
  model: ServiceModel,
  schemas: DocumentSchemas,
  op: OperationModel,
  settings: RequestSettings,
  seed: number,
): DrawnRequest & { values: Map<ParameterModel, unknown>; bodyValue?: unknown; body?: RequestBodyModel } {
  const raw = parameterObjects(model.document, { path: op.path, method: op.method });
  const values = new Map<ParameterModel, unknown>();
  // The Fetch standard forbids these methods and fetch refuses to send them (httpbin's TRACE operations, seed 61).
  let unsupported: string | undefined = FORBIDDEN_METHODS.has(op.method.toUpperCase())
    ? `fetch does not send ${op.method.toUpperCase()}, a method the Fetch standard forbids`
    : undefined;
  const queryNames = new Set(op.parameters.filter((q) => q.in === 'query').map((q) => q.name));
  for (const p of op.parameters.filter((p) => !p.isCredential)) {
    const object = raw.find((r) => r.name === p.name && r.in === p.in) as Holder | undefined;
    const fixed = Object.hasOwn(settings.values, p.name) ? settings.values[p.name] : undefined;
    const example = fixed ?? exampleOf(model, object) ?? exampleOf(model, resolveRef<Holder>(model.document, p.schema));
    const sentAnyway =
      (p.in === 'header' && sentByFetch(p.name)) || (p.in === 'query' && chosenParameter(settings.chosen, p.name));
    if (!p.required && example === undefined && !sentAnyway) continue;
    let value = fixed ?? validValue(model, schemas, p.schema, example, seed);
    // A null has no text in any style (./null-values.ts): left out where the schema allows, else drawn without null.
    if (fixed === undefined && holdsNull(value)) {
      const kept = withoutNulls(value);
      value =
        kept !== null && (schemas.validator(p.schema)?.(kept) ?? true)
          ? kept
          : p.required || sentAnyway
            ? validValue(model, schemas, nonNull(model, p.schema), undefined, seed)
            : undefined;
    }
    // An empty path segment is another path; an empty query value is one the document allows only with
    // allowEmptyValue (OpenAPI: false by default; Prism reads `id=` as no id), and an empty header is read as none
    // (Prism does): such values are drawn again until not empty, as the document allows too.
    const notEmpty =
      fixed === undefined &&
      (p.in === 'path' ||
        p.in === 'header' ||
        (p.in === 'query' && (object as { allowEmptyValue?: unknown } | undefined)?.allowEmptyValue !== true));
    // So are items holding their own separator (ambiguous on the wire) and values that nest past what any style
    // writes, unless the user fixed the value.
    const unwritable = (v: unknown) =>
      (notEmpty && writesNothing(p, v)) ||
      (fixed === undefined && (ambiguous(p, v) || nests(v) || holdsNull(v) || collides(p, v, queryNames)));
    // What nests is left out where the schema allows the rest (the document's example kept so), else no value is
    // written as the document says.
    let nested = false;
    const unnested = (v: unknown) => {
      if (fixed !== undefined || !nests(v)) return v;
      nested = true;
      return withoutNesting(schemas, p.schema, v) ?? v;
    };
    value = unnested(value);
    for (let again = 1; unwritable(value) && again <= 12; again++)
      value = unnested(validValue(model, schemas, p.schema, undefined, seed + again * 13));
    // Else the items that hold it (or are empty, where no empty value is sent) are left out, where the schema still
    // allows the rest.
    if (fixed === undefined && Array.isArray(value) && unwritable(value)) {
      const separator = separatorOf(p, value);
      const kept = value.filter(
        (item) => !(separator !== undefined && text(item).includes(separator)) && !(notEmpty && text(item) === ''),
      );
      if (schemas.validator(p.schema)?.(kept) ?? true) value = kept;
    }
    // An exploded object drawn without members: one its schema allows with a member (its key is what is sent).
    if (notEmpty && writesNothing(p, value))
      value = unnested(validValue(model, schemas, nonEmpty(model, p.schema), undefined, seed));
    if (notEmpty && (value === undefined || writesNothing(p, value))) value = undefined;
    if (fixed === undefined && nests(value)) {
      nested = true;
      value = undefined;
    }
    if (fixed === undefined && (holdsNull(value) || collides(p, value, queryNames))) value = undefined;
    if (value === undefined) {
      // An optional parameter is left out; a required one the engine cannot write makes the operation n/a.
      if (p.required)
        unsupported ??= nested
          ? `no style writes ${p.in} parameter ${p.name}'s value: its schema's items or members are arrays or objects, which OpenAPI's styles leave undefined`
          : `no value satisfies ${p.in} parameter ${p.name}'s schema`;
      continue;
    }
    values.set(p, value);
  }
  let bodyValue: unknown;
  const body = chooseBody(model, op);
  if (body) {
    const requestBody = operationObject(model.document, { path: op.path, method: op.method }).requestBody;
    const content = resolveRef<{ content?: Record<string, Holder> }>(model.document, requestBody ?? {}).content;
    const example = exampleOf(model, resolveRef<Holder>(model.document, content?.[body.contentType] ?? {}));
    const chosen = withChosenMembers(model, body.schema, settings.chosen);
    let drawnBody = validValue(model, schemas, chosen, example, seed);
    // A oneOf narrowed to the branches sending the chosen name may draw a value two of the document's match.
    if (
      chosen !== body.schema &&
      drawnBody !== undefined &&
      schemas.validator(body.schema ?? {})?.(drawnBody) === false
    )
      drawnBody = validValue(model, schemas, body.schema, example, seed);
    bodyValue = withCredentialMembers(model, op, body.schema, settings, withoutReadOnly(model, body.schema, drawnBody));
    if (bodyValue !== undefined) bodyValue = withoutTextNulls(model, schemas, body, bodyValue, seed);
    if (bodyValue !== undefined) bodyValue = withRequiredWritten(model, schemas, body, bodyValue, seed);
    // A required form body without a member is no bytes, which a reader takes for no body (seldon's `/aggregate`,
    // whose one member is optional: "Missing request body"): drawn with a member.
    if (body.kind === 'form' && op.bodyRequired && bodyValue !== undefined && formText(body, bodyValue) === '') {
      const drawn = validValue(model, schemas, nonEmpty(model, body.schema), undefined, seed);
      const filled = withoutTextNulls(
        model,
        schemas,
        body,
        withCredentialMembers(model, op, body.schema, settings, withoutReadOnly(model, body.schema, drawn)),
        seed,
      );
      if (filled !== undefined && formText(body, filled) !== '') bodyValue = filled;
    }
    // Binary media carry sample bytes, unless the schema says what text they are (base64 with a pattern: a value
    // it allows, the document's example first).
    if (body.kind === 'raw' && BINARY.test(body.contentType) && !textual(model, body.schema)) bodyValue = SAMPLE_BYTES;
    if (bodyValue === undefined && body.kind === 'raw') bodyValue = SAMPLE_BYTES;
    if (bodyValue === undefined)
      unsupported ??=
        drawnBody === undefined
          ? `no value satisfies the ${body.contentType} body's schema`
          : `no value of the ${body.contentType} body's schema is written without a null, which has no text there`;
  } else if (op.bodyRequired && op.requestBodies.length)
    unsupported ??= `its body is ${op.requestBodies.map((b) => b.contentType).join(' or ')}, which the engine does not write yet`;
  const withBody = body && bodyValue !== undefined ? { model: body, value: bodyValue } : undefined;
  const { request, credentials } = assemble(model, op, settings, values, withBody);
  return { request, values, bodyValue, body: withBody ? body : undefined, credentials, unsupported };
}

/**
 * A multipart/form-data body: one part per member (an array, one part per item); a file field (format binary,
 * a non-JSON contentMediaType) as a file part with a name and the bytes drawn, objects as JSON.
 */
function multipartText(body: RequestBodyModel, value: unknown): string {
  const parts: string[] = [];
  const part = (name: string, item: unknown) => {
    const file = body.fileFields.includes(name);
    const object = item !== null && typeof item === 'object';
    const head = [
      `Content-Disposition: form-data; name="${name.replace(/"/g, '%22')}"${file ? `; filename="${name.replace(/"/g, '%22')}.bin"` : ''}`,
      ...(file ? ['Content-Type: application/octet-stream'] : object ? ['Content-Type: application/json'] : []),
    ];
    const content = file ? (typeof item === 'string' && item !== '' ? item : SAMPLE_BYTES) : text(item);
    parts.push(`--${BOUNDARY}\r\n${head.join('\r\n')}\r\n\r\n${content}\r\n`);
  };
  for (const [name, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(v) && !body.jsonFields.some((f) => f.name === name)) for (const item of v) part(name, item);
    else if (v !== undefined) part(name, v);
  }
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

/**
 * The valid request with one constraint broken: a required parameter left out, a value out of its schema, a body
 * (left out, not JSON, a required member left out, a member out of its schema, members it forbids together).
 */
export function invalidRequests(
  model: ServiceModel,
  schemas: DocumentSchemas,
  op: OperationModel,
  valid: Pick<ReturnType<typeof validRequest>, 'request' | 'values' | 'body' | 'bodyValue'>,
  settings: RequestSettings,
): InvalidRequest[] {
  const out: InvalidRequest[] = [];
  const variant = (title: string, values: Map<ParameterModel, unknown>, body?: string, param?: ParameterModel) => {
    const request: EngineRequest = { method: valid.request.method, path: op.path, query: [], headers: {} };
    place(op, values, request);
    for (const [name, value] of Object.entries(settings.headers)) request.headers[name.toLowerCase()] = value;
    authorise(model, op, settings, request);
    if (body !== NO_BODY) {
      if (valid.request.contentType) request.contentType = valid.request.contentType;
      request.body = body ?? valid.request.body;
    }
    out.push({ title, request, param });
  };
  for (const p of op.parameters.filter((p) => !p.isCredential && p.in !== 'cookie')) {
    // An object written as its members (an exploded form object, a deepObject) is missing exactly when it is `{}`:
    // where its schema allows `{}`, no request tells it missing, so leaving it out breaks nothing.
    const missingIsEmpty = p.in === 'query' && writesNothing(p, {}) && (schemas.validator(p.schema)?.({}) ?? true);
    if (p.required && p.in !== 'path' && !missingIsEmpty && !(p.in === 'header' && sentByFetch(p.name))) {
      const values = new Map(valid.values);
      values.delete(p);
      variant(`${p.in} ${p.name} missing`, values, undefined, p);
    }
    for (const [what, value] of breakingValues(model.document, p.schema)) {
      // An empty path segment is another path, which another operation may answer, and an empty query value or
      // header is read as none by many servers (Prism): neither tells a refusal of the broken constraint.
      if (isEmpty(value)) continue;
      // A path segment that is not a number is still a path: the target may route it elsewhere (a 4xx all the same).
      variant(`${p.in} ${p.name} ${what}`, new Map(valid.values).set(p, value), undefined, p);
    }
  }
  const body = valid.body;
  if (body && valid.bodyValue !== undefined) {
    // Each body kind broken as it is written: a JSON body, a form, multipart parts, raw bytes or text.
    const kind = { json: 'body', form: 'form', 'multipart-form': 'multipart' }[body.kind as string] ?? 'raw body';
    const written = (value: unknown) => encodeBody(body, value).text;
    if (op.bodyRequired) variant(`${kind} missing (a required body)`, valid.values, NO_BODY);
    if (body.kind === 'json') variant('body not JSON', valid.values, '{"unterminated": ');
    const value = valid.bodyValue as Record<string, unknown>;
    if (body.kind !== 'raw' && value && typeof value === 'object' && !Array.isArray(value)) {
      const properties = propertiesOf(model, body.schema);
      // A readOnly member is not the request's: leaving it out or breaking it breaks nothing a server reads; nor
      // is a member that carries a credential (an apiKey's name): the credential is the auth checks', not the body's.
      const credentials = credentialNames(model, op);
      const notTheBodys = new Set(
        Object.keys(properties).filter(
          (k) => credentials.has(k) || !Object.hasOwn(withoutReadOnly(model, body.schema, { [k]: null }) as object, k),
        ),
      );
      const required = requiredOf(model, body.schema);
      for (const name of required.filter((n) => !notTheBodys.has(n))) {
        const copy = { ...value };
        delete copy[name];
        // A member written as nothing is missing already: leaving it out breaks nothing more.
        if (written(copy) === written(value)) continue;
        // A form left without members is zero bytes, as a request without a body is, which an optional body
        // allows (the generated server reads it so): another member the body may carry is sent with it, else
        // this constraint has no request of its own.
        if (written(copy) === '' && !op.bodyRequired) {
          const other = Object.keys(properties).find(
            (k) => k !== name && !required.includes(k) && !notTheBodys.has(k) && !body.fileFields.includes(k),
          );
          const filled = other && validValue(model, schemas, properties[other], undefined, settings.seed);
          if (filled === undefined || filled === '' || !other) continue;
          copy[other] = filled;
        }
        variant(`${kind} ${name} missing`, valid.values, written(copy));
      }
      for (const [name, prop] of Object.entries(properties)) {
        // A file part's bytes are not read as the schema's string: only the other members are broken.
        if (notTheBodys.has(name) || body.fileFields.includes(name)) continue;
        for (const [what, broken] of breakingValues(model.document, prop).slice(0, 2))
          variant(`${kind} ${name} ${what}`, valid.values, written({ ...value, [name]: broken }));
      }
      // Members the schema forbids together, each given a value its own schema allows.
      for (const names of exclusiveOf(model, body.schema)) {
        const together: Record<string, unknown> = { ...value };
        for (const name of names)
          together[name] ??= validValue(model, schemas, properties[name], undefined, settings.seed);
        if (names.every((n) => together[n] !== undefined))
          variant(`${kind} ${names.join(' with ')} (mutually exclusive)`, valid.values, written(together));
      }
    }
    // Raw text: its own string constraints (a binary body's bytes are not judged as a string).
    if (body.kind === 'raw' && !BINARY.test(body.contentType))
      for (const [what, broken] of breakingValues(model.document, body.schema))
        if (typeof broken === 'string' && broken !== '') variant(`raw body ${what}`, valid.values, broken);
  }
  return out;
}
