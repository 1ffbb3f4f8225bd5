// What Prism (the mock `--mock` names) is known to answer against the document it serves, each told apart by the
// answer itself and named with the public evidence that it is Prism's behaviour: on a mock such an answer is a
// one-line note, not a FAIL. Only what the answer shows is matched; anything else a mock answers is judged as any
// target's answer.
import type { OperationModel, ParameterModel, StyledField } from '../../generator/model/index.js';
import type { Judgement } from './judge.js';
import type { EngineAnswer } from './transport.js';

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';

/** Prism's own problem answer (its error type URI), or undefined. */
export function prismError(answer: EngineAnswer): { code: string; title: string } | undefined {
  if (!answer.body.includes(PRISM_ERRORS)) return undefined;
  try {
    const body = JSON.parse(answer.body) as { type?: unknown; title?: unknown };
    if (typeof body.type !== 'string' || !body.type.startsWith(PRISM_ERRORS)) return undefined;
    return { code: body.type.slice(PRISM_ERRORS.length), title: String(body.title ?? '') };
  } catch {
    return undefined;
  }
}

// Prism's static answers (no example at hand) put "string" in a string whatever the schema's pattern, format or
// length (stoplightio/prism#2243, #2698), and 0 in a number whose range sits in an allOf member its sampler reads
// past (@stoplight/json-schema-sampler's allOf keeps the last member's sample).
const STRING_KEYWORDS = new Set(['pattern', 'format', 'minLength', 'maxLength']);
const NUMBER_KEYWORDS = new Set(['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'multipleOf']);

/**
 * Prism's filler for a string: "string", repeated and cut to the schema's length ("stringstri" for minLength 10,
 * "strin" for maxLength 5: seen on hsbc's product document, pattern `^[0-9]{0,5}$`).
 */
const isStringFiller = (value: unknown) =>
  typeof value === 'string' && /^(?=.)(string)*(s|st|str|stri|strin)?$/.test(value);

/** The value @stoplight/json-schema-sampler writes for every `format: date-time`. */
const DATE_TIME_SAMPLE = '2019-08-24T14:15:22Z';

const TRANSPORT_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

/**
 * Prism writes the headers a document lists among an answer's as values it draws, transport headers too: a
 * Content-Length of "string" makes the answer no HTTP message a client reads (or Prism fails writing it, its own
 * 500 without a body on a HEAD), and a Content-Encoding with no encoding done (stoplightio/prism#2787). Seen on
 * azure's DataLakeStorage (Content-Length) and idealspot (Content-Encoding). The line, where the operation lists one.
 */
export function prismTransportHeaders(op: OperationModel): string | undefined {
  const named = [
    ...new Set(op.responses.flatMap((r) => r.headers).filter((h) => TRANSPORT_HEADERS.has(h.toLowerCase()))),
  ];
  return named.length
    ? `Prism writes the transport headers the document lists among its answer's headers (${named.join(', ')}) as values it draws (a Content-Length of "string", a Content-Encoding with nothing encoded: stoplightio/prism#2787), so its answer is no HTTP message a client reads, or it fails writing it`
    : undefined;
}

/**
 * The deviation an answer of Prism shows for a check, as one line naming its evidence; undefined when the answer
 * shows none (it is judged as it is).
 */
export function prismDeviation(op: OperationModel, answer: EngineAnswer, judgement?: Judgement): string | undefined {
  const error = prismError(answer);
  if (error && answer.status >= 500)
    return `Prism could not build an answer and answered its own ${answer.status} (${error.code}: ${error.title}), as in stoplightio/prism#1038`;
  // Its own error without the body that names it (a HEAD's), where the operation lists a transport header.
  if (answer.status >= 500 && /problem\+json/.test(answer.contentType ?? '') && prismTransportHeaders(op))
    return prismTransportHeaders(op);
  if (error && op.path.includes('#') && (answer.status === 404 || answer.status === 405))
    // One line for every such path of a run: the operation's row names the path.
    return `Prism routes no path whose key carries a fragment (/#Action=X, /{id}#tagKeys): no request carries one, and a path key is no place for it (APIs-guru/aws2openapi#2); it answers 404 or 405`;
  if (error?.code === 'NO_PATH_MATCHED_ERROR' && op.path.includes('?'))
    return `Prism routes no path whose key carries a query (weatherbit's /alerts?lat={lat}&lon={lon}): a path key is no place for one (OpenAPI's paths hold the path alone), and it compares the key whole with the request's path; it answers 404`;
  if (answer.status >= 400 && answer.status < 500 && requiresIgnoredHeader(answer))
    return `Prism requires a header parameter named Accept, Content-Type or Authorization, whose definition OpenAPI says to ignore (stoplightio/prism#2057), and refuses the request without it (its own 422, or a 4xx the document lists, the violation in its sl-violations header)`;
  if (error?.code === 'NO_PATH_MATCHED_ERROR' && op.path.startsWith('//'))
    return `Prism reads a request path that starts with // as an authority (//openapi: host "openapi", path /) and routes no such path key; it answers 404`;
  const elsewhere = answer.status >= 400 && answer.status < 500 ? otherOperationsPath(op, answer) : undefined;
  if (elsewhere)
    return `Prism routed the request to another operation, whose path parameter ${elsewhere} it then found missing: it takes a path key's segment ({name}:execute) for a prefix of the request's (:executeSqlQuery), as stoplightio/prism#1876 (open) shows for {id}.{format}`;
  if (error && answer.status === 422 && misreadNames(op, answer).length)
    return `Prism looks a parameter up by a name it does not read as written (${misreadNames(op, answer).join(', ')}: a name with [] or :, percent-encoded or cut at the colon) and refuses the request as missing it`;
  const header = judgement?.check === 'response_headers_conformance' && judgement.failure?.match(/^the header (.+?): /);
  if (header && answer.headers[header[1]!.toLowerCase()] === 'null')
    return `Prism writes a header it has no value for as null (${header[1]}), whatever its schema`;
  // Its headers as its bodies (checked by hand on Prism 5.14: `x-ms-request-id: string` for a pattern, with its own
  // sl-violations header saying so).
  if (
    header &&
    isStringFiller(answer.headers[header[1]!.toLowerCase()]) &&
    /must match (pattern|format)|must NOT have (fewer|more) than/.test(judgement.failure ?? '')
  )
    return `Prism's static answer writes "string" whatever the schema's pattern, format or length (stoplightio/prism#2243, #2698)`;
  const refused = judgement?.refused;
  if (judgement?.check === 'response_schema_conformance' && refused) {
    if (isStringFiller(refused.value) && STRING_KEYWORDS.has(refused.keyword))
      return `Prism's static answer writes "string" whatever the schema's ${refused.keyword} (stoplightio/prism#2243, #2698)`;
    // Checked by hand on Prism 5.14: {"lastUse":"2019-08-24T14:15:22Z"} for telstra's date-time of length 24.
    if (refused.value === DATE_TIME_SAMPLE && STRING_KEYWORDS.has(refused.keyword))
      return `Prism's static answer writes its sampler's date-time (${DATE_TIME_SAMPLE}) whatever the schema's ${refused.keyword}`;
    if (refused.value === 0 && NUMBER_KEYWORDS.has(refused.keyword))
      return `Prism's static answer writes 0 where its sampler does not see the schema's ${refused.keyword} (an allOf member's: @stoplight/json-schema-sampler keeps the last allOf member's sample, src/allOf.js)`;
    if (
      refused.keyword === 'minProperties' &&
      refused.value &&
      typeof refused.value === 'object' &&
      Object.keys(refused.value).length === 0
    )
      return `Prism's static answer writes {} for an object that declares no members, whatever its minProperties (seen on apis.guru's externalDocs: {type: object, minProperties: 1})`;
    if (Array.isArray(refused.value) && refused.value.length === 0 && refused.keyword === 'minItems')
      return `Prism's static answer writes [] where its sampler does not see the schema's minItems (an allOf member's: @stoplight/json-schema-sampler keeps the last allOf member's sample, src/allOf.js)`;
    const missing = judgement.failure?.match(/must have required property '([^']+)'/)?.[1];
    const value = refused.value as Record<string, unknown> | null;
    if (
      refused.keyword === 'required' &&
      missing !== undefined &&
      value &&
      typeof value === 'object' &&
      Object.values(value).some((m) => m && typeof m === 'object' && !Array.isArray(m) && Object.hasOwn(m, missing))
    )
      return `Prism composes an allOf member's example under another member: the required ${missing} sits one level down (its example merge, as @stoplight/json-schema-sampler's allOf)`;
    const jsonType = Array.isArray(refused.value) ? 'array' : refused.value === null ? 'null' : typeof refused.value;
    if (refused.refSibling !== undefined && refused.refSibling === jsonType)
      return `Prism's answer follows the type written beside a $ref (${refused.refSibling}), which OpenAPI 3.0 says SHALL be ignored: the $ref's schema says otherwise (seen on microcks' LabelsMap: {} for an array)`;
    if (refused.besideAlternatives)
      return `Prism's static answer for a schema with oneOf or anyOf beside members of its own is its first alternative's sample alone, the schema's own required members left out (@stoplight/json-schema-sampler's traverse takes the alternative first, src/traverse.js, as stoplightio/prism#2726 shows for examples; checked by hand on Prism 5.14: {"portfolios":[null]} for wealthreader's entity-data, which requires success)`;
    if (refused.namedBy && refused.keyword === 'required')
      return `Prism's static answer names a child by its parent's discriminator (${refused.namedBy.value}: ${refused.namedBy.schema}) without the child's members: its sampler reads the parent alone, the first value its own property lists (checked by hand on Prism 5.14: {"mode":"Fresh","size":0} for a parent listing Fresh)`;
    if (refused.undeclared !== undefined)
      return `Prism's answers carry the members a schema declares: a required member no properties declare (${refused.undeclared}) is never written`;
    if (refused.keyword === 'required' && isEmptyObject(refused.value) && recurs(refused.instancePath))
      return `Prism's static answer writes {} where a schema recurs (a member of its own type, past its sampler's depth), without the members it requires (stoplightio/prism#2652, open; checked by hand on Prism 5.14: {"kind":"string","children":[{"kind":"string","children":[{}]}]} for a Category of Categories)`;
  }
  return undefined;
}

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/** An instance path whose last member recurs on it (`/results/0/child_categories/0/child_categories/0`). */
function recurs(instancePath: string): boolean {
  const members = instancePath
    .split('/')
    .slice(1)
    .filter((token) => !/^\d+$/.test(token));
  const last = members.at(-1);
  return last !== undefined && members.filter((m) => m === last).length > 1;
}

/**
 * The violations Prism found in a request it refused: its own 422's `validation`, else its `sl-violations` header,
 * which it writes where it answers with the document's own refusal (a 400 the document lists, often without a body:
 * Prism picks a documented 422, else 400, else its own).
 */
function prismViolations(answer: EngineAnswer): Array<{ location?: unknown; message?: unknown }> {
  try {
    const header = answer.headers['sl-violations'];
    const found = prismError(answer)
      ? (JSON.parse(answer.body) as { validation?: unknown }).validation
      : header === undefined
        ? undefined
        : JSON.parse(header);
    return Array.isArray(found) ? found : [];
  } catch {
    return [];
  }
}

/**
 * A path parameter Prism found missing that the operation does not have (`name`, for a request to
 * `/v2/{connection}:executeSqlQuery`): it validated the request against another operation's path. Undefined where
 * every path violation names a parameter of this operation.
 */
function otherOperationsPath(op: OperationModel, answer: EngineAnswer): string | undefined {
  const own = new Set(op.parameters.filter((p) => p.in === 'path').map((p) => p.name.toLowerCase()));
  for (const v of prismViolations(answer)) {
    if (!Array.isArray(v.location) || !v.location.includes('path')) continue;
    const missing = String(v.message ?? '').match(/must have required property '([^']+)'/)?.[1];
    if (missing !== undefined && !own.has(missing.toLowerCase())) return missing;
  }
  return undefined;
}

/** Whether each violation Prism refused a request for is a header named Accept, Content-Type or Authorization missing. */
function requiresIgnoredHeader(answer: EngineAnswer): boolean {
  const violations = prismViolations(answer);
  return (
    violations.length > 0 &&
    violations.every(
      (v) =>
        Array.isArray(v.location) &&
        v.location.filter((l) => l !== 'request')[0] === 'header' &&
        typeof v.message === 'string' &&
        /must have required property '(accept|content-type|authorization)'$/i.test(v.message),
    )
  );
}

/**
 * The operation's parameters Prism's own 422 says are missing ("must have required property 'location%5b%5d'"),
 * where the name has characters outside a plain name's ([], :): Prism looks them up by another spelling. Empty when
 * any missing property it names is not such a parameter (then the refusal is judged as any other).
 */
function misreadNames(op: OperationModel, answer: EngineAnswer): string[] {
  let missing: string[];
  try {
    const body = JSON.parse(answer.body) as { validation?: Array<{ message?: unknown }> };
    missing = (body.validation ?? []).flatMap((v) =>
      typeof v.message === 'string'
        ? [...v.message.matchAll(/must have required property '([^']+)'/g)].map((m) => m[1]!)
        : [],
    );
  } catch {
    return [];
  }
  const plain = (name: string) => /^[A-Za-z0-9_.-]+$/.test(name);
  const named = missing.map((m) => {
    let decoded = m;
    try {
      decoded = decodeURIComponent(m);
    } catch {
      // kept as written
    }
    return op.parameters.find((p) => !plain(p.name) && p.name.toLowerCase() === decoded.toLowerCase())?.name;
  });
  return missing.length && named.every((n) => n !== undefined) ? (named as string[]) : [];
}

const isRegExp = (pattern: string) => {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
};

/** The body kinds' words an invalid variant's title starts with (requests.ts): a broken body, not a parameter. */
const BODY_VARIANT = /^(body|form|multipart|raw body) /;

/**
 * Why Prism accepting a broken request is its own reading, not the document's: it does not validate every body (a
 * form's members: stoplightio/prism#2591; a body schema other operations share by `$ref`: #2574), so a broken body
 * it accepts tells nothing of the document; it validates no header (no query parameter) of an operation where one
 * header's (query parameter's) pattern is no JavaScript regular expression (AWS's `\A\S[\p{Print}]*\z`, a `\-`
 * outside a class: its validator, in unicode mode, cannot compile it); and it compares
 * parameter names without case (stoplightio/prism#329),
 * so where the operation has another parameter of the same name in another case (AWS's `maxResults` beside
 * `MaxResults`), the broken value is read as that one's.
 */
export function prismAcceptsBroken(
  op: OperationModel,
  invalid: { title: string; param?: ParameterModel },
  /** The patterns of the operation's header and query parameters as the document writes them, by place. */
  patterns: { header?: string[]; query?: string[]; path?: string[] } = {},
  /** The path templates of the document's other operations of the same method. */
  otherPaths: string[] = [],
): string | undefined {
  if (BODY_VARIANT.test(invalid.title))
    return 'Prism does not validate every request body (form members: stoplightio/prism#2591; a body schema other operations share: #2574): a broken body it accepts is its own reading';
  const param = invalid.param;
  if (!param) return undefined;
  const unread =
    param.in === 'header' || param.in === 'query' || param.in === 'path'
      ? patterns[param.in]?.find((p) => !isRegExp(p))
      : undefined;
  if (unread !== undefined)
    return `Prism validates none of an operation's ${param.in === 'header' ? 'headers' : `${param.in} parameters`} where one's pattern is no JavaScript regular expression (${unread}: seen with a document of two headers, a broken one accepted beside it, and on mon-voyage-pas-cher's query, \\- outside a class, a required one left out accepted; on amazonaws.com/backup's path, \\_ in a class, any name accepted)`;
  // Checked by hand on Prism 5.14: `filter%5Bupdatable%5D=not-a-boolean` for a boolean `filter[updatable]`: 200;
  // `skip+rotation=x` (and `skip%20rotation=x`) for an integer `skip rotation`: 200 (`%24top=x`, `a%40b=x`: 422).
  if (/[[\]: ]/.test(param.name))
    return `Prism does not read a parameter whose name holds [], : or a space as written (${param.in} ${param.name}), so it validates none of its values`;
  const wider = widerTemplate(op.path, otherPaths);
  if (wider)
    return `Prism routes a request whose path another operation's template also matches (${wider} for ${op.path}: its parameters take the segment's literal text, a custom method or a name beside a format) by its own order, OpenAPI leaving ambiguous paths to the tool (stoplightio/prism#2068): routed there, the broken parameter of this operation is not read (seen with a document of two paths, whose order decides)`;
  const twin = op.parameters.find(
    (p) =>
      p !== param && p.in === param.in && p.name !== param.name && p.name.toLowerCase() === param.name.toLowerCase(),
  );
  return twin
    ? `Prism reads parameter names without case (stoplightio/prism#329): ${param.in} ${param.name} broken is read as ${twin.name}, which allows it`
    : undefined;
}

/**
 * Another operation's path template that matches every path this one does, a whole-segment parameter where this
 * one's segment is a parameter with literal text beside it (`/v1/{name}` beside `/v1/{group}:listReferences`,
 * Google's custom methods): a request for this operation is also one for that, and a router may take either.
 */
function widerTemplate(path: string, otherPaths: string[]): string | undefined {
  const segments = path.split('/');
  const whole = (segment: string) => /^\{[^}]+\}$/.test(segment);
  // A segment template as a pattern: its parameters any text (gov.bc.ca geocoder's `{intersectionID}.{outputFormat}`
  // matches `near.{outputFormat}`'s `near.json`).
  const pattern = (segment: string) =>
    new RegExp(
      `^${segment
        .split(/\{[^}]+\}/)
        .map((l) => l.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('.+')}$`,
    );
  const instance = (segment: string) => segment.replace(/\{[^}]+\}/g, 'x');
  return otherPaths.find((other) => {
    const others = other.split('/');
    if (other === path || others.length !== segments.length) return false;
    const covers = others.every((o, i) => o === segments[i] || pattern(o).test(instance(segments[i]!)));
    // Where this path's segment has a parameter beside literal text that the other's parameters take.
    return (
      covers &&
      others.some((o, i) => o !== segments[i] && o.includes('{') && segments[i]!.includes('{') && !whole(segments[i]!))
    );
  });
}

/** Prism's own refusal of a request (its 400 or 422 problem answer), which a known misreading may explain. */
export const isPrismRefusal = (answer: EngineAnswer) =>
  (answer.status === 400 || answer.status === 422) && prismError(answer) !== undefined;

/**
 * Why Prism refusing a request the document allows is its own reading: it reads a comma in a path value as an
 * array's separator (stoplightio/prism#2289), and a form or multipart member that is an array, written as OpenAPI's
 * form style writes it (the key, or the part, repeated; once for one item), as a string: a repeated key overrides
 * the one before it (stoplightio/prism#2473; the open stoplightio/prism#2654 reads repeated keys as an array).
 */
export function prismRefusesAllowed(
  values: ReadonlyMap<ParameterModel, unknown>,
  body: { kind: string; value: unknown; styled?: StyledField[] } | undefined,
  /** The operation is a GET or HEAD whose document gives it a required body (OpenAPI: ignored; not sent). */
  ignoredBody = false,
  /** The operation's path template. */
  path = '',
): string | undefined {
  if (/\}\{/.test(path))
    return "Prism does not split a path segment holding two parameters with nothing between them (bufferapp's `{id}{mediaTypeExtension}`): it reads the whole segment as the last one and refuses the request as missing the first (its 400 with `sl-violations`; stoplightio/prism#1876, open)";
  if (ignoredBody)
    return 'Prism requires the body the document gives a GET or HEAD operation, which OpenAPI 3.0 says SHALL be ignored (HTTP gives it no meaning, RFC 9110; fetch cannot send one), and refuses the request without it';
  // Checked by hand on Prism 5.14 with seldon's document: `?strData=abc` for a required exploded `json` (a $ref to
  // SeldonMessage) refused as missing `json`, `?json={}` accepted.
  if (
    [...values].some(
      ([p, v]) =>
        p.in === 'query' &&
        p.style === 'form' &&
        p.explode &&
        typeof (p.schema as { $ref?: unknown }).$ref === 'string' &&
        v &&
        typeof v === 'object' &&
        !Array.isArray(v),
    )
  )
    return "Prism does not gather an exploded form object query parameter from its members' keys where its schema is a $ref (seldon's `json`: its 422 naming the parameter missing; the same parameter written inline it gathers)";
  if ([...values].some(([p, v]) => p.in === 'path' && typeof v === 'string' && v.includes(',')))
    return 'Prism reads a comma in a path value as an array separator and refuses the value (stoplightio/prism#2289)';
  if (
    (body?.kind === 'form' || body?.kind === 'multipart-form') &&
    body.value &&
    typeof body.value === 'object' &&
    Object.values(body.value).some((member) => Array.isArray(member))
  )
    return 'Prism reads a form or multipart member that is an array (its key or part repeated, or once for one item) as a string and refuses it (stoplightio/prism#2473, #2654)';
  if (body?.kind === 'form' && body.value && typeof body.value === 'object' && body.styled) {
    const spread = body.styled.filter((f) => f.type === 'object' && f.style === 'form' && f.explode).map((f) => f.name);
    if (Object.entries(body.value).some(([k, m]) => spread.includes(k) && m !== null && typeof m === 'object'))
      return "Prism does not gather a form's object member written as OpenAPI's default form style writes it (its members as the form's keys) and refuses the request as missing the member (seen on salesloft's form `recording`: its 422 \"must have required property 'recording'\")";
  }
  return undefined;
}
