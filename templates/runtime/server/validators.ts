// The package's request and answer validators, compiled on first use. validators.ts names one per request part
// and answer of every operation and holds the JSON Schemas they check as JSON text (written by the generator:
// annotations stripped, OpenAPI's forms normalised), parsed when the first request is validated; each schema is
// compiled by ajv when a validator of it is first called. A service with a thousand operations starts at once and
// compiles only what it serves.
import type { ValidateFunction, ValidationError } from './route-def.js';
import { Ajv2020, addFormats } from './vendor/ajv.js';

/** The schemas of a package's validators: the shared components and each distinct schema once. */
export interface ValidatorSchemas {
  /** The `$id` the schemas' `$ref`s point into (`spec://<key>`). */
  specId: string;
  /** The document's components, cleaned as the schemas are. */
  components: unknown;
  /** Whether some schema uses unevaluatedProperties / unevaluatedItems (ajv tracks evaluation only then). */
  unevaluated: boolean;
  /** Each distinct schema once. */
  schemas: object[];
}

/** A JSON body or answer is checked as sent; parameters and form fields arrive as text and are coerced. */
export type ValidatorKind = 'strict' | 'coercing';

function createAjv(source: ValidatorSchemas, coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    // Each referenced schema becomes one function instead of being pasted into every caller.
    inlineRefs: false,
    strict: false,
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
  ajv.addSchema({ $id: source.specId, components: source.components });
  return ajv;
}

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
      if (!ajv) instances.set(kind, (ajv = createAjv(source, kind === 'coercing')));
      const schema = source.schemas[index];
      if (!schema) throw new Error(`the package's validators have no schema ${index}`);
      validate = ajv.compile(schema) as ValidateFunction;
      compiled.set(key, validate);
    }
    return validate;
  };
  return (kind, index) => {
    let compiledValidate: ValidateFunction | undefined;
    const validate = ((data: unknown): boolean => {
      compiledValidate ??= compile(kind, index);
      const valid = compiledValidate(data);
      validate.errors = compiledValidate.errors as ValidationError[] | null | undefined;
      return valid;
    }) as ValidateFunction;
    return validate;
  };
}
