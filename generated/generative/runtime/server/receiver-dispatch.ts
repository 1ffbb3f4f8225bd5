// Copied from templates/runtime/server/receiver-dispatch.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Several webhooks received at one URL, as providers send them: one route for them all, and the request told apart
// by a declared header whose value names its webhook (a `const` or single `enum`, e.g. an event-type header), else
// by its body (the one webhook whose body schema accepts it). The chosen webhook's parameters and body are then
// validated as its own route's would be, and its handler called.
import { type BodyDef, DEFAULT_MAX_DEPTH } from './body.js';
import { type ErrorStyle, invalidRequest } from './errors.js';
import type { HandlerInput, HandlerResult } from './handler.js';
import type { RouteDef } from './route-def.js';
import { validateRequest } from './validation.js';

/** A header whose value names one webhook: its lower-cased name and that value. */
export type WebhookKey = readonly [header: string, value: string];

export interface SharedReceiver {
  route: RouteDef;
  dispatch: (input: HandlerInput) => Promise<HandlerResult>;
}

/**
 * One route at `path` for the given webhook routes (all of one method), and a dispatch that picks the webhook of
 * each request: by its key header where the request carries one, else by body; `choose` decides among several whose
 * body schemas all accept (default: the 400 naming them).
 */
export function sharedReceiver(
  routes: readonly RouteDef[],
  keys: Readonly<Record<string, WebhookKey>>,
  path: string,
  errorStyle: ErrorStyle,
  dispatch: (input: HandlerInput) => Promise<HandlerResult>,
  choose?: (candidates: string[], input: HandlerInput) => string | undefined,
): SharedReceiver {
  const methods = new Set(routes.map((r) => r.method));
  if (methods.size > 1)
    throw new TypeError(`webhooks served at one path must share a method (they use ${[...methods].join(', ')})`);
  const first = routes[0];
  if (!first) throw new TypeError('no webhook to serve at one path: give handlers');
  // An XML body reaches the shared route as its text: each webhook reads it by its own schema (xmlValue).
  const bodies = routes
    .flatMap((r) => r.bodies)
    .filter((b, i, all) => all.findIndex((x) => x.contentType === b.contentType) === i)
    .map(({ xml: _, ...body }) => body);
  const route: RouteDef = {
    operationId: first.operationId,
    method: first.method,
    path,
    // Each webhook's own parameters and body are validated once it is known (in dispatch).
    params: routes
      .flatMap((r) => r.params)
      .filter((p, i, all) => all.findIndex((x) => x.name === p.name && x.in === p.in) === i)
      .map((p) => ({ ...p, required: false })),
    bodies,
    bodyRequired: false,
    security: routes.every((r) => r.security === 'optional') ? 'optional' : 'required',
    validateParams: () => true,
    validateBody: {},
    validateResponse: {},
  };
  const byId = new Map(routes.map((r) => [r.operationId, r]));
  return {
    route,
    dispatch: (input) => {
      const chosen = pick(input);
      const webhook = byId.get(chosen)!;
      (input as { operationId: string }).operationId = chosen;
      const def = xmlBody(webhook, input);
      if (def) input.bodyValue = def.xml!(input.body as string, def.maxDepth ?? DEFAULT_MAX_DEPTH);
      validateRequest(input, webhook, errorStyle);
      return dispatch(input);
    },
  };

  function pick(input: HandlerInput): string {
    for (const r of routes) {
      const key = keys[r.operationId];
      if (key && input.headers[key[0]] === key[1]) return r.operationId;
    }
    const accepting = routes.filter((r) => {
      const validate = input.contentType === undefined ? undefined : r.validateBody[input.contentType];
      if (!validate) return input.body === undefined;
      const def = xmlBody(r, input);
      if (!def) return validate(input.body);
      try {
        return validate(def.xml!(input.body as string, def.maxDepth ?? DEFAULT_MAX_DEPTH));
      } catch {
        // Not XML this webhook reads (another root element, say): not this webhook's body.
        return false;
      }
    });
    const ids = accepting.map((r) => r.operationId);
    if (ids.length === 1) return ids[0]!;
    if (ids.length > 1) {
      const given = choose?.(ids, input);
      if (given !== undefined && ids.includes(given)) return given;
      throw invalidRequest(errorStyle, 'Ambiguous webhook', [
        {
          field: 'body',
          description: `is accepted by several webhooks (${ids.join(', ')}); none is named by a header`,
        },
      ]);
    }
    throw invalidRequest(errorStyle, 'Unknown webhook', [
      {
        field: 'body',
        description: `is accepted by none of the webhooks served here (${routes.map((r) => r.operationId).join(', ')})`,
      },
    ]);
  }
}

/** The webhook's XML body definition the request's text body matched, where it has one. */
function xmlBody(route: RouteDef, input: HandlerInput): BodyDef | undefined {
  if (typeof input.body !== 'string') return undefined;
  const def = route.bodies.find((b) => b.contentType === input.contentType);
  return def?.xml !== undefined ? def : undefined;
}
