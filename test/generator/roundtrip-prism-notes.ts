// What the round trip says beside a failure through Prism where it knows whose fault it is: Prism's own readings
// (an XML or JSON lines body checked as text, routing by path keys, segments and same-shape templates, ...) and the
// documents' (a required GET body, bytes typed as an object, ...), each in words the bench counts under its kind
// (bench/roundtrip-failure-kinds.ts) rather than among the refusals still to sort.
import { type OperationModel, resolveRef, type ServiceModel } from '../../generator/model/index.js';
import { isFieldsType } from '../../generator/model/fieldless-forms.js';
import { isLinesType } from '../../generator/model/media-types.js';
import { memberSchemas } from './roundtrip-draw.js';
import { essence, isJson, isXml } from './roundtrip-media.js';

/** One call through Prism: what was sent, and what Prism said of it. */
export interface PrismCall {
  model: ServiceModel;
  o: OperationModel;
  /** The Content-Type the call named, where it named one (bytes, text, XML, forms without fields). */
  sent: unknown;
  /** Whether the call sent a JSON (or JSON lines) body. */
  json: boolean;
  /** Whether the document requires the operation's request body. */
  bodyRequired: boolean;
  /** Prism's request violations (`sl-violations`). */
  violations: string[];
  /** What the client threw, if anything. */
  problem: string | undefined;
  /** The body value the call was given (a JSON or form body's value), where it had one. */
  body?: unknown;
}

/** The notes that name whose fault a failure through Prism is, in the order the failure's text gives them. */
export function prismNotes({ model, o, sent, json, bodyRequired, violations, problem, body }: PrismCall): string[] {
  // Prism 5.14 checks an XML body's text against its schema without parsing it: an object schema refuses
  // every XML body (stoplightio/prism#2050, open); said, so that the bench counts it as Prism's.
  const xmlRefused =
    typeof sent === 'string' && isXml(sent) && /body/.test([...violations, problem ?? ''].join(' '))
      ? ['an XML body, which Prism checks as text (stoplightio/prism#2050)']
      : [];
  // A required GET or HEAD body is the document's fault: the generator leaves it out with a warning (no
  // fetch sends one) and Prism requires it; said, so that the bench counts it apart.
  // A HEAD answer has no body, so Prism's 422 to it names no violation (illumidesk's `project_copy_check`): a 422 to a
  // HEAD request whose body the document requires is that refusal.
  const bodyLeftOut =
    /^(get|head)$/i.test(o.method) &&
    bodyRequired &&
    (/Body parameter is required/.test([...violations, problem ?? ''].join(' ')) ||
      (o.method.toLowerCase() === 'head' && violations.length === 0 && /HTTP 422: empty body/.test(problem ?? '')))
      ? [`a required ${o.method.toUpperCase()} request body, which the client leaves out (the document's)`]
      : [];
  // A body of bytes or text (not JSON, XML or a form) whose schema says object or array (qakka's
  // octet-stream array of byte strings, bigquery's `Job`) is the document's fault: Prism checks the bytes
  // against that schema unparsed; said, so that the bench counts it apart.
  const bytesTyped =
    typeof sent === 'string' &&
    !isJson(sent) &&
    !essence(sent).endsWith('/json') &&
    !isXml(sent) &&
    !isFieldsType(sent) &&
    /Request body must be (object|array)/.test([...violations, problem ?? ''].join(' '))
      ? [`a ${sent} body typed as an object or array (the document's), which Prism checks unparsed`]
      : [];
  // A JSON body under `text/json` (rumble's `createScan`): Prism 5.14's server parses only
  // `application/json` and `application/*+json` (type-is in its http-server), so it checks the JSON text as
  // a string against the object schema (curl); said, so that the bench counts it as Prism's.
  const jsonSent = json
    ? o.requestBodies.find((b) => b.kind === 'json' || isLinesType(b.contentType))?.contentType
    : undefined;
  const textJson =
    jsonSent !== undefined &&
    essence(jsonSent) === 'text/json' &&
    /Request body must be (object|array)/.test([...violations, problem ?? ''].join(' '))
      ? ['a text/json body, which Prism reads as text, not JSON']
      : [];
  // A JSON lines body (otoroshi's bulk `application/ndjson`): Prism 5.14 checks its text as one value against
  // the schema, unparsed; said, so that the bench counts it as Prism's.
  const linesUnread =
    jsonSent !== undefined &&
    isLinesType(jsonSent) &&
    /Request body must be (object|array)/.test([...violations, problem ?? ''].join(' '))
      ? ['a JSON lines body, which Prism checks as one value, unparsed']
      : [];
  // A path key with a `#fragment` or a query (AWS's `/#X-Amz-Target=...`, `/restapis#mode=import`; formapi's
  // `/templates?desc=html`): Prism does not route the request to its operation but to none or to another
  // key's, whose parameters and body it then checks (curl on Prism 5.14.2); said, so that the bench counts
  // it as Prism's routing, not as a refusal to sort.
  const keyRouted = /[#?]/.test(o.path)
    ? ['a path key with a #fragment or a query, which Prism does not route to its operation']
    : [];
  // A path segment holding several parameters (TomTom's `{heading}.{ext}`, bufferapp's
  // `{id}{mediaTypeExtension}`), which the generated server splits by each parameter's enum or type: Prism
  // cuts it elsewhere (at the number's own `.`) or finds no value for one (curl on Prism 5.14.2); said, so
  // that the bench counts it as Prism's.
  const segmentSplit =
    o.path.split('/').some((segment) => (segment.match(/\{/g) ?? []).length > 1) &&
    /Request path (must|parameter)/.test([...violations, problem ?? ''].join(' '))
      ? ['a path segment holding several parameters, which Prism splits otherwise']
      : [];
  // Another path template of the same shape (Google storage transfer's `/v1/{jobName}` beside
  // `/v1/{name}`), which the generated server tells apart by the required parameters a request carries:
  // Prism routes the request to the first and checks that operation's parameters; said, so that the bench
  // counts it as Prism's routing.
  const shape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
  const sameShape =
    (violations.length > 0 || problem !== undefined) &&
    model.operations.some(
      (other) => other.method === o.method && other.path !== o.path && shape(other.path) === shape(o.path),
    )
      ? ['another path template of the same shape, to which Prism may route the request']
      : [];
  // Answers documented under media ranges only (clever-cloud's `default` of `*/*`): Prism finds no content
  // it can write for them and answers 406 whatever the request accepts; said, so that the bench counts it
  // as Prism's.
  const rangesOnly =
    /NOT_ACCEPTABLE/.test(problem ?? '') &&
    o.responses.some((r) => r.contentTypes.length > 0) &&
    o.responses.every((r) => r.contentTypes.every((ct) => ct.includes('*')))
      ? ['answers documented under media ranges only, for which Prism writes no content (406)']
      : [];
  // A path parameter the operation does not have, in Prism's violations (hhs's
  // `/resources/tags/tagLanguages.{format}` answered as `/resources/tags/{id}.{format}`, `id` "must be
  // integer"): Prism routed the request to another path; said, so that the bench counts it as Prism's.
  const ownPath = new Set(o.parameters.filter((p) => p.in === 'path').map((p) => p.name.toLowerCase()));
  const said = [...violations, problem ?? ''].join(' ');
  // Named as `request.path.<name>`, `["path","<name>"]`, or "Request path must have required property '<name>'"
  // (Google healthcare's `{consentStore}:evaluateUserConsents` answered as `{name}`'s).
  const pathNames = [
    ...said.matchAll(
      /request\.path\.([^:\s;]+)|\["path","([^"]+)"|Request path must have required property '([^':]+)'/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
  const otherPath = pathNames.some((name) => !ownPath.has(name.toLowerCase()))
    ? [
        "another path's operation, to which Prism routed the request (its violations name a path parameter this one lacks)",
      ]
    : [];
  // A redirect the operation documents as its answer (lgtm's `getSnapshot`: 303 and its Location): Prism
  // writes a Location it makes up, which the client follows (as fetch does) to a host nothing answers.
  const successes = o.responses.filter((r) => /^[23](\d\d|XX)$/i.test(r.status));
  const madeUpRedirect =
    /could not reach the server/.test(problem ?? '') &&
    successes.length > 0 &&
    successes.every((r) => r.status.startsWith('3'))
      ? ['a redirect to a Location Prism makes up, which the client follows']
      : [];
  // A multipart object field, which the client sends as a JSON part (OpenAPI's default for an object):
  // Prism checks the part's text against the object schema (telegram's `reply_markup`); said, so that the
  // bench counts it as Prism's.
  const multipartJson =
    !json &&
    o.requestBodies.find((b) => b.kind === 'form' || b.kind === 'multipart-form')?.kind === 'multipart-form' &&
    /Request body property \S+ must be object/.test([...violations, problem ?? ''].join(' '))
      ? ['a multipart JSON part (an object field), which Prism checks as text']
      : [];
  // A URL-encoded object field written form + exploded (OpenAPI's default: salesloft's call `recording`), whose
  // members go as fields of their own: Prism does not gather them back into the field and finds it missing; said, so
  // that the bench counts it as Prism's.
  const form = o.requestBodies.find((b) => b.kind === 'form');
  const fieldsUngathered =
    !json &&
    form !== undefined &&
    [...said.matchAll(/Request body must have required property '([^']+)'/g)].some(([, name]) =>
      form.styledFields.some((f) => f.name === name && f.type === 'object' && f.style === 'form' && f.explode),
    )
      ? ['a form object field written exploded, its members as fields, which Prism does not gather back']
      : [];
  // A form field declared only inside an alternative of an allOf member (PeerTube's video import: a target URL, a
  // magnet URI or a torrent file, beside the channel and name): Prism's form reader takes only the fields it finds
  // declared outside such alternatives and reports the sent one missing (curl: the same body as JSON passes); said,
  // so that the bench counts it as Prism's.
  const formBody = o.requestBodies.find((b) => b.kind === 'form' || b.kind === 'multipart-form');
  const formAlternative =
    !json &&
    formBody !== undefined &&
    [...said.matchAll(/Request body must have required property '([^']+)'/g)].some(
      ([, name]) => !formBody.fields.includes(name!),
    )
      ? ["a form field declared only inside an alternative of an allOf member, which Prism's form reader leaves out"]
      : [];
  // An exploded object query parameter whose members are named as other query parameters (sinao's
  // `movements` with `type` beside the parameter `type`): the round trip leaves those members out, and
  // Prism still reads the other parameter's pair as the object's member (the document's names); said, so
  // that the bench counts it apart.
  const namesShared = o.parameters.some(
    (p) =>
      p.in === 'query' &&
      new RegExp(`Request query parameter ${p.name.replace(/[^\w]/g, '\\$&')}\\.(\\S+) `).test(
        [...violations, problem ?? ''].join(' '),
      ) &&
      Object.keys(memberSchemas(model, p.schema)).some((m) =>
        o.parameters.some((q) => q !== p && q.in === 'query' && q.name === m),
      ),
  )
    ? ["an exploded object query parameter whose members are named as other parameters (the document's)"]
    : [];
  // A query parameter's oneOf holding an array written delimited (PeerTube's `categoryOneOf`: a category or several,
  // `explode: false`): Prism reads `15,16` as one value, checked against each alternative whole; said, so that the
  // bench counts it as Prism's.
  // A parameter Prism names (in lower case, for headers and some queries), its schema resolved.
  const parameterSchema = (name: string) => {
    const p = o.parameters.find((q) => q.name.toLowerCase() === name.toLowerCase());
    return p && resolveRef<{ type?: unknown; enum?: unknown[]; oneOf?: unknown[] }>(model.document, p.schema ?? {});
  };
  const alternativesOf = (name: string) => {
    const s = parameterSchema(name);
    return Array.isArray(s?.oneOf) ? s.oneOf.map((a) => resolveRef<{ type?: unknown }>(model.document, a ?? {})) : [];
  };
  const oneOfNames = [
    ...said.matchAll(/Request (?:path|query|header|cookie) parameter (\S+) must match exactly one schema in oneOf/g),
  ].map((m) => m[1]!);
  const holdsArray = (name: string) => alternativesOf(name).some((a) => a?.type === 'array');
  const delimitedAlternative = oneOfNames.some(holdsArray)
    ? ['a query array alternative of a oneOf, written delimited, which Prism reads as one value']
    : [];
  // A parameter's oneOf two alternatives of which take the text of every value the round trip drew (an integer or a
  // string of digits): the draw sends one alternative alone takes where it finds one (unambiguous-parameters.ts), so
  // what is left is the document's.
  const ambiguousParameter = oneOfNames.some((name) => !holdsArray(name))
    ? ["a parameter's oneOf two alternatives of which take the text of every drawn value (the document's)"]
    : [];
  // A JSON body under its own media type, listed after a range (apicurio's `*/*` of bytes, then
  // `application/create.extended+json`): Prism checks the body against the range's schema ("must be string"); said,
  // so that the bench counts it as Prism's.
  const rangeAt = o.requestBodies.findIndex((b) => b.contentType.includes('*'));
  const rangeFirst =
    jsonSent !== undefined &&
    rangeAt >= 0 &&
    rangeAt < o.requestBodies.findIndex((b) => b.contentType === jsonSent) &&
    /Request body must be /.test(said)
      ? ['a JSON body checked against the schema of a media range listed before its own type']
      : [];
  // A query or path value of an enum without a type that holds numbers (nexmo's `delivered`: true, false, 0 or 1):
  // Prism takes `true` and refuses `1`, reading the text as no number; said, so that the bench counts it as Prism's.
  const enumNames = [
    ...said.matchAll(/Request (?:path|query|header) parameter (\S+) must be equal to one of the allowed values/g),
  ].map((m) => m[1]!);
  const typelessNumbers = enumNames.some((name) => {
    const s = parameterSchema(name);
    return s?.type === undefined && Array.isArray(s?.enum) && s.enum.some((v) => typeof v === 'number');
  })
    ? ['a number of an enum without a type, which Prism reads as text']
    : [];
  // A template name holding a colon (idealspot's `/data/insights/{insight_id:}`): Prism reads the colon as RFC 6570's
  // prefix modifier and looks for `insight_id`; said, so that the bench counts it as Prism's.
  const colonName =
    /\{[^}]*:[^}]*\}/.test(o.path) && /Request path must have required property '[^']*:/.test(said)
      ? ['a path template name holding a colon, which Prism reads as a prefix modifier']
      : [];
  // A pattern with a lookaround that the round trip's draw did not meet (AWS clean rooms' bucket names): the
  // generated server's RE2 leaves such a pattern unchecked, so only Prism refuses the value; said, so that the bench
  // counts it as the round trip's own draw, not the target's.
  const lookaroundMissed = /must match pattern \\?"[^"]*\(\?<?[=!]/.test(said)
    ? ["a pattern with a lookaround the round trip's draw did not meet (unchecked by the generated server's RE2)"]
    : [];
  // A HEAD request Prism answers 500 (Azure Data Lake's `Path_GetProperties`: its log says "Cannot find serializer
  // for string", stoplightio/prism#2054): a HEAD answer has no body, so the cause is seen only in Prism's log.
  const headFailed =
    o.method.toLowerCase() === 'head' && /HTTP 500: empty body/.test(problem ?? '')
      ? ['a 500 to a HEAD request, whose error Prism writes in no body']
      : [];
  // A null where the member is `nullable` without a type beside an allOf (shipengine's `origin_type`: `allOf:
  // [{$ref: origin_type}], nullable: true`), inside a schema that is itself an allOf member: Prism merges the outer
  // allOf and loses the member's nullable, so it refuses the null (curl on Prism 5.14.2; the same member outside an
  // allOf takes it). The round trip sends only values the generated validator, which reads the nullable, takes; said,
  // so that the bench counts it as Prism's.
  const nullAt = (path: string) =>
    path
      .split('.')
      .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body) ===
    null;
  const nullRefused = [...said.matchAll(/Request body property (\S+) must be /g)].some(([, path]) => nullAt(path!))
    ? ["a null a member's nullable admits, which Prism refuses inside an allOf it merges"]
    : [];
  // A member declared only in a oneOf or anyOf alternative beside `additionalProperties: false` (shipengine's bulk
  // rates: a closure beside an allOf of the rate options and a oneOf of shipment ids or shipments): JSON Schema's
  // closure sees only its own node's properties, Prism adds its allOf members' (merged), and neither the
  // alternatives', so no body the alternatives require passes; the generated server reads the closure as
  // unevaluatedProperties (closed-allof-members.ts), the alternatives' members taken. The document's.
  const jsonSchema = o.requestBodies.find((b) => b.kind === 'json')?.schema;
  const schemaAt = (path: string | undefined) =>
    (path ?? '')
      .split('.')
      .filter(Boolean)
      .reduce<unknown>((schema, key) => {
        if (schema === undefined) return undefined;
        if (/^\d+$/.test(key)) return resolveRef<{ items?: unknown }>(model.document, schema ?? {})?.items;
        return memberSchemas(model, schema)[key];
      }, jsonSchema);
  const alternativeMembers = (schema: unknown) => {
    const s = resolveRef<{ oneOf?: unknown[]; anyOf?: unknown[] }>(model.document, schema ?? {});
    return [...(s?.oneOf ?? []), ...(s?.anyOf ?? [])].flatMap((a) => Object.keys(memberSchemas(model, a)));
  };
  const closedAlternative = [
    ...said.matchAll(/Request body(?: property (\S+))? must NOT have additional properties; found '([^']+)'/g),
  ].some(([, path, name]) => {
    const schema = schemaAt(path);
    return (
      schema !== undefined &&
      !Object.hasOwn(memberSchemas(model, schema), name!) &&
      alternativeMembers(schema).includes(name!)
    );
  })
    ? [
        "a member declared only in a oneOf beside additionalProperties: false, which Prism refuses as additional (the document's)",
      ]
    : [];
  return [
    ...headFailed,
    ...nullRefused,
    ...closedAlternative,
    ...xmlRefused,
    ...bodyLeftOut,
    ...bytesTyped,
    ...textJson,
    ...linesUnread,
    ...keyRouted,
    ...segmentSplit,
    ...namesShared,
    ...otherPath,
    ...madeUpRedirect,
    ...multipartJson,
    ...fieldsUngathered,
    ...formAlternative,
    ...sameShape,
    ...rangesOnly,
    ...colonName,
    ...rangeFirst,
    ...typelessNumbers,
    ...delimitedAlternative,
    ...ambiguousParameter,
    ...lookaroundMissed,
  ];
}
