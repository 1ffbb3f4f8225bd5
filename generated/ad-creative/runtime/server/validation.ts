// Copied from templates/runtime/server/validation.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Validation with the compiled validators: parameters and request bodies before the handler (a violation is
// the service's 400), and, when asked, the handler's answers after it.
import { isMediaPart, selectBody } from './body.js';
import { type ErrorStyle, type FieldViolation, invalidRequest } from './errors.js';
import type { HandlerInput } from './handler.js';
import { headerValues } from './params.js';
import type { ParamDef, RouteDef, ValidateFunction, ValidationError } from './route-def.js';
import type { SerializedJson } from './serialized-json.js';

/** Checks a request's parameters and body against the route's schemas; throws the service's 400. */
export function validateRequest(input: HandlerInput, route: RouteDef, errorStyle: ErrorStyle): void {
  // Header parameters are checked on a copy: coercion must not turn the handler's header strings into numbers
  // (an array header is checked as its comma-separated items, and reaches the handler as the text sent).
  const plan = planOf(route);
  const params = {
    path: input.path,
    query: input.query,
    header: plan.headerParams ? headerValues(route, input.headers) : input.headers,
    cookie: input.cookies,
  };
  const notNumbers = plan.numericParams.length === 0 ? NONE : numericTextViolations(plan.numericParams, params);
  if (notNumbers.length) {
    const code = route.params.find((p) => p.name === notNumbers[0]!.field)?.invalidCode;
    throw invalidRequest(errorStyle, 'Invalid parameter', notNumbers, code);
  }
  if (!route.validateParams(params)) {
    const found = violations(route.validateParams.errors, true);
    const code = route.params.find((p) => p.name === found[0]?.field)?.invalidCode;
    throw invalidRequest(errorStyle, 'Invalid parameter', found, code);
  }
  if (input.body === undefined) {
    if (route.bodyRequired)
      throw invalidRequest(errorStyle, 'Missing request body', [{ field: 'body', description: 'is required' }]);
    return;
  }
  const def = selectBody(route.bodies, input.contentType);
  let validator = def ? route.validateBody[def.contentType] : undefined;
  let subject: unknown = input.body;
  if (def?.kind === 'multipart-related') {
    // The metadata part is the JSON request of the same operation (the handler types it so).
    const json = route.bodies.find((b) => b.kind === 'json');
    validator = json ? route.validateBody[json.contentType] : undefined;
    subject = (input.body as { metadata: unknown }).metadata;
  }
  // An XML body is checked as the value its elements stand for; the handler keeps the text as `body`.
  if (def?.xml !== undefined) subject = input.bodyValue;
  if (def?.kind === 'multipart-form' && subject && typeof subject === 'object') {
    // Files are checked by the handler; the schema sees their names.
    subject = Object.fromEntries(Object.entries(subject).map(([k, v]) => [k, holdsMedia(v) ? asFileNames(v) : v]));
  }
  if (def?.kind === 'lines' && validator) {
    // Each line is a value of the schema: the first lines that break it are named by their number.
    const found: FieldViolation[] = [];
    (subject as unknown[]).forEach((line, index) => {
      if (found.length < 10 && !validator!(line))
        for (const v of violations(validator!.errors, false))
          found.push({
            field: `line ${index + 1}${v.field === 'body' ? '' : `: ${v.field}`}`,
            description: v.description,
          });
    });
    if (found.length) throw invalidRequest(errorStyle, 'Invalid request body', found);
    return;
  }
  if (validator && !validator(subject)) {
    throw invalidRequest(errorStyle, 'Invalid request body', violations(validator.errors, false));
  }
  if (def?.kind === 'multipart-form' && subject !== input.body) {
    // Keep coerced scalar values, restore the files.
    for (const [k, v] of Object.entries(input.body as Record<string, unknown>)) {
      if (!holdsMedia(v)) (input.body as Record<string, unknown>)[k] = (subject as Record<string, unknown>)[k];
    }
  }
}

/** A form field holding a file, or files (a name sent in several parts). */
function holdsMedia(value: unknown): boolean {
  return isMediaPart(value) || (Array.isArray(value) && value.some(isMediaPart));
}

function asFileNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asFileNames);
  return isMediaPart(value) ? (value.filename ?? '') : value;
}

/** A number as JSON writes it: coercion would also read `0x0c`, `0b1`, ` 12` or `` (empty) as numbers. */
const NUMBER_TEXT = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** What validation needs of a route's parameters, worked out on its first request. */
interface ValidationPlan {
  headerParams: boolean;
  numericParams: readonly ParamDef[];
}
const plans = new WeakMap<RouteDef, ValidationPlan>();
const NONE: FieldViolation[] = [];

function planOf(route: RouteDef): ValidationPlan {
  let plan = plans.get(route);
  if (!plan) {
    plan = {
      headerParams: route.params.some((p) => p.in === 'header'),
      numericParams: route.params.filter((p) => p.type === 'integer' || p.type === 'number'),
    };
    plans.set(route, plan);
  }
  return plan;
}

/** Integer and number parameters whose text is not a finite decimal number (checked before coercion reads it). */
function numericTextViolations(
  numeric: readonly ParamDef[],
  params: Record<string, Record<string, unknown>>,
): FieldViolation[] {
  const found: FieldViolation[] = [];
  for (const p of numeric) {
    const where = params[p.in]!;
    const value = where[p.in === 'header' ? p.name.toLowerCase() : p.name];
    if (typeof value === 'string' && !NUMBER_TEXT.test(value))
      found.push({ field: p.name, description: `is not a decimal number (${JSON.stringify(value.slice(0, 40))})` });
    // `1e309` is written as a number but reads as Infinity, which no schema's number means.
    else if (typeof value === 'string' && !Number.isFinite(Number(value)))
      found.push({
        field: p.name,
        description: `is beyond the range of a number (${JSON.stringify(value.slice(0, 40))})`,
      });
  }
  return found;
}

/** Checks handler answers; pre-serialised bytes once per validator (as the client reads them), not per request. */
export class AnswerValidator {
  readonly #checked = new WeakMap<ValidateFunction, WeakSet<SerializedJson<unknown>>>();

  /** The validator's errors of the last failed check are on `validator.errors`. */
  valid(validator: ValidateFunction, body: unknown, serialized: SerializedJson<unknown> | undefined): boolean {
    if (!serialized) return validator(body);
    let checked = this.#checked.get(validator);
    if (checked?.has(serialized)) return true;
    if (!validator(JSON.parse(serialized.text))) return false;
    if (!checked) this.#checked.set(validator, (checked = new WeakSet()));
    checked.add(serialized);
    return true;
  }
}

function violations(errors: ValidationError[] | null | undefined, params: boolean): FieldViolation[] {
  return (errors ?? []).map((e) => {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (params) field = field.replace(/^(path|query|header|cookie)\.?/, '');
    if (e.keyword === 'required') field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
    if (e.keyword === 'additionalProperties')
      field = [field, String(e.params.additionalProperty)].filter(Boolean).join('.');
    return { field: field || 'body', description: e.message ?? e.keyword };
  });
}
