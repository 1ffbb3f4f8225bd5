// The stateful sequences `spec-first test` follows: a create, then the resource it made read, updated and
// deleted at the path that names it. Found from the document's OpenAPI links first, else from the obvious shape
// (POST /things answering a value for the {param} of /things/{param}, or sent one; PUT /things/{param} with a GET
// there).
import {
  type OperationModel,
  operationObject,
  resolveRef,
  type ServiceModel,
  unescapeToken,
} from '../../generator/model/index.js';

/** Where a value for one path parameter of the resource's operations comes from, in the create's exchange. */
export interface Binding {
  param: string;
  /**
   * The collection of a resource name (`cachedContents` of `cachedContents/c-1`, Google's AIP-122 naming): a value
   * written `<collection>/<id>` gives the id the path takes.
   */
  collection?: string;
  /**
   * `$response.body#/pointer`, `$response.header.Name`, `$request.path.name`, `$request.query.name`,
   * `$request.body#/pointer` (the body the engine sent), or a constant; alternatives joined by ` | `, the first there
   * taken.
   */
  from: string;
  /** Inferred from the paths' shape, not a document's link: its pointers may hold an envelope's `*` (ENVELOPE). */
  inferred?: boolean;
}

export interface Chain {
  source: 'links' | 'inferred';
  create: OperationModel;
  read?: OperationModel;
  update?: OperationModel;
  remove?: OperationModel;
  /** The resource's path template (`/pets/{id}`). */
  path: string;
  bindings: Binding[];
}

interface LinkObject {
  operationId?: string;
  operationRef?: string;
  parameters?: Record<string, unknown>;
}

const isSuccess = (status: string) => status.startsWith('2') || status.toUpperCase() === '2XX';
const templateParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The operation a link names, by operationId or by a local operationRef (`#/paths/~1pets~1{id}/get`). */
function linkTarget(model: ServiceModel, link: LinkObject): OperationModel | undefined {
  if (link.operationId) {
    const raw = (op: OperationModel) => operationObject(model.document, op).operationId;
    return model.operations.find((op) => raw(op) === link.operationId);
  }
  const ref = link.operationRef?.match(/^#\/paths\/([^/]+)\/([a-z]+)$/);
  if (!ref) return undefined;
  const path = unescapeToken(ref[1]!);
  return model.operations.find((op) => op.path === path && op.method.toLowerCase() === ref[2]);
}

/** The resource's read, update and delete at one path. */
function resourceAt(model: ServiceModel, path: string) {
  const at = (method: string) => model.operations.find((op) => op.path === path && op.method === method);
  return { read: at('GET'), update: at('PATCH') ?? at('PUT'), remove: at('DELETE') };
}

/** The chains the document's links describe: one per (create, resource path) a 2xx response links to. */
function linkedChains(model: ServiceModel): Chain[] {
  const out: Chain[] = [];
  for (const create of model.operations) {
    if (create.method !== 'POST' && create.method !== 'PUT') continue;
    const responses = operationObject(model.document, create).responses ?? {};
    const byPath = new Map<string, Binding[]>();
    for (const [status, raw] of Object.entries(responses)) {
      if (!isSuccess(status)) continue;
      const links = resolveRef<{ links?: Record<string, unknown> }>(model.document, raw).links ?? {};
      for (const ref of Object.values(links)) {
        const link = resolveRef<LinkObject>(model.document, ref);
        const target = linkTarget(model, link);
        if (!target || byPath.has(target.path)) continue;
        const bindings = Object.entries(link.parameters ?? {})
          .map(([name, from]) => ({ param: name.replace(/^path\./, ''), from: String(from) }))
          .filter((b) => templateParams(target.path).includes(b.param));
        if (bindings.length) byPath.set(target.path, bindings);
      }
    }
    for (const [path, bindings] of byPath)
      out.push({ source: 'links', create, path, bindings, ...resourceAt(model, path) });
  }
  return out;
}

/**
 * The chains of the obvious shape: POST /things with operations at /things/{param} (one more segment, a
 * parameter). The value is read from the create's answer: the field named like the parameter, else `id`, else
 * those names with their first letter's case turned (`Id`, `connectorDefinitionId`), else the parameter or `id` in a
 * `data` envelope, else the last segment of its Location header; else, where the answer names none, from the
 * create's own request (a name the client chose).
 */
function inferredChains(model: ServiceModel, linked: Chain[]): Chain[] {
  const out: Chain[] = [];
  for (const create of model.operations) {
    if (create.method !== 'POST' || linked.some((c) => c.create === create)) continue;
    const paths = new Set(model.operations.map((op) => op.path));
    for (const path of paths) {
      const match = path.match(/^(.*)\/\{([^}]+)\}$/);
      if (!match || match[1] !== create.path.replace(/\/$/, '')) continue;
      const param = match[2]!;
      // The created resource may come wrapped under its own name ({"file": {"name": "files/f-1"}}) or in a `data`
      // envelope (JSON:API's, sakari's `{"success": true, "data": {"id": 1}}`); AWS's documents capitalise their
      // members (`Id`, `Name` for `{ConnectorDefinitionId}`), others camel-case the parameter.
      const flipped = (n: string) =>
        (n[0] === n[0]!.toUpperCase() ? n[0]!.toLowerCase() : n[0]!.toUpperCase()) + n.slice(1);
      const names = [
        ...new Set([param, 'id', 'name', `${param}/id`, `${param}/name`, flipped(param), 'Id', 'Name']),
        ...new Set([`data/${param}`, 'data/id']),
        // An envelope of another name (AWS's `{"app": {"appId": ...}}`, `{"Meeting": {"MeetingId": ...}}`): the
        // parameter's own name inside the answer's one object member (`*`, ENVELOPE below).
        ...new Set([`${ENVELOPE}/${param}`, `${ENVELOPE}/${flipped(param)}`]),
      ];
      // A create whose documented answer is one scalar answers the id itself (LUIS's GuidResponse, "The ID of the
      // created application", for /apps/{appId}).
      const success = create.responses.find((r) => r.status.startsWith('2'));
      const answer = success?.schema && resolveRef<{ type?: unknown }>(model.document, success.schema);
      const scalar = answer?.type === 'string' || answer?.type === 'integer';
      // A name the client chose (`{"id": ...}` for /contacts/{contactId}, answered `{}` or a list): the request's
      // body member or query parameter named like the parameter; `id` only for a parameter named as an id, `name`
      // only for one named as a name, since a request's `name` is as often what the resource is called as its key.
      const chosen = [
        ...new Set([
          param,
          flipped(param),
          ...(/id$/i.test(param) ? ['id', 'Id'] : []),
          ...(/name$/i.test(param) ? ['name', 'Name'] : []),
        ]),
      ];
      const bindings = [
        {
          param,
          from: [
            ...names.map((n) => `$response.body#/${n}`),
            ...(scalar ? ['$response.body#'] : []),
            '$response.header.location',
            ...chosen.flatMap((n) => [`$request.body#/${n}`, `$request.query.${n}`]),
          ].join(' | '),
          collection: create.path.split('/').pop(),
          inferred: true,
        },
      ];
      const resource = resourceAt(model, path);
      if (resource.read || resource.remove) out.push({ source: 'inferred', create, path, bindings, ...resource });
    }
  }
  return out;
}

/**
 * The chains of a create at the resource's own path: PUT /things/{name} with a GET there, the client naming the
 * resource in the path (a successful PUT's state is what a GET of the same target answers next, RFC 9110 9.3.4).
 * Every path value is the one the PUT sent. Not where a POST chain makes the resource at that path (its PUT is then
 * its update).
 */
function putChains(model: ServiceModel, others: Chain[]): Chain[] {
  return model.operations.flatMap((create): Chain[] => {
    if (create.method !== 'PUT' || !/\/\{[^}]+\}$/.test(create.path)) return [];
    if (others.some((c) => c.create === create || c.path === create.path)) return [];
    const { read, remove } = resourceAt(model, create.path);
    if (!read) return [];
    const update = model.operations.find((op) => op.path === create.path && op.method === 'PATCH');
    const bindings = templateParams(create.path).map((param) => ({ param, from: `$request.path.${param}` }));
    return [{ source: 'inferred', create, path: create.path, bindings, read, update, remove }];
  });
}

export function chainsOf(model: ServiceModel): Chain[] {
  const linked = linkedChains(model).filter((c) => c.read || c.update || c.remove);
  const made = [...linked, ...inferredChains(model, linked)];
  return [...made, ...putChains(model, made)];
}

/**
 * The chains whose create sits under another chain's resource (POST /parents/{p}/children under /parents/{p}),
 * with a read of the child and a delete of the parent: [parent, child] pairs.
 */
export function nestedChains(chains: Chain[]): Array<[Chain, Chain]> {
  return chains.flatMap((child) =>
    child.read
      ? chains
          .filter((parent) => parent !== child && parent.remove && child.create.path.startsWith(`${parent.path}/`))
          .map((parent): [Chain, Chain] => [parent, child])
      : [],
  );
}

export interface CreateExchange {
  pathValues: Record<string, unknown>;
  queryValues: Record<string, unknown>;
  headers: Record<string, string>;
  body: unknown;
  /** The body the create sent, as a value (a JSON or form body's members); undefined for none or raw bytes. */
  requestBody?: unknown;
}

/**
 * The segment of an inferred chain's pointer that stands for an envelope's one member: an answer whose only member
 * that is an object (not an array) wraps the resource, whatever its name. Never in a document's link (a pointer
 * segment `*` there is a member named so, read as written).
 */
const ENVELOPE = '*';

/** The object an envelope wraps: its one member that is a (non-array) object; undefined where it has more or none. */
function enveloped(value: object): unknown {
  const objects = Object.values(value).filter((m) => m !== null && typeof m === 'object' && !Array.isArray(m));
  return objects.length === 1 ? objects[0] : undefined;
}

function pointer(value: unknown, path: string, envelopes = false): unknown {
  if (path === '' || path === '/') return value;
  let current = value;
  for (const raw of path.replace(/^\//, '').split('/')) {
    const key = unescapeToken(decodeURIComponent(raw));
    if (!current || typeof current !== 'object') return undefined;
    current = envelopes && key === ENVELOPE ? enveloped(current) : (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The names a chain's bindings read from what the create sent, a body member at any depth or a query parameter
 * (`$request.body#/name`, `$request.body#/data/name`, `$request.query.name`): the names a client chooses for what it
 * creates, each as its member path (a query parameter's is its name alone).
 */
export function chosenNames(chain: Chain): string[][] {
  const paths = chain.bindings.flatMap((b) =>
    b.from.split(' | ').flatMap((alternative) => {
      const expression = alternative.trim().replace(/^\{(.*)\}$/, '$1');
      const member = /^\$request\.(?:body#\/(.+)|query\.(.+))$/.exec(expression);
      if (!member) return [];
      return [
        member[1] !== undefined ? member[1].split('/').map((t) => unescapeToken(decodeURIComponent(t))) : [member[2]!],
      ];
    }),
  );
  return [...new Map(paths.map((p) => [JSON.stringify(p), p])).values()];
}

/**
 * A binding's value in the create's exchange: the first alternative that is there and `fits` (the path parameter's
 * schema: an answer's string `id` is no value for an integer `{groupKey}`); undefined when none is.
 */
export function bound(
  binding: Binding,
  exchange: CreateExchange,
  fits: (value: unknown) => boolean = () => true,
): unknown {
  const prefix = binding.collection && `${binding.collection}/`;
  for (const alternative of binding.from.split(' | ')) {
    const found = expressionValue(alternative, exchange, binding.inferred === true);
    const value = prefix && typeof found === 'string' && found.startsWith(prefix) ? found.slice(prefix.length) : found;
    if (value !== undefined && fits(value)) return value;
  }
  return undefined;
}

function expressionValue(alternative: string, exchange: CreateExchange, envelopes: boolean): unknown {
  const expression = alternative.trim().replace(/^\{(.*)\}$/, '$1');
  let value: unknown;
  if (expression.startsWith('$response.body'))
    value = pointer(exchange.body, expression.split('#')[1] ?? '', envelopes);
  else if (expression.startsWith('$response.header.')) {
    const header = exchange.headers[expression.slice('$response.header.'.length).toLowerCase()];
    // A Location names the resource: its last segment is the value.
    value =
      header && expression.toLowerCase().endsWith('.location')
        ? decodeURIComponent(header.split('?')[0]!.replace(/\/$/, '').split('/').pop() ?? '')
        : header;
  } else if (expression.startsWith('$request.path.'))
    value = exchange.pathValues[expression.slice('$request.path.'.length)];
  else if (expression.startsWith('$request.query.'))
    value = exchange.queryValues[expression.slice('$request.query.'.length)];
  else if (expression.startsWith('$request.body'))
    value = pointer(exchange.requestBody, expression.split('#')[1] ?? '');
  else if (!expression.startsWith('$')) value = expression;
  return value !== undefined && value !== null && value !== '' && typeof value !== 'object' ? value : undefined;
}
