// Invalid requests derived from a service's spec, built by fast-check from a seed (so a run is reproducible:
// the same seed and count give the same requests in the same order). Each request starts from the operation's
// documented example (parameters, body) with a valid credential, then one defect is planted: a wrong type, a
// missing required member, an enum or pattern break, an oversized or truncated body, a wrong content type,
// malformed JSON or form bodies, a broken multipart boundary, bad percent-encoding, a huge header, an unknown
// path or method. About one request in eight carries no credential or an invalid one instead of the valid one.
import fc from 'fast-check';
import { pathTemplate } from '../../generator/model/index.js';
import { flatten, type FuzzOperation, type Json, type Schema } from './spec.js';

export const MUTATIONS = [
  'wrong-type',
  'missing-required',
  'enum-break',
  'pattern-break',
  'oversized-body',
  'truncated-body',
  'wrong-content-type',
  'malformed-json',
  'malformed-form',
  'broken-multipart',
  'bad-percent-encoding',
  'huge-header',
  'unknown-path',
  'unknown-method',
  'out-of-range',
  'deep-nesting',
  'invalid-bytes',
  'crafted-host',
  'conflicting-credentials',
] as const;
export type Mutation = (typeof MUTATIONS)[number];
export type AuthChoice = 'valid' | 'none' | 'invalid';

export interface FuzzRequest {
  index: number;
  mutation: Mutation;
  /** The defect actually planted (another kind when the drawn one has no target in the operation). */
  planted: Mutation;
  /** What the mutation did (member, value kind), for the report. */
  detail: string;
  auth: AuthChoice;
  operationId: string;
  method: string;
  /** Path and query as sent (may hold deliberately bad percent-encoding). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Statuses the answer may have: the operation's documented ones (plus 404/405 when the path or method is not one the spec has). */
  allowed: number[];
  write: boolean;
  /** The service must refuse it (a 4xx): the defect is one no spec-valid request has. */
  mustRefuse?: boolean;
  /** Text no part of the answer may hold (a crafted Host header echoed into a link). */
  mustNotEcho?: string;
}

/** What the fuzzer needs to know about a service beyond its spec: how to authenticate, the values of ids. */
export interface ServiceProfile {
  /** Values for path parameters by name (fixture ids); others use the spec's example. */
  pathValues: Record<string, string>;
  /** Values for query parameters by name, used instead of the spec's example. */
  queryValues?: Record<string, string>;
  /** Adds a credential (valid or invalid) to the request's query or headers. */
  /** Parameters that carry the credential: never mutated (the auth choice decides them). */
  credentialParams?: string[];
  authenticate(kind: 'valid' | 'invalid', query: URLSearchParams, headers: Record<string, string>): void;
  /** Adds two different credentials in two places the spec takes one; absent where the spec names one place only. */
  authenticateTwice?(query: URLSearchParams, headers: Record<string, string>): void;
}

/** The random choices of one request; the builder below turns them into the request deterministically. */
interface Draw {
  op: number;
  mutation: Mutation;
  auth: AuthChoice;
  pick: number;
  value: Json;
  text: string;
  size: number;
}

const jsonValue: fc.Arbitrary<Json> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 12 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const drawArb = fc.record({
  op: fc.nat(),
  mutation: fc.constantFrom(...MUTATIONS),
  auth: fc.constantFrom<AuthChoice>(
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'valid',
    'none',
    'invalid',
  ),
  pick: fc.nat(),
  value: jsonValue,
  text: fc.string({ unit: 'binary', maxLength: 40 }),
  size: fc.nat({ max: 1_000_000 }),
});

/** `count` requests for the operations, the same for the same seed. */
export function generateRequests(
  spec: Schema,
  operations: FuzzOperation[],
  profile: ServiceProfile,
  count: number,
  seed: number,
): FuzzRequest[] {
  const draws = count > 0 ? fc.sample(drawArb, { seed, numRuns: count }) : [];
  return draws.map((draw, index) => build(spec, operations, profile, draw, index));
}

// ---- the builder ------------------------------------------------------------------------------------------

interface Base {
  op: FuzzOperation;
  pathValues: Map<string, string>;
  query: Map<string, string>;
  contentType?: string;
  body?: Json;
  bodySchema?: Schema;
}

const isForm = (ct?: string) => ct === 'application/x-www-form-urlencoded' || ct === 'multipart/form-data';
const isJson = (ct?: string) => ct === 'application/json';

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function schemaTypes(schema: Schema): string[] {
  const t = schema.type;
  const types: string[] = Array.isArray(t) ? t : t ? [t] : [];
  if (types.includes('number')) types.push('integer');
  return types;
}

/** A value whose JSON type the schema does not allow (the drawn value when it already differs). */
function wrongValue(schema: Schema, drawn: Json): Json {
  const types = schemaTypes(schema);
  if (!types.length) return drawn;
  const candidates: Json[] = [drawn, 'not-a-number', 12345, true, [1, 2], { unexpected: 1 }, null, 1.5];
  return (
    candidates.find((v) => !types.includes(typeOf(v)) && !(typeOf(v) === 'integer' && types.includes('number'))) ??
    drawn
  );
}

function exampleFor(schema: Schema): string {
  if (schema.example !== undefined) return String(schema.example);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.default !== undefined) return String(schema.default);
  return 'x';
}

function baseOf(spec: Schema, op: FuzzOperation, profile: ServiceProfile, pick: number): Base {
  const pathValues = new Map<string, string>();
  const query = new Map<string, string>();
  for (const p of op.parameters) {
    if (p.in === 'path')
      pathValues.set(p.name, profile.pathValues[p.name] ?? String(p.example ?? exampleFor(p.schema)));
    else if (p.in === 'query' && (p.required || profile.queryValues?.[p.name] !== undefined)) {
      query.set(p.name, profile.queryValues?.[p.name] ?? String(p.example ?? exampleFor(p.schema)));
    }
  }
  // Path parameters the template holds without a declared parameter (none expected; keep the URL well formed).
  for (const m of op.path.matchAll(/\{([^}]+)\}/g))
    if (!pathValues.has(m[1]!)) pathValues.set(m[1]!, profile.pathValues[m[1]!] ?? 'x');
  const body = op.bodies.length
    ? (op.bodies.find((b) => isJson(b.contentType) && b.example !== undefined) ??
      op.bodies.find((b) => b.example !== undefined) ??
      op.bodies[pick % op.bodies.length])
    : undefined;
  return {
    op,
    pathValues,
    query,
    contentType: body?.contentType,
    body: body ? structuredClone(body.example ?? {}) : undefined,
    bodySchema: body ? flatten(spec, body.schema) : undefined,
  };
}

/** Members of a body (path of keys, schema, parent's required list), walking the example with its schema. */
interface Member {
  path: (string | number)[];
  schema: Schema;
  required: boolean;
  present: boolean;
}

function members(
  spec: Schema,
  schema: Schema,
  value: Json | undefined,
  at: (string | number)[] = [],
  depth = 0,
  out: Member[] = [],
): Member[] {
  if (depth > 5) return out;
  const s = flatten(spec, schema);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const required = new Set<string>(s.required ?? []);
    for (const [key, raw] of Object.entries(props)) {
      const child = flatten(spec, raw);
      const present = key in value;
      out.push({ path: [...at, key], schema: child, required: required.has(key), present });
      if (present) members(spec, child, value[key], [...at, key], depth + 1, out);
    }
  } else if (Array.isArray(value) && value.length && s.items) {
    const child = flatten(spec, s.items);
    out.push({ path: [...at, 0], schema: child, required: false, present: true });
    members(spec, child, value[0], [...at, 0], depth + 1, out);
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: Json | undefined): void {
  let node: any = root;
  for (const key of path.slice(0, -1)) node = node?.[key];
  if (!node || typeof node !== 'object') return;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

/** A string the pattern rejects (tries a few shapes, then the drawn text with characters patterns rarely take). */
function patternBreak(pattern: string, text: string): string {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return `${text}\u0000<>`;
  }
  for (const c of [`${text}`, ' \t', '\u0000<>{}', '', '%%%', 'é'.repeat(3), `${text}\n!`]) if (!re.test(c)) return c;
  return `\u0000${text}`;
}

function constraintBreak(schema: Schema, text: string): { value: Json; detail: string } | undefined {
  if (typeof schema.pattern === 'string')
    return { value: patternBreak(schema.pattern, text), detail: `pattern ${schema.pattern}` };
  if (typeof schema.maxLength === 'number' && schema.maxLength < 100_000)
    return { value: 'x'.repeat(schema.maxLength + 1), detail: `maxLength ${schema.maxLength}` };
  if (typeof schema.minLength === 'number' && schema.minLength > 0)
    return { value: '', detail: `minLength ${schema.minLength}` };
  if (typeof schema.maximum === 'number') return { value: schema.maximum + 1, detail: `maximum ${schema.maximum}` };
  if (typeof schema.minimum === 'number') return { value: schema.minimum - 1, detail: `minimum ${schema.minimum}` };
  if (typeof schema.maxItems === 'number' && schema.maxItems < 10_000)
    return { value: Array.from({ length: schema.maxItems + 1 }, () => 'x'), detail: `maxItems ${schema.maxItems}` };
  if (typeof schema.minItems === 'number' && schema.minItems > 0)
    return { value: [], detail: `minItems ${schema.minItems}` };
  return undefined;
}

function enumBreakValue(schema: Schema, text: string): Json {
  const values = (schema.enum ?? []) as Json[];
  const candidate = `NOT_A_VALUE_${text.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`;
  return values.includes(candidate) ? `${candidate}_X` : candidate;
}

function encodeForm(value: Json | undefined): string {
  const params = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return params.toString();
}

function multipartForm(value: Json | undefined, boundary: string): string {
  const lines: string[] = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      lines.push(
        `--${boundary}`,
        `Content-Disposition: form-data; name="${k}"`,
        '',
        typeof v === 'string' ? v : JSON.stringify(v),
      );
    }
  }
  lines.push(`--${boundary}--`, '');
  return lines.join('\r\n');
}

function encodeBody(contentType: string | undefined, body: Json | undefined): Buffer | undefined {
  if (body === undefined || contentType === undefined) return undefined;
  if (contentType === 'application/x-www-form-urlencoded') return Buffer.from(encodeForm(body));
  if (contentType === 'multipart/form-data') return Buffer.from(multipartForm(body, 'fuzzboundary'));
  if (typeof body === 'string' && !isJson(contentType)) return Buffer.from(body);
  return Buffer.from(JSON.stringify(body));
}

function headerContentType(contentType: string | undefined): string | undefined {
  if (contentType === 'multipart/form-data') return 'multipart/form-data; boundary=fuzzboundary';
  if (contentType === '*/*') return 'application/octet-stream';
  return contentType;
}

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD instead of throwing). */
function pct(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function fillPath(template: string, values: Map<string, string>, raw = new Set<string>()): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    raw.has(name) ? values.get(name)! : pct(values.get(name) ?? 'x'),
  );
}

/** What the router answers for a path or method the spec does not have: the HTTP statuses its x-error-style declares. */
function routeMissStatuses(spec: Schema): number[] {
  const answers = spec['x-error-style'].answers;
  return [...new Set<number>([answers.unknownRoute.http, answers.wrongMethod.http])];
}

/** Values that parse as their type but hold more than the service can (64-bit and double overflow, year 275760). */
function outOfRange(schema: Schema, pick: number): { text: string; number?: true } | undefined {
  const types = schemaTypes(schema);
  if (types.includes('integer') || types.includes('number'))
    return { text: ['9223372036854775807', '1e308', '-9007199254740993', '1e20'][pick % 4]!, number: true };
  if (!types.includes('string') && types.length) return undefined;
  if (schema.format === 'date-time') return { text: ['275760-09-13T00:00:01Z', '9999-12-31T23:59:60Z'][pick % 2]! };
  if (schema.format === 'date') return { text: ['275760-09-13', '0000-01-01'][pick % 2]! };
  if (schema.format === 'int64' || schema.format === 'uint64') return { text: '99999999999999999999999' };
  if (typeof schema.pattern === 'string' && /s\$?\$$/.test(schema.pattern)) return { text: '99999999999999999999999s' };
  return undefined;
}

/** JSON text of an object nested `levels` deep. */
const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
/** Stands for a planted value in a serialised body, replaced by bytes no JSON encoder writes. */
const PLACEHOLDER = '__fuzz_planted__';

function build(
  spec: Schema,
  operations: FuzzOperation[],
  profile: ServiceProfile,
  draw: Draw,
  index: number,
): FuzzRequest {
  const bodyOps = operations.filter((o) => o.bodies.length);
  const wantsBody = [
    'oversized-body',
    'truncated-body',
    'wrong-content-type',
    'malformed-json',
    'malformed-form',
    'broken-multipart',
    'deep-nesting',
  ].includes(draw.mutation);
  const pool = wantsBody && bodyOps.length ? bodyOps : operations;
  const op = pool[draw.op % pool.length]!;
  const base = baseOf(spec, op, profile, draw.pick);
  let method = op.method;
  let contentType = base.contentType;
  let body: Buffer | undefined;
  let detail = '';
  let allowed = [...op.statuses];
  const rawPath = new Set<string>();
  const extraHeaders: Record<string, string> = {};
  let rawQuery = '';
  let path: string | undefined;
  let mustRefuse = false;
  let mustNotEcho: string | undefined;
  let twoCredentials = false;
  /** Bytes that replace the placeholder in the encoded body. */
  let planted: Buffer | undefined;

  // The credential parameter is the profile's to set (its refusals are the auth choice's business).
  const paramTargets = op.parameters.filter(
    (p) => (p.in === 'query' || p.in === 'path') && !(profile.credentialParams ?? []).includes(p.name),
  );
  const bodyMembers = base.body !== undefined && base.bodySchema ? members(spec, base.bodySchema, base.body) : [];
  const setParam = (p: { name: string; in: string }, value: string | undefined) => {
    const map = p.in === 'path' ? base.pathValues : base.query;
    // A changed path segment may no longer match the route: the router's unknown-path answers are then due.
    if (p.in === 'path') allowed.push(...routeMissStatuses(spec));
    if (value === undefined) map.delete(p.name);
    else map.set(p.name, value);
  };

  const anyMedia = op.bodies.some((b) => b.contentType === '*/*');
  // A huge header or a crafted Host wraps another defect and stays its own kind; others fall back to another kind
  // when the operation has nothing to plant them in.
  const wrapper = draw.mutation === 'huge-header' || draw.mutation === 'crafted-host';
  let plantedKind: Mutation = draw.mutation;
  const plant = (mutation: Mutation): void => {
    if (!wrapper) plantedKind = mutation;
    switch (mutation) {
      case 'wrong-type': {
        const params = paramTargets.filter((p) => schemaTypes(p.schema).some((t) => t !== 'string'));
        const inBody = bodyMembers.filter(
          (m) => m.present && (!isForm(contentType) || schemaTypes(m.schema).some((t) => t !== 'string')),
        );
        const choices = [...params.map((p) => ({ p })), ...inBody.map((m) => ({ m }))];
        if (!choices.length) return plant('enum-break');
        const c = choices[draw.pick % choices.length]!;
        if ('p' in c) {
          const v = ['abc', 'maybe', '1.5e', '[]', '{}'][draw.pick % 5]!;
          setParam(c.p, v);
          detail = `${c.p.in} ${c.p.name}=${JSON.stringify(v)} (${schemaTypes(c.p.schema).join('|')})`;
        } else {
          const v = isForm(contentType) ? `{not json ${draw.text.slice(0, 5)}` : wrongValue(c.m.schema, draw.value);
          setAt(base.body!, c.m.path, v);
          detail = `body ${c.m.path.join('.')}=${JSON.stringify(v)} (${schemaTypes(c.m.schema).join('|') || 'any'})`;
        }
        return;
      }
      case 'missing-required': {
        const params = paramTargets.filter((p) => p.required && p.in === 'query');
        const inBody = bodyMembers.filter((m) => m.required && m.present);
        const choices = [...params.map((p) => ({ p })), ...inBody.map((m) => ({ m }))];
        if (!choices.length) {
          if (base.body !== undefined && op.bodyRequired) {
            base.body = undefined;
            detail = 'body left out';
            return;
          }
          return plant('wrong-type');
        }
        const c = choices[draw.pick % choices.length]!;
        if ('p' in c) {
          setParam(c.p, undefined);
          detail = `${c.p.in} ${c.p.name} left out`;
        } else {
          setAt(base.body!, c.m.path, undefined);
          detail = `body ${c.m.path.join('.')} left out`;
        }
        return;
      }
      case 'enum-break': {
        const params = paramTargets.filter((p) => Array.isArray(p.schema.enum) || Array.isArray(p.schema.items?.enum));
        const inBody = bodyMembers.filter((m) => Array.isArray(m.schema.enum));
        const choices = [...params.map((p) => ({ p })), ...inBody.map((m) => ({ m }))];
        if (!choices.length) return plant('pattern-break');
        const c = choices[draw.pick % choices.length]!;
        if ('p' in c) {
          const v = String(enumBreakValue(c.p.schema.enum ? c.p.schema : c.p.schema.items, draw.text));
          setParam(c.p, v);
          detail = `${c.p.in} ${c.p.name}=${v} (enum)`;
        } else {
          const v = enumBreakValue(c.m.schema, draw.text);
          setAt(base.body!, c.m.path, v);
          detail = `body ${c.m.path.join('.')}=${String(v)} (enum)`;
        }
        return;
      }
      case 'pattern-break': {
        const params = paramTargets.filter((p) => constraintBreak(p.schema, draw.text));
        const inBody = bodyMembers.filter((m) => constraintBreak(m.schema, draw.text));
        const choices = [...params.map((p) => ({ p })), ...inBody.map((m) => ({ m }))];
        if (!choices.length) return plant(op.bodies.length ? 'malformed-json' : 'bad-percent-encoding');
        const c = choices[draw.pick % choices.length]!;
        if ('p' in c) {
          const broken = constraintBreak(c.p.schema, draw.text)!;
          setParam(c.p, typeof broken.value === 'string' ? broken.value : JSON.stringify(broken.value));
          detail = `${c.p.in} ${c.p.name} breaks ${broken.detail}`;
        } else {
          const broken = constraintBreak(c.m.schema, draw.text)!;
          setAt(base.body!, c.m.path, broken.value);
          detail = `body ${c.m.path.join('.')} breaks ${broken.detail}`;
        }
        return;
      }
      case 'oversized-body': {
        // Past the runtime's 1 MiB JSON/form limit; media uploads (64 MiB) get a declared length past it instead.
        const n = 1024 * 1024 + 1 + (draw.size % 65_536);
        if (contentType && !isJson(contentType) && !isForm(contentType)) {
          extraHeaders['content-length-declared'] = String(64 * 1024 * 1024 + 1 + draw.size);
          body = Buffer.alloc(0);
          detail = `declared length ${extraHeaders['content-length-declared']}`;
          return;
        }
        body = Buffer.from(JSON.stringify({ padding: 'x'.repeat(n) }));
        if (isForm(contentType)) body = Buffer.from(`padding=${'x'.repeat(n)}`);
        detail = `${body.length} bytes`;
        return;
      }
      case 'truncated-body': {
        const full = encodeBody(contentType, base.body) ?? Buffer.from('{}');
        const cut = full.length > 1 ? 1 + (draw.size % (full.length - 1)) : 0;
        body = full.subarray(0, cut);
        detail = `${cut} of ${full.length} bytes`;
        if (!isJson(contentType) && !isForm(contentType)) {
          // Media bytes cannot be "truncated" into invalidity; make the JSON metadata variant the truncated one.
          contentType = 'application/json';
          body = Buffer.from(JSON.stringify({ file: { displayName: 'x' } })).subarray(0, 5 + (draw.size % 10));
        }
        return;
      }
      case 'wrong-content-type': {
        const types = [
          'text/plain',
          'application/xml',
          'text/html; charset=utf-8',
          'application/x-unknown',
          'image/png',
          'application/json-seq',
        ];
        contentType = types[draw.pick % types.length];
        body = encodeBody(base.contentType, base.body);
        // Where any media type is documented (raw uploads), a wrong type is no defect: send a broken JSON under it.
        if (anyMedia) {
          contentType = 'application/json';
          body = Buffer.from(`{"file": ${draw.text.length}`);
        }
        detail = `content-type ${contentType}`;
        return;
      }
      case 'malformed-json': {
        // Broken for every reader: a trailing comma or single quotes are read by the generative service's public
        // front end (and so by its reference), so the samples break JSON past what a lenient reader mends.
        const samples = [
          '{',
          '{"a":}',
          '[1,2',
          'nul',
          '{"a":1,,}',
          `{"${draw.text}`,
          '\u0000\u0001',
          '{"a":"\\ud800"',
          '{}}',
          "{'single':}",
        ];
        contentType = 'application/json';
        body = Buffer.from(samples[draw.pick % samples.length]!);
        detail = `json ${JSON.stringify(body.toString('latin1').slice(0, 20))}`;
        return;
      }
      case 'malformed-form': {
        if (anyMedia) return plant('malformed-json');
        const samples = [
          'a=%zz',
          '%',
          '=&=&',
          'a=1&a',
          '&&&%E0%A4%A',
          `x=${pct(draw.text)}%`,
          'object_story_spec={broken',
          'name=%C0%AF&object_story_spec=%7B',
        ];
        contentType = 'application/x-www-form-urlencoded';
        body = Buffer.from(samples[draw.pick % samples.length]!);
        detail = `form ${JSON.stringify(body.toString('latin1'))}`;
        return;
      }
      case 'broken-multipart': {
        const kinds = [
          [
            'multipart/form-data',
            'no boundary parameter',
            '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
          ],
          [
            'multipart/form-data; boundary=abc',
            'boundary never appears',
            '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--zzz--\r\n',
          ],
          [
            'multipart/form-data; boundary=abc',
            'no closing delimiter',
            '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
          ],
          ['multipart/related; boundary=abc', 'part without headers', '--abc\r\n\r\n--abc--\r\n'],
          [
            'multipart/related; boundary=abc',
            'metadata part not JSON',
            '--abc\r\nContent-Type: application/json\r\n\r\n{broken\r\n--abc\r\nContent-Type: text/plain\r\n\r\nhi\r\n--abc--\r\n',
          ],
          ['multipart/related; boundary=', 'empty boundary', '--\r\n\r\n----\r\n'],
        ] as const;
        // Where any media type is documented, multipart/form-data is media; only multipart/related is parsed.
        const usable = anyMedia ? kinds.filter((k) => k[0].startsWith('multipart/related')) : kinds;
        const [ct, what, text] = usable[draw.pick % usable.length]!;
        contentType = ct;
        body = Buffer.from(text);
        detail = what;
        return;
      }
      case 'bad-percent-encoding': {
        const bad = ['%zz', '%', '%E0%A4%A', '%C0%AF', '%ff%fe', '%u0041', '%%', '%0'][draw.pick % 8]!;
        const pathParams = [...base.pathValues.keys()];
        // A bad escape in a plain string parameter decodes to a literal '%' (WHATWG URL): only typed or
        // constrained parameters make it a defect.
        const constrained = (p: { schema: Schema }) =>
          schemaTypes(p.schema).some((t) => t !== 'string') || p.schema.enum || p.schema.pattern || p.schema.format;
        const queryNames = paramTargets.filter((p) => p.in === 'query' && constrained(p)).map((p) => p.name);
        if (pathParams.length && (draw.pick % 2 === 0 || !queryNames.length)) {
          const name = pathParams[draw.pick % pathParams.length]!;
          base.pathValues.set(name, `${pct(base.pathValues.get(name)!)}${bad}`);
          rawPath.add(name);
          detail = `path ${name} ends ${bad}`;
          allowed.push(404);
        } else if (!queryNames.length) {
          // Neither a path nor a declared query parameter: an undeclared one is no defect, so break the path.
          return plant('unknown-path');
        } else {
          const name = queryNames[draw.pick % queryNames.length]!;
          base.query.delete(name);
          rawQuery = `${pct(name)}=${bad}`;
          detail = `query ${name}=${bad}`;
        }
        return;
      }
      case 'huge-header': {
        // Under node:http's 16 KiB header block limit, so the service itself answers; plus one more defect.
        const size = 4096 + (draw.size % 8192);
        extraHeaders['x-fuzz-padding'] = 'a'.repeat(size);
        plant(['wrong-type', 'missing-required', 'enum-break', 'pattern-break'][draw.pick % 4] as Mutation);
        detail = `${size}-byte header + ${detail}`;
        return;
      }
      case 'unknown-path': {
        const segments = [
          'nothing-here',
          pct(draw.text.slice(0, 10)) || 'x',
          'v0',
          '..%2f..',
          'a'.repeat(1 + (draw.size % 300)),
        ];
        path = `${fillPath(op.path, base.pathValues)}/${segments[draw.pick % segments.length]}`;
        if (draw.pick % 3 === 0) path = `/${segments[(draw.pick >> 2) % segments.length]}/unknown`;
        // A path that still matches a template (e.g. /{version}/{creative_id}) is that operation's to refuse.
        allowed = [
          ...routeMissStatuses(spec),
          ...operations
            .filter((o) => pathTemplate(o.path).match(path!.split('?')[0]!) !== undefined)
            .flatMap((o) => o.statuses),
        ];
        detail = path.slice(0, 60);
        return;
      }
      case 'out-of-range': {
        const params = paramTargets.filter((p) => outOfRange(p.schema, draw.pick) !== undefined);
        const inBody = bodyMembers.filter((m) => outOfRange(m.schema, draw.pick) !== undefined);
        const choices = [...params.map((p) => ({ p })), ...inBody.map((m) => ({ m }))];
        if (!choices.length) return plant('deep-nesting');
        const c = choices[draw.pick % choices.length]!;
        if ('p' in c) {
          const v = outOfRange(c.p.schema, draw.pick)!;
          setParam(c.p, v.text);
          detail = `${c.p.in} ${c.p.name}=${v.text}`;
        } else {
          const v = outOfRange(c.m.schema, draw.pick)!;
          if (isForm(contentType) || !v.number) setAt(base.body!, c.m.path, v.text);
          else {
            // The number as written (JSON.stringify would round it to what a double holds).
            setAt(base.body!, c.m.path, PLACEHOLDER);
            planted = Buffer.from(v.text);
          }
          detail = `body ${c.m.path.join('.')}=${v.text}`;
        }
        return;
      }
      case 'deep-nesting': {
        // Every object-typed entry point: the body itself, each object member (a JSON-string field of a form).
        if (base.body === undefined || !contentType || (!isJson(contentType) && !isForm(contentType)))
          return plant('invalid-bytes');
        const objects = bodyMembers.filter(
          (m) =>
            (schemaTypes(m.schema).includes('object') || m.schema.properties) &&
            (!isForm(contentType) || m.path.length === 1),
        );
        const levels = 3000 + (draw.size % 7000);
        mustRefuse = true;
        if (!objects.length || draw.pick % (objects.length + 1) === objects.length) {
          if (isForm(contentType)) return plant('invalid-bytes');
          body = Buffer.from(nestedJson(levels));
          detail = `body ${levels} levels deep`;
          return;
        }
        const m = objects[draw.pick % objects.length]!;
        if (isForm(contentType)) setAt(base.body, m.path, nestedJson(levels));
        else {
          setAt(base.body, m.path, PLACEHOLDER);
          planted = Buffer.from(nestedJson(levels));
        }
        detail = `body ${m.path.join('.')} ${levels} levels deep`;
        return;
      }
      case 'invalid-bytes': {
        mustRefuse = true;
        const strings = bodyMembers.filter((m) => m.present && schemaTypes(m.schema).includes('string'));
        const queryStrings = paramTargets.filter((p) => p.in === 'query');
        if (base.body !== undefined && contentType && isJson(contentType) && strings.length && draw.pick % 2 === 0) {
          const m = strings[draw.pick % strings.length]!;
          setAt(base.body, m.path, PLACEHOLDER);
          planted =
            draw.pick % 4 === 0
              ? Buffer.from('"\\ud800"')
              : Buffer.concat([Buffer.from('"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"')]);
          detail = `body ${m.path.join('.')} ${draw.pick % 4 === 0 ? 'lone surrogate' : 'invalid UTF-8'}`;
          return;
        }
        if (base.body !== undefined && contentType === 'application/x-www-form-urlencoded' && strings.length) {
          const m = strings[draw.pick % strings.length]!;
          setAt(base.body, m.path, PLACEHOLDER);
          planted = Buffer.from('%ff%fe');
          detail = `form ${m.path.join('.')}=%ff%fe`;
          return;
        }
        if (queryStrings.length) {
          const p = queryStrings[draw.pick % queryStrings.length]!;
          base.query.delete(p.name);
          rawQuery = `${pct(p.name)}=${['%ff', '%ed%a0%80', '%c3%28'][draw.pick % 3]}`;
          detail = `query ${p.name} not UTF-8`;
          return;
        }
        mustRefuse = false;
        return plant('crafted-host');
      }
      case 'crafted-host': {
        const hosts = ['x.example/"><script>alert(1)</script><x y="', 'evil.example', 'x.example:1/%0d%0a'];
        mustNotEcho = hosts[draw.pick % hosts.length]!;
        extraHeaders.host = mustNotEcho;
        plant(['wrong-type', 'missing-required', 'enum-break', 'pattern-break'][draw.pick % 4] as Mutation);
        detail = `Host ${mustNotEcho} + ${detail}`;
        // A valid request may pass: the crafted Host must not reach its answer either way.
        return;
      }
      case 'conflicting-credentials': {
        if (!profile.authenticateTwice) return plant('out-of-range');
        twoCredentials = true;
        mustRefuse = true;
        detail = 'two different credentials';
        return;
      }
      case 'unknown-method': {
        const taken = new Set(operations.filter((o) => o.path === op.path).map((o) => o.method));
        const choices = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL'].filter(
          (m) => !taken.has(m),
        );
        // Only methods node:http's parser knows: others get its bare 400 before any service sees them.
        method = choices[draw.pick % choices.length] ?? 'PROPFIND';
        allowed = routeMissStatuses(spec);
        detail = method;
        return;
      }
    }
  };

  plant(draw.mutation);

  const query = new URLSearchParams([...base.query.entries()]);
  const headers: Record<string, string> = {};
  if (twoCredentials) profile.authenticateTwice!(query, headers);
  else if (draw.auth !== 'none') profile.authenticate(draw.auth, query, headers);
  path ??= fillPath(op.path, base.pathValues, rawPath);
  const qs = [query.toString(), rawQuery].filter(Boolean).join('&');
  if (body === undefined && !['unknown-method', 'unknown-path'].includes(draw.mutation))
    body = encodeBody(contentType, base.body);
  if (planted && body) {
    // The placeholder as the encoder wrote it (a JSON string, or a form value) gives way to the planted bytes.
    const text = body.toString('latin1');
    const quoted = text.indexOf(`"${PLACEHOLDER}"`);
    const at = quoted >= 0 ? quoted : text.indexOf(PLACEHOLDER);
    const length = quoted >= 0 ? PLACEHOLDER.length + 2 : PLACEHOLDER.length;
    if (at >= 0) body = Buffer.concat([body.subarray(0, at), planted, body.subarray(at + length)]);
  }
  if (body !== undefined && contentType) headers['content-type'] = headerContentType(contentType)!;
  Object.assign(headers, extraHeaders);
  return {
    index,
    mutation: draw.mutation,
    planted: plantedKind,
    detail,
    auth: draw.auth,
    operationId: op.operationId,
    method,
    target: qs ? `${path}?${qs}` : path,
    headers,
    body,
    allowed: [...new Set(allowed)].sort(),
    write: !['GET', 'HEAD'].includes(op.method),
    ...(mustRefuse ? { mustRefuse } : {}),
    ...(mustNotEcho ? { mustNotEcho } : {}),
  };
}
