// Required header and query parameters that admit one value (an enum of one, a const): some documents tell
// operations of one method and path apart by these alone (AWS's `X-Amz-Target` header or `Action` query under path
// keys such as `/#X-Amz-Target=Service.CreateThing`, whose fragment no request carries). The generated server
// routes such a request to the operation whose values it carries. A path key's own query (path-key-query.ts) adds
// its pairs: a fixed pair's value, and a templated pair's name, which the request must carry whatever its value.
// Any other required header or query parameter whose name the request carries counts by that name alone: S3's `GET /{Bucket}/{Key}#uploadId`
// (ListParts, `uploadId` required) beside `GET /{Bucket}/{Key}` (GetObject), or `#analytics&id` beside `#analytics`,
// are told apart by whether the request carries it, as S3 routes them. A required body counts by its media types:
// Azure's `/ProcessImage/Evaluate`, `#overload=stream` (an image) and `#overload=url` (JSON) by the Content-Type.
import { pathKeyParts } from './path-key-query.js';
import { type OpenApiDocument, resolveRef } from './ref.js';
import type { OperationModel } from './types.js';

export interface FixedParameter {
  in: 'header' | 'query';
  name: string;
  /** The one value, as the request carries it (text); absent: any value, present (a path key's `lat={lat}`). */
  value?: string;
  /**
   * For `content-type`: the media types of the operation's required body, one of which the request's Content-Type
   * names (its essence; a range such as `image/*` takes any of its types). Azure's overloads under `#overload=...`
   * keys are told apart by the body alone: an image stream, a JSON URL, or none.
   */
  media?: string[];
}

export function fixedParameters(op: OperationModel, document: OpenApiDocument): FixedParameter[] {
  const fixed: FixedParameter[] = pathKeyParts(op.path).pairs.map((p) =>
    p.value === undefined ? { in: 'query', name: p.name } : { in: 'query', name: p.name, value: p.value },
  );
  for (const p of op.parameters) {
    if (!p.required || (p.in !== 'header' && p.in !== 'query')) continue;
    let schema: any;
    try {
      schema = resolveRef(document, p.schema);
    } catch {
      continue;
    }
    const values: unknown[] | undefined =
      schema && typeof schema === 'object'
        ? 'const' in schema
          ? [schema.const]
          : Array.isArray(schema.enum)
            ? schema.enum
            : undefined
        : undefined;
    const one = values?.length === 1 ? values[0] : undefined;
    if (fixed.some((f) => f.in === p.in && f.name === p.name)) continue;
    const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
    if (typeof one === 'string' || typeof one === 'number' || typeof one === 'boolean')
      fixed.push({ in: p.in, name, value: String(one) });
    // Only a parameter whose name the query carries: an exploded object goes as its members' names (elb's
    // `HealthCheck` as `Target=...&Interval=...`), a deepObject as `name[member]`.
    else if (!(p.in === 'query' && (p.style === 'deepObject' || (p.type === 'object' && p.explode))))
      fixed.push({ in: p.in, name });
  }
  // A required body's media types: a request carrying one of them is of this operation.
  if (op.bodyRequired && op.requestBodies.length > 0 && !fixed.some((f) => f.name === 'content-type'))
    fixed.push({
      in: 'header',
      name: 'content-type',
      media: [...new Set(op.requestBodies.map((b) => b.contentType.split(';')[0]!.trim().toLowerCase()))].sort(),
    });
  return fixed;
}

/**
 * Whether the router can give each operation its own requests: their fixed parameters differ (a value apart, or one
 * names a parameter the other does not), as it tries the operation with more of them first.
 */
export function toldApartByFixed(a: FixedParameter[], b: FixedParameter[]): boolean {
  const has = (list: FixedParameter[], p: FixedParameter) =>
    list.some((q) => q.in === p.in && q.name === p.name && q.value === p.value && String(q.media) === String(p.media));
  return a.length !== b.length || a.some((p) => !has(b, p));
}

/**
 * Whether the router tries an operation of fixed parameters `a` before a sibling's `b`: more of them first, and among
 * as many, more of them a value rather than a name (AWS Chime's `#operation=search` before `#x-amz-chime-bearer`).
 * The generated router sorts its sibling routes so (templates/runtime/server/router.ts's routeSiblings).
 */
export function routedBefore(a: FixedParameter[], b: FixedParameter[]): boolean {
  const valued = (list: FixedParameter[]) => list.filter((f) => f.value !== undefined).length;
  return a.length !== b.length ? a.length > b.length : valued(a) > valued(b);
}

/** The method and path a request of the operation carries: no `#fragment`, no key query, template names set aside. */
export function routeShape(op: OperationModel): string {
  return `${op.method.toUpperCase()} ${pathKeyParts(op.path).path.replace(/\{[^}]*\}/g, '{}')}`;
}

/**
 * Each operation that no request tells apart from an earlier one of its method and path (its fixed parameters the
 * same), with that earlier one: the server routes their requests to the earlier one's handler.
 */
export function hiddenOperations(
  operations: readonly OperationModel[],
  document: OpenApiDocument,
): Map<OperationModel, OperationModel> {
  const seen = new Map<string, OperationModel[]>();
  const hidden = new Map<OperationModel, OperationModel>();
  for (const o of operations) {
    const route = routeShape(o);
    const before = seen.get(route) ?? [];
    seen.set(route, [...before, o]);
    const fixed = fixedParameters(o, document);
    const earlier = before.find((e) => !toldApartByFixed(fixedParameters(e, document), fixed));
    if (earlier) hidden.set(o, earlier);
  }
  return hidden;
}

/** The optional parts of an operation's request that make it another operation's (`takenParts`). */
export interface TakenParts {
  /** The operations such a request goes to instead. */
  takers: OperationModel[];
  /** Its optional body: a taker requires a body of one of its media types. */
  body: boolean;
  /** Its optional header and query parameters a taker requires by name (headers' names in lower case). */
  params: Array<{ in: 'header' | 'query'; name: string }>;
}

/**
 * What of `o`'s optional request, sent, makes the request another operation's, if anything: one of the same method
 * and path shape, tried before it (more fixed parameters, or as many and more of them values), each of whose fixed
 * parameters `o`'s request carries, or carries once it sends its optional body (a required body of that media type:
 * vtex's `PUT /accounts/{accountId}`, an optional JSON body, beside `PUT /accounts/{creditAccountId}`, a required
 * one) or an optional parameter of that name (Box's `PUT /files/{file_id}` and its optional `fields`, beside
 * `PUT /files/{file_id}#add_shared_link`, which requires it). The router tries such an operation first
 * (routedBefore), so only a request without them reaches `o`.
 */
export function takenParts(
  o: OperationModel,
  operations: readonly OperationModel[],
  document: OpenApiDocument,
): TakenParts | undefined {
  const own = fixedParameters(o, document);
  const carried = (f: FixedParameter) => own.some((g) => g.in === f.in && g.name === f.name && g.value === f.value);
  const media = new Set(
    o.bodyRequired ? [] : o.requestBodies.map((b) => b.contentType.split(';')[0]!.trim().toLowerCase()),
  );
  const optional = (f: FixedParameter) =>
    f.value === undefined &&
    !f.media &&
    o.parameters.some(
      (p) => !p.required && p.in === f.in && (p.in === 'header' ? p.name.toLowerCase() : p.name) === f.name,
    );
  const taken: TakenParts = { takers: [], body: false, params: [] };
  for (const other of operations) {
    if (other === o || routeShape(other) !== routeShape(o)) continue;
    const fixed = fixedParameters(other, document);
    const bodyTaken = (f: FixedParameter) => f.media?.some((m) => media.has(m)) === true;
    if (!routedBefore(fixed, own) || !fixed.every((f) => carried(f) || bodyTaken(f) || optional(f))) continue;
    taken.takers.push(other);
    if (fixed.some((f) => !carried(f) && bodyTaken(f))) taken.body = true;
    for (const f of fixed)
      if (!carried(f) && optional(f) && !taken.params.some((p) => p.in === f.in && p.name === f.name))
        taken.params.push({ in: f.in, name: f.name });
  }
  return taken.takers.length > 0 ? taken : undefined;
}
