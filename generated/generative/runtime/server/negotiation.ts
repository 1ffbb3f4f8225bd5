// Copied from templates/runtime/server/negotiation.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Content negotiation of an answer's media type (RFC 9110 §12.5.1): among the media types the spec documents for
// an answer, the one the request's Accept prefers. q-values and wildcards (`*/*`, `text/*`) count; a structured
// suffix matches its base both ways (`application/json` takes `application/problem+json`, and a client asking for
// `application/vnd.github+json` takes a documented `application/json`), less specifically than an exact match.
// Without Accept, or with one no range of which can be read, JSON is preferred, then the first documented type.
import type { RouteDef } from './route-def.js';

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** The readable ranges of an Accept header (unreadable ones are skipped, as a server may). */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const item of header.split(',')) {
    const [range, ...params] = item.split(';');
    const match = /^\s*([\w!#$%&'*+.^`|~-]+)\/([\w!#$%&'*+.^`|~-]+)\s*$/.exec(range!);
    if (!match) continue;
    let q = 1;
    for (const param of params) {
      const qv = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (qv) q = Math.min(1, Number(qv[1]));
    }
    const type = match[1]!.toLowerCase();
    const subtype = match[2]!.toLowerCase();
    // `*/json` is no media range.
    if (type === '*' && subtype !== '*') continue;
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** A JSON media type: `application/json`, `text/json` or a `+json` one (not a stream of JSON lines). */
export function isJsonType(type: string): boolean {
  const t = type.split(';')[0]!.trim().toLowerCase();
  return t === 'application/json' || t === 'text/json' || t.endsWith('+json');
}

/** How specifically a range names a type: 4 exactly, 3 by structured suffix, 2 `type/*`, 1 `*\/*`, 0 not at all. */
function specificity(range: MediaRange, offered: string): number {
  const [type = '', subtype = ''] = offered.split(';')[0]!.trim().toLowerCase().split('/');
  if (range.type === '*') return 1;
  if (range.type !== type) return 0;
  if (range.subtype === '*') return 2;
  if (range.subtype === subtype) return 4;
  const suffix = (s: string) => (s.includes('+') ? s.slice(s.lastIndexOf('+') + 1) : undefined);
  // application/json and application/x+json, either way round; x+json and y+json do not match.
  if (suffix(subtype) === range.subtype && suffix(range.subtype) === undefined) return 3;
  if (suffix(range.subtype) === subtype && suffix(subtype) === undefined) return 3;
  return 0;
}

/**
 * The offered media type the Accept header prefers; undefined when it accepts none of them. Ties go to the range
 * that names the type more exactly, then to JSON, then to the documented order.
 */
export function preferredType(accept: string | undefined, offered: readonly string[]): string | undefined {
  if (offered.length === 0) return undefined;
  const ranges = accept === undefined ? [] : parseAccept(accept);
  if (ranges.length === 0) return offered.find(isJsonType) ?? offered[0];
  let best: string | undefined;
  let bestScore = -1;
  offered.forEach((type, index) => {
    let q = 0;
    let spec = 0;
    for (const range of ranges) {
      const s = specificity(range, type);
      // The most specific range that matches decides the type's quality.
      if (s > spec) {
        spec = s;
        q = range.q;
      }
    }
    if (spec === 0 || q === 0) return;
    const score = q * 1e4 + spec * 1e3 + (isJsonType(type) ? 500 : 0) - index;
    if (score > bestScore) {
      bestScore = score;
      best = type;
    }
  });
  return best;
}

const successTypesOf = new WeakMap<RouteDef, readonly string[]>();
const NONE: readonly string[] = [];

/**
 * Every media type the route documents for its successes, in order: `answerTypes` where the generated route has
 * them, else JSON where it validates a success answer (a route whose answers are JSON only), else none.
 */
export function successTypes(route: RouteDef): readonly string[] {
  let types = successTypesOf.get(route);
  if (types === undefined) {
    if (route.answerTypes) {
      const all = Object.entries(route.answerTypes)
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, list]) => list);
      types = [...new Set(all)];
    } else types = Object.keys(route.validateResponse).some((s) => s.startsWith('2')) ? ['application/json'] : NONE;
    successTypesOf.set(route, types);
  }
  return types;
}

/** Verdicts on the Accept headers a route has seen (clients send few distinct ones), each route's bounded. */
const verdicts = new WeakMap<RouteDef, Map<string, boolean>>();
const MAX_VERDICTS = 64;

/** Whether the Accept header takes one of the route's success types (true where it documents none). */
export function acceptsSuccess(route: RouteDef, accept: string): boolean {
  // What most clients send, answered without a lookup.
  if (!accept.includes('q=0')) {
    if (accept.includes('*/*')) return true;
    if (accept === 'application/json' && route.answerTypes === undefined) return true;
  }
  let seen = verdicts.get(route);
  const known = seen?.get(accept);
  if (known !== undefined) return known;
  const types = successTypes(route);
  const verdict = types.length === 0 || preferredType(accept, types) !== undefined;
  if (!seen) verdicts.set(route, (seen = new Map()));
  if (seen.size >= MAX_VERDICTS) seen.clear();
  seen.set(accept, verdict);
  return verdict;
}

/** The documented media types of the answer of a status: the exact one's, its range's (2XX), or default's. */
export function answerTypesOf(route: RouteDef, status: number): readonly string[] | undefined {
  const documented = route.answerTypes;
  if (!documented) return undefined;
  const s = String(status);
  return documented[s] ?? documented[`${s[0]}XX`] ?? documented[`${s[0]}xx`] ?? documented.default;
}

const isStreamType = (type: string) =>
  /^text\/event-stream|^application\/(x-)?(ndjson|jsonl|jsonlines|json-lines)/i.test(type);

/**
 * The media type an answer the handler gave without naming one is written in: for text or bytes, the documented
 * non-JSON type Accept prefers; for a value, the documented JSON type Accept prefers (application/json when the
 * status documents none). Undefined: written as JSON, as an answer of a route without documented types is.
 */
export function chooseAnswerType(
  route: RouteDef,
  status: number,
  body: unknown,
  accept: string | undefined,
): string | undefined {
  const documented = answerTypesOf(route, status);
  if (!documented) return undefined;
  const raw = typeof body === 'string' || body instanceof Uint8Array;
  const candidates = documented.filter((t) => !isStreamType(t) && isJsonType(t) !== raw);
  if (candidates.length === 0) return undefined;
  // Accept may rule them all out (a handler answering a value where the client asked for XML): the first is sent.
  return preferredType(accept, candidates) ?? candidates[0];
}
