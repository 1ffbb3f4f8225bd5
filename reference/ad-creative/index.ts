// The ad creative service of the reference implementation: the generated server stubs with this folder's
// handlers, on SQLite through the store interface, seeded from the `ad-creative:` section of the seed file.
// Besides the spec's operations it serves the thumbnails and preview pages its answers link to (/_media/).
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import {
  adCreativeRoutes,
  createAdCreativeServer,
  graphError,
  type HandlerInput,
} from '../../generated/ad-creative/server.js';
import type { RouteDef } from '../../generated/ad-creative/runtime/server/index.js';
import { keptAnswersOption, type ReferenceService, type ServiceContext } from '../foundation/service.js';
import { defectsOf, type AdCreativeDefects } from './defects.js';
import { createAuthenticate, createHandlers, type HandlerContext } from './handlers.js';
import { MediaUrls } from './media.js';
import { MIGRATIONS } from './migrations.js';
import { parseSeed } from './seed.js';
import { SqliteAdCreativeStore } from './sqlite-store.js';
import type { TokenGrant } from './store.js';

/**
 * Defect titlePunctuationAccepted (old broken server): the create validators see every title with its first
 * character replaced, so the schema's rule 2 no longer refuses it.
 */
function routesFor(defects: AdCreativeDefects): RouteDef[] | undefined {
  if (!defects.titlePunctuationAccepted) return undefined;
  return adCreativeRoutes.map((route) => {
    if (route.operationId !== 'createAdCreative') return route;
    const validateBody = Object.fromEntries(
      Object.entries(route.validateBody).map(([type, validate]) => {
        const lenient = (data: unknown) => {
          const copy = { ...(data as Record<string, unknown>) };
          if (typeof copy.title === 'string' && copy.title.length > 0) copy.title = `x${copy.title.slice(1)}`;
          const ok = validate(copy);
          lenient.errors = validate.errors;
          return ok;
        };
        lenient.errors = null as typeof validate.errors;
        return [type, lenient];
      }),
    );
    return { ...route, validateBody };
  });
}

export const service: ReferenceService = {
  key: 'ad-creative',
  migrations: MIGRATIONS,
  async create(ctx: ServiceContext) {
    const seed = parseSeed(ctx.seed);
    const store = new SqliteAdCreativeStore(ctx.db);
    if (await store.isEmpty()) await store.loadSeed(seed);
    const defects = defectsOf(ctx.defects);
    const media = new MediaUrls(await store.setting('media-secret', () => randomBytes(32).toString('base64url')));
    const handlerContext: HandlerContext = {
      store,
      defects,
      rateLimit: seed.rateLimit,
      media,
      grants: new WeakMap<HandlerInput, TokenGrant>(),
    };
    const options = {
      authenticate: createAuthenticate(handlerContext),
      // A request without any token: code 104 (public-service notes 1.6), 190 only for a bad token.
      missingCredentials: () =>
        defects.missingToken190
          ? graphError(190, 'An active access token must be used to query information about the current user.', {
              http: 400,
            })
          : graphError(104, 'An access token is required to request this resource.', { http: 400 }),
      validateResponses: !defects.previewWithoutData,
      ...keptAnswersOption(ctx),
      onError: (error: unknown) => ctx.logger.error({ err: error }, 'ad-creative: request failed'),
    };
    const routes = routesFor(defects);
    let api: http.RequestListener;
    if (routes) {
      // The router compiles the shared route table when it is created: swap the lenient routes in for that
      // moment only, so no other server in this process is affected.
      const saved = [...adCreativeRoutes];
      adCreativeRoutes.splice(0, adCreativeRoutes.length, ...routes);
      try {
        api = createAdCreativeServer(createHandlers(handlerContext), options);
      } finally {
        adCreativeRoutes.splice(0, adCreativeRoutes.length, ...saved);
      }
    } else {
      api = createAdCreativeServer(createHandlers(handlerContext), options);
    }
    const listener: http.RequestListener = (req, res) => {
      // Only a target that names /_media/ can be one (its path may still be /x/../_media/): the API's requests
      // go straight to the router, without an async detour.
      if (!req.url?.includes('_media')) return api(req, res);
      media
        .serve(req, res, store, defects.thumbnailSwapped)
        .then((served) => {
          if (!served) api(req, res);
        })
        .catch((error) => {
          ctx.logger.error({ err: error }, 'ad-creative: media request failed');
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end();
        });
    };
    return { listener };
  },
};
