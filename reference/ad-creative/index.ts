// The ad creative service of the reference implementation: the generated server stubs with this folder's
// handlers, on its SQL store (sql-store.ts; SQLite, or PostgreSQL with --database) through the store interface, seeded from the `ad-creative:` section of the seed file.
// Besides the spec's operations it serves the thumbnails and preview pages its answers link to (/_media/), and
// answers a call without a version segment as the spec's version (unversioned.ts).
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import path from 'node:path';
import { createAdCreativeServer, graphError } from '../../generated/ad-creative/server.js';
import { PublicBase } from '../foundation/public-base.js';
import { PostgresSql } from '../foundation/postgres-sql.js';
import { seams, sqliteOf, type ReferenceService, type ServiceContext } from '../foundation/service.js';
import { migrationsFor } from '../foundation/sql.js';
import { createAuthenticate, createHandlers, type HandlerContext } from './handlers.js';
import { MediaUrls } from './media.js';
import { KeptAdCreativeStore } from './kept-store.js';
import { MIGRATIONS } from './migrations.js';
import { PostgresRateLimiter } from './postgres-rate-limiter.js';
import { AccountRateLimiter } from './rate-limit.js';
import type { AdCreativeSeams } from './seams.js';
import { parseSeed } from './seed.js';
import { SqliteRateLimiter } from './sqlite-rate-limiter.js';
import { SqlAdCreativeStore } from './sql-store.js';
import { versionedTarget } from './unversioned.js';

export const service: ReferenceService = {
  key: 'ad-creative',
  migrations: migrationsFor('sqlite', MIGRATIONS),
  postgresMigrations: migrationsFor('postgres', MIGRATIONS),
  async create(ctx: ServiceContext) {
    const seed = parseSeed(ctx.seed);
    const seam = seams<AdCreativeSeams>(ctx);
    const store = seam(
      'store',
      ctx.postgres ? new SqlAdCreativeStore(new PostgresSql(ctx.postgres)) : new KeptAdCreativeStore(sqliteOf(ctx)),
    );
    if (await store.isEmpty()) await store.loadSeed(seed);
    else await store.replaceCredentials(seed);
    // Counted where every instance on the same store sees the counts: the shared database, the data directory's
    // rates file beside a durable SQLite database, or this process's memory for an in-memory one.
    const sqliteRates =
      !ctx.postgres && ctx.durable ? new SqliteRateLimiter(path.dirname(sqliteOf(ctx).name)) : undefined;
    const limiter = ctx.postgres ? new PostgresRateLimiter(ctx.postgres) : (sqliteRates ?? new AccountRateLimiter());
    const publicBase = new PublicBase();
    const media = new MediaUrls(await store.setting('media-secret', () => randomBytes(32).toString('base64url')));
    const handlerContext: HandlerContext = {
      store,
      limiter: seam('rateLimiter', limiter),
      rateLimit: seed.rateLimit,
      media,
      publicBase: (req) => publicBase.of(req),
    };
    const options = {
      authenticate: createAuthenticate(handlerContext),
      // A request without any token: code 104 (public-service notes 1.6), 190 only for a bad token.
      missingCredentials: () => graphError(104, 'An access token is required to request this resource.', { http: 400 }),
      validateResponses: true,
      // The service documents no negotiation: its JSON answers whatever Accept says, as before negotiation existed.
      notAcceptable: 'disregard' as const,
      onError: (error: unknown) => ctx.logger.error({ err: error }, 'ad-creative: request failed'),
    };
    const api = createAdCreativeServer(createHandlers(handlerContext), options);
    const graph: http.RequestListener = (req, res) => {
      if (req.url !== undefined) req.url = versionedTarget(req.url);
      api(req, res);
    };
    const listener: http.RequestListener = (req, res) => {
      // Only a target that names /_media/ can be one (its path may still be /x/../_media/): the API's requests
      // go straight to the router, without an async detour.
      if (!req.url?.includes('_media')) return graph(req, res);
      media
        .serve(req, res, store)
        .then((served) => {
          if (!served) graph(req, res);
        })
        .catch((error) => {
          ctx.logger.error({ err: error }, 'ad-creative: media request failed');
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end();
        });
    };
    return {
      listener,
      clientError: api.clientError,
      bound(address) {
        publicBase.bind(address);
      },
      close() {
        sqliteRates?.close();
      },
    };
  },
};
