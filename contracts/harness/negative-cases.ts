// Schema-derived negative requests: from each operation's valid example request, one broken constraint at
// a time (missing required, wrong type, out of range, over maxLength, bad enum value, bad pattern,
// mutually exclusive fields). Values that break a constraint come from the constraint itself.
import {
  type JsonSchema,
  type OpenApiDocument,
  operationObject,
  parameterObjects,
  resolveRef,
} from '../../generator/model/index.js';
import type { ExampleRequest } from './example-request.js';

export interface NegativeCase {
  operationId: string;
  /** What is broken, e.g. "query.metrics missing" or "body.name over maxLength 100". */
  title: string;
  request: ExampleRequest;
}

function clone(r: ExampleRequest): ExampleRequest {
  return { ...r, query: { ...r.query }, headers: { ...r.headers } };
}

// The engine's own list: *-INVALID-1 breaks what negative_data_rejection breaks.
export { breakingValues } from '../engine/breaking-values.js';
import { breakingValues } from '../engine/breaking-values.js';

export function negativeCases(
  doc: OpenApiDocument,
  base: ExampleRequest,
  pathTemplate: string,
  method: string,
): NegativeCase[] {
  const op = operationObject(doc, { path: pathTemplate, method });
  const params = parameterObjects(doc, { path: pathTemplate, method });
  const cases: NegativeCase[] = [];
  for (const p of params) {
    if (p.in !== 'query' || p.name === 'access_token' || p.name === 'key') continue;
    if (p.required) {
      const r = clone(base);
      delete r.query[p.name];
      cases.push({ operationId: op.operationId, title: `query ${p.name} missing`, request: r });
    }
    for (const [what, value] of breakingValues(doc, p.schema)) {
      const r = clone(base);
      r.query[p.name] = String(value);
      cases.push({ operationId: op.operationId, title: `query ${p.name} ${what}`, request: r });
    }
  }
  // JSON bodies: break each top-level property once.
  if (base.contentType === 'application/json' && typeof base.body === 'string') {
    const media = resolveRef(doc, op.requestBody).content['application/json'];
    const schema = resolveRef<JsonSchema>(doc, media.schema);
    const props = {
      ...Object.assign(
        {},
        ...(schema.allOf ?? []).map((m: unknown) => resolveRef<JsonSchema>(doc, m).properties ?? {}),
      ),
      ...(schema.properties ?? {}),
    };
    const required: string[] = [
      ...(schema.required ?? []),
      ...(schema.allOf ?? []).flatMap((m: unknown) => resolveRef<JsonSchema>(doc, m).required ?? []),
    ];
    const example = JSON.parse(base.body);
    for (const name of required) {
      const copy = { ...example };
      delete copy[name];
      cases.push({
        operationId: op.operationId,
        title: `body ${name} missing`,
        request: { ...clone(base), body: JSON.stringify(copy) },
      });
    }
    for (const [name, prop] of Object.entries(props)) {
      for (const [what, value] of breakingValues(doc, prop).slice(0, 2)) {
        cases.push({
          operationId: op.operationId,
          title: `body ${name} ${what}`,
          request: { ...clone(base), body: JSON.stringify({ ...example, [name]: value }) },
        });
      }
    }
    cases.push({
      operationId: op.operationId,
      title: 'body not JSON',
      request: { ...clone(base), body: '{"unterminated": ' },
    });
  }
  // Form bodies: break each top-level scalar field once.
  if (base.contentType === 'application/x-www-form-urlencoded' && typeof base.body === 'string') {
    const media = resolveRef(doc, op.requestBody).content['application/x-www-form-urlencoded'];
    const schema = resolveRef<JsonSchema>(doc, media.schema);
    const not = schema.not?.required as string[] | undefined;
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      if (name === 'access_token') continue;
      for (const [what, value] of breakingValues(doc, prop).slice(0, 2)) {
        const form = new URLSearchParams(base.body);
        form.set(name, String(value));
        cases.push({
          operationId: op.operationId,
          title: `form ${name} ${what}`,
          request: { ...clone(base), body: form.toString() },
        });
      }
    }
    if (not && not.length === 2) {
      const form = new URLSearchParams(base.body);
      for (const n of not) form.set(n, n.endsWith('url') ? 'https://img.example/a.jpg' : 'abc123hash');
      cases.push({
        operationId: op.operationId,
        title: `form ${not.join(' with ')} (mutually exclusive)`,
        request: { ...clone(base), body: form.toString() },
      });
    }
  }
  return cases;
}
