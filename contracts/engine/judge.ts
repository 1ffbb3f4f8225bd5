// What the document says of one answer: its status is documented, its media type is one its response documents,
// a JSON body matches the response's schema (an event stream its declared event schema), and the headers it
// documents as required are there and valid. The one judge of answers: `spec-first test` and every rule test of
// the three services (contracts/harness/conformance.ts) read it.
import { isDeepStrictEqual } from 'node:util';
import type { ErrorObject } from 'ajv/dist/2020.js';
import {
  type OperationModel,
  operationObject,
  resolveRef,
  type ResponseModel,
  type ServiceModel,
  unescapeToken,
} from '../../generator/model/index.js';
import type { CheckId } from './checks.js';
import { sourceOf } from './engine-model.js';
import { eventStreamProblems } from './event-stream.js';
import { headerValue } from './header-values.js';
import { refSiblingType } from './ref-siblings.js';
import { type DocumentPointers, type DocumentSchemas, errorText } from './schemas.js';
import { unseenMember } from './unseen-members.js';
import { vacuousAlternative } from './vacuous-alternatives.js';
import type { EngineAnswer } from './transport.js';

export interface Judgement {
  check: CheckId;
  /** Why the answer breaks the check; undefined when it meets it. */
  failure?: string;
  /**
   * The document contradicts itself here (the answer is the response's own example, which its schema refuses): not
   * the target's fault, so not a FAIL.
   */
  documentFault?: string;
  /** Nothing in the answer for the check to judge, and why (no body, no documented headers, no schema). */
  nothing?: string;
  /**
   * For a body the response's schema refuses: the keyword that refused it and the value it refused; for a missing
   * required member the schema does not declare among its properties, that member (`undeclared`).
   */
  refused?: {
    keyword: string;
    value: unknown;
    instancePath: string;
    undeclared?: string;
    refSibling?: string;
    /** The discriminator value that named the schema refusing it (./discriminator-judge.ts). */
    namedBy?: { value: string; schema: string };
    /** A required member missing where the refusing schema gives alternatives (oneOf / anyOf) beside its own. */
    besideAlternatives?: boolean;
  };
}

/** The response that documents a status: the exact code, then its range (4XX), then default. */
export function documentedResponse(op: OperationModel, status: number): ResponseModel | undefined {
  const code = String(status);
  return (
    op.responses.find((r) => r.status === code) ??
    op.responses.find((r) => r.status.toUpperCase() === `${code[0]}XX`) ??
    op.responses.find((r) => r.status === 'default')
  );
}

const mediaType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** A documented media type, wildcards included (`application/*`, `*\/*`). */
function documents(documented: string[], actual: string): boolean {
  return documented.some((d) => {
    // A documented type's parameters (charset) do not change the media type it names.
    const t = mediaType(d);
    return t === actual || t === '*/*' || (t.endsWith('/*') && actual.startsWith(t.slice(0, -1)));
  });
}

const NOT_JSON = Symbol('not JSON');
const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Where the refused value is the example or default the refusing schema gives itself (`{"type": "string", "format":
 * "date", "example": "2025-10-15T13:51:36.148Z"}`): that schema's JSON pointer. A target answering the document's own
 * example (a mock does, member by member) is not at fault; the document is.
 */
function ownExample(error: ErrorObject, pointers: DocumentPointers, base: string): string | undefined {
  const schema = error.parentSchema as { example?: unknown; examples?: unknown; default?: unknown } | undefined;
  if (!schema || typeof schema !== 'object') return undefined;
  // Its default too: a mock answers it as readily (crediwatch's `{"type": "string", "default": ["Not Available"]}`).
  const examples = [schema.example, schema.default, ...(Array.isArray(schema.examples) ? schema.examples : [])];
  if (!examples.some((e) => e !== undefined && isDeepStrictEqual(e, error.data))) return undefined;
  // An inline schema is a copy ajv compiled: its place is the response schema's, plus the path ajv walked in it.
  return pointers.of(schema) ?? `${base}${error.schemaPath.replace(/^#/, '').replace(/\/[^/]*$/, '')}`;
}

/**
 * Where the refused value is what an example of a schema on the way to it gives at that place (an object's example
 * whose member the item schema refuses, say): that example's JSON pointer. Only the schemas the instance path goes
 * through are read, so a value that merely looks like some example elsewhere is still the target's.
 */
function exampleOnTheWay(
  model: ServiceModel,
  pointers: DocumentPointers,
  root: unknown,
  error: ErrorObject,
): string | undefined {
  const tokens = error.instancePath.split('/').slice(1).map(unescapeToken);
  const flatten = (raw: unknown, depth = 0): Array<Record<string, unknown>> => {
    const schema = resolveRef<Record<string, unknown>>(model.document, raw ?? {});
    if (!schema || typeof schema !== 'object' || depth > 8) return [];
    const members = ['allOf', 'anyOf', 'oneOf'].flatMap((k) =>
      Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [],
    );
    return [schema, ...members.flatMap((m) => flatten(m, depth + 1))];
  };
  let schemas = flatten(root);
  // Examples met so far, each with the part of the instance path still to walk inside it.
  let candidates: Array<{ value: unknown; at: string }> = [];
  for (let depth = 0; ; depth++) {
    for (const schema of schemas) {
      const at = pointers.of(schema);
      if (schema.example !== undefined) candidates.push({ value: schema.example, at: `${at ?? 'a schema'}/example` });
      if (Array.isArray(schema.examples))
        schema.examples.forEach((value, i) => candidates.push({ value, at: `${at ?? 'a schema'}/examples/${i}` }));
    }
    if (depth === tokens.length) break;
    const token = tokens[depth]!;
    candidates = candidates.flatMap((c) =>
      c.value && typeof c.value === 'object' && Object.hasOwn(c.value, token)
        ? [{ value: (c.value as Record<string, unknown>)[token], at: c.at }]
        : [],
    );
    schemas = schemas.flatMap((schema) => {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      if (Object.hasOwn(properties, token)) return flatten(properties[token]);
      if (/^\d+$/.test(token) && schema.items !== undefined) return flatten(schema.items);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        return flatten(schema.additionalProperties);
      return [];
    });
  }
  return candidates.find((c) => isDeepStrictEqual(c.value, error.data))?.at;
}

export function judgeAnswer(
  model: ServiceModel,
  schemas: DocumentSchemas,
  pointers: DocumentPointers,
  op: OperationModel,
  answer: EngineAnswer,
): Judgement[] {
  const response = documentedResponse(op, answer.status);
  if (!response)
    return [
      {
        check: 'status_code_conformance',
        failure: `${answer.status} is not documented (documented: ${op.responses.map((r) => r.status).join(', ') || 'none'})`,
      },
      ...(['content_type_conformance', 'response_schema_conformance', 'response_headers_conformance'] as const).map(
        (check) => ({
          check,
          nothing: `the answer's status ${answer.status} is not documented: no response to judge it by`,
        }),
      ),
    ];
  const out: Judgement[] = [{ check: 'status_code_conformance' }];
  const type = answer.contentType ? mediaType(answer.contentType) : undefined;
  if (answer.body.length === 0)
    out.push(
      { check: 'content_type_conformance', nothing: `the ${answer.status} answer has no body` },
      { check: 'response_schema_conformance', nothing: `the ${answer.status} answer has no body` },
    );
  else if (response.contentTypes.length === 0)
    out.push({ check: 'content_type_conformance', nothing: `the ${response.status} response documents no content` });
  if (answer.body.length > 0 && response.contentTypes.length > 0) {
    if (!type) out.push({ check: 'content_type_conformance', failure: 'a body without a Content-Type' });
    else if (!documents(response.contentTypes, type))
      out.push({
        check: 'content_type_conformance',
        failure: `${type} is not documented for ${response.status} (documented: ${response.contentTypes.join(', ')})`,
      });
    else out.push({ check: 'content_type_conformance' });
  }
  const media = type ? answeredMedia(model, op, response, type) : undefined;
  if (type && isJson(type) && media?.schema !== undefined && !answer.truncated && answer.body.length > 0) {
    let value: unknown;
    try {
      value = JSON.parse(answer.body);
    } catch {
      out.push({ check: 'response_schema_conformance', failure: `the ${type} body is not JSON` });
      value = NOT_JSON;
    }
    if (value !== NOT_JSON) {
      const error = schemas.firstError(schemas.answerSchema(media.schema), value);
      const problem = error && errorText(error);
      const base = `#/paths/${pointerToken(op.path)}/${op.method.toLowerCase()}/responses/${response.status}/content/${pointerToken(media.type)}/schema`;
      const own = error && (ownExample(error, pointers, base) ?? exampleOnTheWay(model, pointers, media.schema, error));
      const contradiction =
        error &&
        (vacuousAlternative(model.document, error) ?? unseenMember(model, schemas, pointers, media.schema, error));
      if (problem && documentedExamples(model, op, response.status).some((e) => isDeepStrictEqual(e, value)))
        out.push({
          check: 'response_schema_conformance',
          documentFault: `the answer is the document's own example for ${response.status}, which its schema refuses (${problem})`,
        });
      else if (contradiction)
        out.push({
          check: 'response_schema_conformance',
          documentFault: `the document contradicts itself at ${base}: ${contradiction} (${problem})`,
        });
      else if (own)
        out.push({
          check: 'response_schema_conformance',
          documentFault: `the document contradicts itself at ${own}: its example or default ${JSON.stringify(error!.data).slice(0, 80)} is refused by its schema at ${error!.instancePath || '(root)'} (${error!.message})`,
        });
      else
        out.push({
          check: 'response_schema_conformance',
          failure: problem && `the body at ${problem}`,
          refused: error && {
            keyword: error.keyword,
            value: error.data,
            instancePath: error.instancePath,
            ...undeclaredMember(error),
            ...(error.namedBy && { namedBy: error.namedBy }),
            ...(error.keyword === 'required' && besideAlternatives(error.parentSchema) && { besideAlternatives: true }),
            ...refSibling(model, op, response, media.type, error),
          },
        });
    }
  } else if (answer.body.length > 0 && !(type === 'text/event-stream' && response.sseData !== undefined))
    out.push({
      check: 'response_schema_conformance',
      nothing: answer.truncated
        ? 'the answer was cut at the size cap (--max-answer-bytes)'
        : type && isJson(type)
          ? `the ${response.status} response's ${media?.type ?? type} has no schema`
          : `the answer is ${type ?? 'of no media type'}, not JSON: no schema judges its bytes`,
    });
  if (type === 'text/event-stream' && response.sseData !== undefined && !answer.truncated) {
    const problems = eventStreamProblems(schemas, answer.body, response.sseData);
    out.push({ check: 'response_schema_conformance', failure: problems.length ? problems.join('; ') : undefined });
  }
  out.push(...judgeHeaders(model, schemas, op, response, answer));
  return out;
}

/**
 * negative_data_rejection on the answer to a request with one documented constraint broken: a 2xx accepted it (a
 * FAIL), a 4xx refused it (a pass); anything else (5xx: not_a_server_error's) tells nothing of the constraint.
 */
export function judgeRefusal(title: string, status: number): Judgement | undefined {
  if (status >= 200 && status < 300)
    return { check: 'negative_data_rejection', failure: `${title}: accepted with ${status}` };
  if (status >= 400 && status < 500) return { check: 'negative_data_rejection' };
  return undefined;
}

/**
 * The documented media type an answer of `type` is read as (exact, then a wildcard) and its schema: a response that
 * documents an event stream first and JSON after judges a JSON answer by the JSON schema, not the first one.
 */
function answeredMedia(
  model: ServiceModel,
  op: OperationModel,
  response: ResponseModel,
  type: string,
): { type: string; schema: unknown } | undefined {
  const responses = operationObject(model.document, { path: op.path, method: op.method }).responses ?? {};
  const raw = resolveRef<{ content?: Record<string, MediaObject> }>(model.document, responses[response.status] ?? {});
  const entries = Object.entries(raw.content ?? {});
  const found =
    entries.find(([t]) => mediaType(t) === type) ?? entries.find(([t]) => documents([t], type) && isJson(type));
  if (!found) return undefined;
  return { type: found[0], schema: resolveRef<MediaObject>(model.document, found[1]).schema };
}

/**
 * For a value of the wrong type: the `type` the 3.0 document writes beside the `$ref` at its place, which OpenAPI
 * says to ignore (`{ refSibling: type }`; ./ref-siblings.ts).
 */
function refSibling(
  model: ServiceModel,
  op: OperationModel,
  response: ResponseModel,
  mediaKey: string,
  error: ErrorObject,
): { refSibling?: string } {
  if (error.keyword !== 'type') return {};
  const source = sourceOf(model);
  const responses = operationObject(source, { path: op.path, method: op.method }).responses ?? {};
  const raw = resolveRef<{ content?: Record<string, MediaObject> }>(source, responses[response.status] ?? {});
  const media = raw.content?.[mediaKey];
  const type = media && refSiblingType(source, resolveRef<MediaObject>(source, media).schema, error.instancePath);
  return type ? { refSibling: type } : {};
}

/** Whether a schema gives alternatives (oneOf / anyOf) beside members of its own. */
function besideAlternatives(schema: unknown): boolean {
  const s = schema as { oneOf?: unknown; anyOf?: unknown; properties?: unknown } | undefined;
  return !!s && (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) && !!s.properties;
}

/** A `required` member the refusing schema does not declare among its `properties`: `{ undeclared: name }`. */
function undeclaredMember(error: ErrorObject): { undeclared?: string } {
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (error.keyword !== 'required' || typeof missing !== 'string') return {};
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties && Object.hasOwn(properties, missing) ? {} : { undeclared: missing };
}

interface MediaObject {
  example?: unknown;
  examples?: Record<string, unknown>;
  schema?: unknown;
}

/** The examples a response documents for its media types (named examples followed to their values, the schema's). */
function documentedExamples(model: ServiceModel, op: OperationModel, status: string): unknown[] {
  const responses = operationObject(model.document, { path: op.path, method: op.method }).responses ?? {};
  const response = resolveRef<{ content?: Record<string, MediaObject> }>(model.document, responses[status] ?? {});
  return Object.values(response.content ?? {}).flatMap((m) => {
    const media = resolveRef<MediaObject>(model.document, m);
    const named = Object.values(media.examples ?? {}).map(
      (e) => resolveRef<{ value?: unknown }>(model.document, e).value,
    );
    // The schema's own example(s) too: a mock answers them as readily as the media type's.
    const schema = resolveRef<{ example?: unknown; examples?: unknown }>(model.document, media.schema ?? {});
    const schemaExamples = Array.isArray(schema.examples) ? schema.examples : [];
    return [media.example, ...named, schema.example, ...schemaExamples].filter((e) => e !== undefined);
  });
}

interface HeaderObject {
  required?: boolean;
  schema?: unknown;
  explode?: boolean;
}

function judgeHeaders(
  model: ServiceModel,
  schemas: DocumentSchemas,
  op: OperationModel,
  response: ResponseModel,
  answer: EngineAnswer,
): Judgement[] {
  const responses = operationObject(model.document, { path: op.path, method: op.method }).responses ?? {};
  const raw = resolveRef<{ headers?: Record<string, unknown> }>(model.document, responses[response.status] ?? {});
  const out: Judgement[] = [];
  const documented = Object.keys(raw.headers ?? {}).filter((name) => name.toLowerCase() !== 'content-type');
  if (documented.length === 0)
    out.push({
      check: 'response_headers_conformance',
      nothing: `the ${response.status} response documents no headers`,
    });
  for (const [name, ref] of Object.entries(raw.headers ?? {})) {
    if (name.toLowerCase() === 'content-type') continue;
    const header = resolveRef<HeaderObject>(model.document, ref);
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required)
        out.push({ check: 'response_headers_conformance', failure: `the required header ${name} is missing` });
      continue;
    }
    // A header is text in the simple style: read as its schema's array, object, number or boolean before it is judged.
    const typed = headerValue(model.document, header.schema, header.explode === true, value);
    const problem = header.schema ? schemas.problem(header.schema, typed) : undefined;
    out.push({ check: 'response_headers_conformance', failure: problem && `the header ${name}: ${problem}` });
  }
  if (out.length === 0)
    out.push({
      check: 'response_headers_conformance',
      nothing: `the answer carries none of the headers the ${response.status} response documents, and none is required`,
    });
  return out;
}
