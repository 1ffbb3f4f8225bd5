// What the ad creative families' mutants (./<family>.mutants.ts) share. Mutants are realistic bugs planted from outside the reference implementation, each
// of which the suite must report as FAIL under its rule. `wire` mutants rewrite requests or answers
// (./wire.ts), or answer in the service's place; `seam` mutants decorate the service's store or rate limiter
// (reference/ad-creative/seams.ts, ./decorate.ts). Both sides of the rules are covered (a refusal lost, a
// valid request refused), with wrong codes, off-by-one limits, values validated and then ignored, missing
// members, and the four defects of the former broken server (unknown creative 2500, preview without data,
// invalid title accepted, duplicated creative).
import { randomUUID } from 'node:crypto';
import type { AnyRuleId } from '../../../generated/rules.js';
import type { AdCreativeSeams } from '../../../reference/ad-creative/seams.js';
import type { AdCreativeStore } from '../../../reference/ad-creative/store.js';
import type { Decorators, ServiceDecorators } from '../../../reference/index.js';
import { generatedSpec } from '../../../generator/model/index.js';
import { overriding, type Overrides } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { answerInstead, formOf, operationOf, rewriteRequest, type Wrap, type WireRequest } from '../../mutants/wire.js';

export const wire = (rule: AnyRuleId, name: string, description: string, wrap: Wrap): Mutant => ({
  id: `${rule}/${name}`,
  rule,
  description,
  wrap,
});
export const seam = (
  rule: AnyRuleId,
  name: string,
  description: string,
  decorate: Decorators<AdCreativeSeams>,
): Mutant => ({
  id: `${rule}/${name}`,
  rule,
  description,
  decorate: decorate as ServiceDecorators,
});
export const store = (overrides: Overrides<AdCreativeStore>): Decorators<AdCreativeSeams> => ({
  store: overriding(overrides),
});
export type Json = Record<string, any>;
/** The members a creative read may select, as the spec names them. */
export const CREATIVE_FIELDS: ReadonlySet<string> = new Set(
  generatedSpec('ad-creative').model.operations.find((o) => o.id === 'getAdCreative')?.selectableFields,
);
export const creates = (r: WireRequest) => operationOf(r.method, r.url) === 'createAdCreative';
export const updates = (r: WireRequest) => operationOf(r.method, r.url) === 'updateAdCreative';
/** A read of creatives: one (getAdCreative) or a list (listAdCreatives). */
export const readsCreatives = (method: string, url: URL) =>
  method === 'GET' && ['getAdCreative', 'listAdCreatives'].includes(operationOf(method, url) ?? '');
export const isError = (json: any) => json && typeof json.error === 'object';
export const versionOf = (url: URL) => Number(/^\/v([0-9]+)\.0\//.exec(url.pathname)?.[1] ?? 0);
/** The path with another first (version) segment. */
export const withVersion = (url: URL, version: string) => {
  url.pathname = url.pathname.replace(/^\/[^/]+/, `/${version}`);
};
/** A Graph refusal of a create, as the service words its own (error 100 naming the parameter). */
const refusal = (message: string) => ({
  status: 400,
  json: { error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100, fbtrace_id: randomUUID() } },
});
/**
 * A write's parameters as one object, however they were sent: a form (object values as JSON text, as Graph
 * clients send `object_story_spec`) or a JSON body (as the business SDK sends them); `encode` writes them back
 * the same way. Other bodies: none.
 */
function paramsOf(r: WireRequest): { params: Json; encode: (params: Json) => string } | undefined {
  if (String(r.headers['content-type'] ?? '').startsWith('application/json')) {
    const params = JSON.parse(r.body.toString('utf8') || '{}');
    return params && typeof params === 'object' ? { params, encode: (p) => JSON.stringify(p) } : undefined;
  }
  const form = formOf(r);
  if (!form) return undefined;
  const params: Json = {};
  for (const [name, value] of form) {
    params[name] = value;
    if (/^[[{]/.test(value))
      try {
        params[name] = JSON.parse(value);
      } catch {
        // Text that only looks like JSON stays text.
      }
  }
  const encode = (p: Json) =>
    new URLSearchParams(
      Object.entries(p)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
  return { params, encode };
}
/** Edits the parameters of the writes `when` matches (creates, updates). */
export const editParams = (when: (r: WireRequest) => boolean, edit: (params: Json) => void) =>
  rewriteRequest((r) => {
    const body = when(r) ? paramsOf(r) : undefined;
    if (!body) return;
    edit(body.params);
    return body.encode(body.params);
  });
export const editCreates = (edit: (params: Json) => void) => editParams(creates, edit);
export const editUpdates = (edit: (params: Json) => void) => editParams(updates, edit);
/** Refuses the creates whose parameters `when` holds for, with `message`. */
export const refuseCreates = (when: (params: Json) => boolean, message: string) =>
  answerInstead((r) => {
    const params = creates(r) ? paramsOf(r)?.params : undefined;
    if (params && when(params)) return refusal(message);
  });
/** The top-level items of a `fields` selection (commas inside braces and parentheses belong to their item). */
export function topLevelFields(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((item) => item.trim()).filter(Boolean);
}
export const fieldName = (item: string) => /^[A-Za-z0-9_]+/.exec(item)?.[0] ?? '';
/** A Graph error answer with another code (and message, subcode, HTTP status). */
export const recode = (json: any, code: number, message: string, extra: Json = {}) => {
  const { error_subcode: _subcode, ...rest } = json.error;
  return { ...rest, code, message, ...extra };
};
/** A list of ids whose `includes` answers true for any id: a membership check that no longer checks. */
export const anyId = (ids: readonly string[]): string[] => Object.assign([...ids], { includes: () => true });
