// Copied from templates/runtime/server/validators.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The package's request and answer validators, compiled on first use. validators.ts names one per request part
// and answer of every operation and holds the JSON Schemas they check as JSON text (written by the generator:
// annotations stripped, OpenAPI's forms normalised), parsed when the first request is validated; each schema is
// compiled by ajv when a validator of it is first called. A service with a thousand operations starts at once and
// compiles only what it serves.
import type { ValidateFunction, ValidationError } from './route-def.js';
import { escapeToken as token, followPointer, fragmentTokens } from './json-pointer.js';
import { addKeyedProperties, keyedProperties } from './keyed-properties.js';
import { linearPatternError, linearRegExp } from './linear-regexp.js';
import { Ajv2020, addFormats } from './vendor/ajv.js';

/** The schemas of a package's validators: the shared components and each distinct schema once. */
export interface ValidatorSchemas {
  /** The `$id` the schemas' `$ref`s point into (`spec://<key>`). */
  specId: string;
  /** The document's components, cleaned as the schemas are. */
  components: unknown;
  /** Schemas referred to outside the components (under `#/paths/...`), at their pointers in the document. */
  elsewhere?: Record<string, unknown>;
  /** The components requests are checked against, where they differ (readOnly members not required). */
  requestComponents?: unknown;
  /** The components answers are checked against, where they differ (writeOnly members not required). */
  answerComponents?: unknown;
  /** Whether some schema uses unevaluatedProperties / unevaluatedItems (ajv tracks evaluation only then). */
  unevaluated: boolean;
  /** Each distinct schema once. */
  schemas: object[];
}

/**
 * A JSON request body is checked as sent (strict); parameters and form fields arrive as text and are coerced; an
 * answer is checked as sent, against the components as answers read them.
 */
export type ValidatorKind = 'strict' | 'coercing' | 'answer';

function createAjv(source: ValidatorSchemas, kind: ValidatorKind): Ajv2020 {
  const coerce = kind === 'coercing';
  const ajv = new Ajv2020({
    allErrors: true,
    // Each referenced schema becomes one function instead of being pasted into every caller.
    inlineRefs: false,
    strict: false,
    // `strict: false` also turns this off: ±Infinity (a JSON body's 1e309) would pass `type: number`.
    strictNumbers: true,
    // A property named `constructor` or `hasOwnProperty` is absent unless the value has it as its own.
    ownProperties: true,
    // Patterns on a linear-time engine: a crafted value cannot stall the server (linear-regexp.ts).
    code: { regExp: linearRegExp },
    // The generator normalised the schemas; checking each against the meta-schema again costs a fifth of a compile.
    validateSchema: false,
    validateFormats: true,
    // Query, path, header and form values arrive as strings: coerced to the schema's types there, and only there
    // (a JSON body with "5" for an integer is still invalid).
    coerceTypes: coerce ? 'array' : false,
  });
  // Without unevaluatedProperties / unevaluatedItems in the spec, ajv need not track what each subschema
  // evaluated: the validators are smaller and compile faster.
  ajv.opts.unevaluated = source.unevaluated;
  addFormats(ajv);
  const components = (kind === 'answer' ? source.answerComponents : source.requestComponents) ?? source.components;
  const document = { ...source.elsewhere, $id: source.specId, components };
  if (keyed(source, kind)) addKeyedProperties(ajv);
  ajv.addSchema(keyed(source, kind) ? keyedProperties(document) : document);
  return ajv;
}

/**
 * Whether a validator's large `properties` are checked from the value's keys (keyed-properties.ts): an answer's,
 * whose shape follows what the client selected; a request's errors keep the schema's order. Not where a schema
 * tracks what its subschemas evaluated (unevaluatedProperties reads what `properties` marked).
 */
const keyed = (source: ValidatorSchemas, kind: ValidatorKind): boolean => kind === 'answer' && !source.unevaluated;

/**
 * The validator factory of a package: `validator(kind, index)` is a validate function for the schema at `index`,
 * compiled on the function's first call (`load` is called once, then). Names that share a schema share its compile.
 */
export function lazyValidators(load: () => ValidatorSchemas): (kind: ValidatorKind, index: number) => ValidateFunction {
  let source: ValidatorSchemas | undefined;
  const instances = new Map<ValidatorKind, Ajv2020>();
  const compiled = new Map<string, ValidateFunction>();
  const compile = (kind: ValidatorKind, index: number): ValidateFunction => {
    const key = `${kind}:${index}`;
    let validate = compiled.get(key);
    if (!validate) {
      source ??= load();
      let ajv = instances.get(kind);
      if (!ajv) instances.set(kind, (ajv = createAjv(source, kind)));
      const schema = source.schemas[index];
      if (!schema) throw new Error(`the package's validators have no schema ${index}`);
      try {
        validate = ajv.compile(keyed(source, kind) ? keyedProperties(schema) : schema) as ValidateFunction;
      } catch (error) {
        // ajv names neither the place nor, for a pattern, the schema: the first place that explains it, if found.
        const place = refusedPlace(source, schema);
        throw new Error(`${(error as Error).message}${place ? ` (at ${place})` : ''}`);
      }
      compiled.set(key, validate);
    }
    return validate;
  };
  return (kind, index) => {
    let compiledValidate: ValidateFunction | undefined;
    const validate = ((data: unknown): boolean =>
      (compiledValidate ??= compile(kind, index))(data)) as ValidateFunction;
    // The compiled function's errors, read where they are (only a failed check looks): nothing copied per call.
    Object.defineProperty(validate, 'errors', {
      get: (): ValidationError[] | null | undefined => compiledValidate?.errors,
      set: (errors: ValidationError[] | null | undefined) => {
        (compiledValidate ??= compile(kind, index)).errors = errors;
      },
    });
    validate.compile = () => {
      compiledValidate ??= compile(kind, index);
    };
    return validate;
  };
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * The first place in a schema (or the components it refers to) ajv would refuse: a `pattern` that is no regular
 * expression in unicode mode, a `type` that is no JSON type, or a `$ref` into the document that resolves to nothing. Its JSON pointer: in the
 * document for a component (`#/components/schemas/A/properties/b/pattern`), else within the schema.
 */
function refusedPlace(source: ValidatorSchemas, schema: object): string | undefined {
  const seen = new Set<unknown>();
  const resolve = (ref: string): unknown => {
    const at = ref.indexOf('#');
    if (at < 0) return undefined;
    return followPointer({ components: source.components }, fragmentTokens(ref.slice(at)));
  };
  const walk = (node: unknown, pointer: string): string | undefined => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') {
      try {
        new RegExp(record.pattern, 'u');
      } catch {
        return `${pointer}/pattern`;
      }
      if (linearPatternError(record.pattern) !== undefined) return `${pointer}/pattern`;
    }
    const types = typeof record.type === 'string' ? [record.type] : Array.isArray(record.type) ? record.type : [];
    if (types.some((t) => !JSON_TYPES.has(t as string))) return `${pointer}/type`;
    if (typeof record.$ref === 'string') {
      const target = resolve(record.$ref);
      if (target === undefined) return `${pointer}/$ref (${record.$ref})`;
      const inner = walk(target, `#${record.$ref.slice(record.$ref.indexOf('#') + 1)}`);
      if (inner) return inner;
    }
    for (const [key, value] of Object.entries(record)) {
      if (key === '$ref' || key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
      const found = walk(value, `${pointer}/${token(key)}`);
      if (found) return found;
    }
    return undefined;
  };
  return walk(schema, '');
}
