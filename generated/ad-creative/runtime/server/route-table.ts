// Copied from templates/runtime/server/route-table.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// OpenAPI path templates (`/v1/files/{file}`, `/{version}/act_{id}/adcreatives`, `/v1beta/{model}:generate`)
// matched against request paths. No dependencies: the generated server's router, the contract suite and the
// generator all match paths with this one module.

/** A compiled path template. */
export interface PathTemplate {
  /** The template as the spec writes it. */
  readonly path: string;
  /** Its parameter names, in the order they appear. */
  readonly names: readonly string[];
  /** How many characters of it are not parameters: the more, the more specific. */
  readonly literalLength: number;
  /**
   * The raw (still percent-encoded) value of each parameter, in `names` order, or undefined when the path is
   * not of this template. A parameter matches one or more characters of one segment, never a `/`.
   * With `anyPrefix`, the template may be preceded by any segments (a base URL's path).
   */
  match(pathname: string, anyPrefix?: boolean): string[] | undefined;
  /** As `match`, given the path already split at its `/`s (a table splits a path once for all its templates). */
  matchSegments(parts: readonly string[], anyPrefix?: boolean): string[] | undefined;
  /** How many segments a path of this template has (the text before its leading `/` counts as one). */
  readonly segmentCount: number;
}

/** One segment of a template: a literal, any non-empty segment (`{name}`), or a pattern with parameters in it. */
type SegmentTest = { literal: string } | { any: true } | { pattern: RegExp; count: number };

const PARAMETER = /\{[^}]+\}/g;
const WHOLE_PARAMETER = /^\{[^}]+\}$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What each path parameter of a route takes, where the route says: its texts (ParamDef.values) and its type. */
function shapesOf(route: RouteTemplate) {
  const out: Record<string, ParameterShape> = {};
  for (const p of route.params ?? []) if (p.in === 'path') out[p.name] = { values: p.values, type: p.type };
  return out;
}

/** What a path parameter takes, where it shares a segment with others: its texts, else its type's. */
export interface ParameterShape {
  values?: readonly string[];
  type?: string;
}

/**
 * The text of a value of a type, as a client writes it into a path (a number's `+` percent-encoded): a number is
 * taken whole where it shares a segment (`{heading}.{ext}` with `-15.6.json`), not cut at its own `.`.
 */
const TYPE_TEXT: Readonly<Record<string, string>> = {
  integer: '(-?\\d+)',
  number: '(-?\\d+(?:\\.\\d+)?(?:[eE](?:[-+]|%2[bB])?\\d+)?)',
  boolean: '(true|false)',
};

/**
 * `shapes`: by parameter, what it takes where it shares a segment with another parameter: the texts it is listed
 * with (ParamDef.values), else the text of its type (an integer, a number, a boolean); any other parameter takes
 * one or more characters, as few as the rest of the segment lets it. A parameter alone in its segment takes any.
 */
export function pathTemplate(path: string, shapes: Readonly<Record<string, ParameterShape>> = {}): PathTemplate {
  const names: string[] = [];
  let literalLength = 0;
  const segments: SegmentTest[] = path.split('/').map((segment, i) => {
    const inSegment = [...segment.matchAll(PARAMETER)].map((m) => m[0].slice(1, -1));
    literalLength += segment.replace(PARAMETER, '').length + (i > 0 ? 1 : 0);
    names.push(...inSegment);
    if (inSegment.length === 0) return { literal: segment };
    if (WHOLE_PARAMETER.test(segment)) return { any: true };
    const source = segment
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (!WHOLE_PARAMETER.test(part)) return escapeRegExp(part);
        const shape = Object.hasOwn(shapes, part.slice(1, -1)) ? shapes[part.slice(1, -1)]! : {};
        if (shape.values?.length) return `(${shape.values.map(escapeRegExp).join('|')})`;
        if (inSegment.length > 1 && shape.type && Object.hasOwn(TYPE_TEXT, shape.type)) return TYPE_TEXT[shape.type]!;
        return '([^/]+?)';
      })
      .join('');
    return { pattern: new RegExp(`^${source}$`), count: inSegment.length };
  });
  const matchSegments = (parts: readonly string[], anyPrefix = false): string[] | undefined => {
    // A template starts with `/`: its first segment is the empty text before it.
    const offset = parts.length - segments.length;
    if (offset < 0 || (offset > 0 && !anyPrefix)) return undefined;
    const values: string[] = [];
    for (let i = 0; i < segments.length; i++) {
      const test = segments[i]!;
      const part = parts[offset + i]!;
      if ('literal' in test) {
        // With a prefix, the template's leading empty segment stands for the segment boundary only.
        if (part !== test.literal && !(offset > 0 && i === 0 && test.literal === '')) return undefined;
      } else if ('any' in test) {
        if (part === '') return undefined;
        values.push(part);
      } else {
        const found = test.pattern.exec(part);
        if (!found) return undefined;
        for (let g = 1; g <= test.count; g++) values.push(found[g]!);
      }
    }
    return values;
  };
  return {
    path,
    names,
    literalLength,
    segmentCount: segments.length,
    match: (pathname, anyPrefix = false) => matchSegments(pathname.split('/'), anyPrefix),
    matchSegments,
  };
}

/** The values of a template without parameters (shared: nothing writes to them). */
const NO_VALUES: string[] = Object.freeze([]) as unknown as string[];

/** A route as the table needs it: an HTTP method and a path template. */
export interface RouteTemplate {
  method: string;
  path: string;
  /** Path parameters with their types and the texts each takes, where it shares a segment (ParamDef.values). */
  params?: ReadonlyArray<{ name: string; in: string; type?: string; values?: string[] }>;
}

export interface RouteMatch<R> {
  route: R;
  template: PathTemplate;
  /** Raw (still percent-encoded) values, in `template.names` order. */
  values: string[];
  /** The same values by parameter name. */
  params: Record<string, string>;
}

interface Entry<R> {
  route: R;
  method: string;
  template: PathTemplate;
}

export interface RouteTableOptions {
  /** Match a path that has any segments before the template (a request to a base URL with a path). */
  anyPrefix?: boolean;
}

/**
 * Routes by method and path template. Where several templates match, the one with the most literal characters
 * wins (`/v1/files/list` before `/v1/files/{id}`); among equals, the first given.
 */
export class RouteTable<R extends RouteTemplate> {
  readonly #entries: Entry<R>[];
  /**
   * Templates with parameters by method and, without `anyPrefix`, by segment count: a path is tried only against
   * the templates it could be of, each given the path split once.
   */
  readonly #byMethod = new Map<string, { all: Entry<R>[]; bySegments: Map<number, Entry<R>[]> }>();
  /**
   * Templates without parameters, by method and path (an exact path has the most literal characters of all),
   * each with its match made once: finding one allocates nothing.
   */
  readonly #literal = new Map<string, Map<string, Omit<RouteMatch<R>, 'params'>>>();
  readonly #anyPrefix: boolean;

  constructor(routes: Iterable<R>, options: RouteTableOptions = {}) {
    this.#anyPrefix = options.anyPrefix ?? false;
    this.#entries = [...routes]
      .map((route) => ({
        route,
        method: route.method.toUpperCase(),
        template: pathTemplate(route.path, shapesOf(route)),
      }))
      .sort((a, b) => b.template.literalLength - a.template.literalLength);
    for (const entry of this.#entries) {
      let byMethod = this.#byMethod.get(entry.method);
      if (!byMethod) this.#byMethod.set(entry.method, (byMethod = { all: [], bySegments: new Map() }));
      byMethod.all.push(entry);
      if (entry.template.names.length === 0 && !this.#anyPrefix) {
        let literal = this.#literal.get(entry.method);
        if (!literal) this.#literal.set(entry.method, (literal = new Map()));
        if (!literal.has(entry.template.path))
          literal.set(
            entry.template.path,
            Object.freeze({ route: entry.route, template: entry.template, values: NO_VALUES }),
          );
      }
      let sameLength = byMethod.bySegments.get(entry.template.segmentCount);
      if (!sameLength) byMethod.bySegments.set(entry.template.segmentCount, (sameLength = []));
      sameLength.push(entry);
    }
  }

  /** The route of this method whose template the path matches, or undefined. */
  match(method: string, pathname: string): RouteMatch<R> | undefined {
    const found = this.find(method, pathname);
    if (!found) return undefined;
    const params: Record<string, string> = {};
    found.template.names.forEach((name, i) => {
      Object.defineProperty(params, name, {
        value: found.values[i],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    return { ...found, params };
  }

  /** As `match`, without the values by name (what a router on every request needs). */
  find(method: string, pathname: string): Omit<RouteMatch<R>, 'params'> | undefined {
    const byMethod = this.#byMethod.get(method) ?? this.#byMethod.get(method.toUpperCase());
    if (!byMethod) return undefined;
    const exact = this.#literal.get(byMethod.all[0]!.method)?.get(pathname);
    if (exact) return exact;
    const parts = pathname.split('/');
    const candidates = this.#anyPrefix ? byMethod.all : byMethod.bySegments.get(parts.length);
    if (!candidates) return undefined;
    for (const entry of candidates) {
      const values = entry.template.matchSegments(parts, this.#anyPrefix);
      if (values !== undefined) return { route: entry.route, template: entry.template, values };
    }
    return undefined;
  }

  /** The methods (upper case, sorted) of every route whose template the path matches: a 405's Allow list. */
  methodsAt(pathname: string): string[] {
    const parts = pathname.split('/');
    const methods = new Set<string>();
    for (const entry of this.#entries) {
      if (!this.#anyPrefix && entry.template.segmentCount !== parts.length) continue;
      if (entry.template.matchSegments(parts, this.#anyPrefix) !== undefined) methods.add(entry.method);
    }
    return [...methods].sort();
  }

  /** Every route, most specific first. */
  get routes(): R[] {
    return this.#entries.map((e) => e.route);
  }
}
