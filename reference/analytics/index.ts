// The analytics reference service: reports over one seeded fact table, groups and group items, all in the
// service's SQL store (sql-store.ts), on the generated server stubs (which validate every request against the spec).
import type { HandlerInput } from '../../generated/analytics/server.js';
import { analyticsErrorStyle, createAnalyticsServer, statusError } from '../../generated/analytics/server.js';
import { invalidRequest } from '../../generated/analytics/runtime/server/index.js';
import { seams, sqliteOf, type ReferenceService, type ServiceContext } from '../foundation/service.js';
import { migrationsFor } from '../foundation/sql.js';
import { PostgresSql } from '../foundation/postgres-sql.js';
import { SqliteReadPool } from '../foundation/sqlite-read-pool.js';
import { unstorableTextAt, unstorableViolation } from '../foundation/storable-text.js';
import { ACCESS_POLICY } from './access.js';
import { REPORT_CATALOGUE } from './combinations.js';
import { GROUP_POLICY } from './group-policy.js';
import { generateFacts } from './facts.js';
import { createHandlers } from './handlers.js';
import { sqliteAnalyticsStore } from './kept-store.js';
import { MIGRATIONS } from './migrations.js';
import { parseSeed } from './seed.js';
import type { AnalyticsSeams } from './seams.js';
import { SqlAnalyticsStore } from './sql-store.js';
import type { AnalyticsStore, Principal } from './store.js';

const UNAUTHENTICATED = () =>
  statusError(
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected an OAuth 2.0 access token.',
    {
      errors: [
        {
          message: 'Invalid Credentials',
          domain: 'global',
          reason: 'authError',
          location: 'Authorization',
          locationType: 'header',
        },
      ],
    },
  );
const INSUFFICIENT_SCOPE = () =>
  statusError('PERMISSION_DENIED', 'Request had insufficient authentication scopes.', {
    errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
  });

const tokenOf = (input: HandlerInput): string | undefined =>
  input.credentials.bearerToken ?? input.credentials.accessToken;

/**
 * The public service also reads a token from its standard `access_token` query parameter, which this document
 * leaves out: one naming another token than the bearer's is two credentials, refused as the router refuses them
 * elsewhere rather than one picked in silence. The same token twice is no conflict.
 */
function otherQueryToken(input: HandlerInput, token: string | undefined) {
  // Only a target with a parameter name that could spell it (access_token, or any of it percent-encoded) is
  // parsed: a report's percent-encoded values (ids=channel%3D%3DMINE) name nothing.
  if (!mayNameAccessToken(input.request.url ?? '')) return undefined;
  const sent = input.url.searchParams.getAll('access_token').filter(Boolean);
  if (!sent.some((value) => value !== token)) return undefined;
  return { field: 'query access_token, header authorization', description: 'carry different credentials; send one' };
}

/** Whether a name in the target's query is access_token or percent-encodes something (`+` decodes to a space). */
function mayNameAccessToken(target: string): boolean {
  // Read in place (every request asks): each name is target[start, nameEnd).
  const query = target.indexOf('?');
  if (query < 0) return false;
  for (let start = query + 1; start <= target.length; ) {
    let end = target.indexOf('&', start);
    if (end < 0) end = target.length;
    let nameEnd = target.indexOf('=', start);
    if (nameEnd < 0 || nameEnd > end) nameEnd = end;
    const percent = target.indexOf('%', start);
    if (percent >= 0 && percent < nameEnd) return true;
    const token = target.indexOf(ACCESS_TOKEN, start);
    if (token >= 0 && token + ACCESS_TOKEN.length <= nameEnd) return true;
    start = end + 1;
  }
  return false;
}
const ACCESS_TOKEN = 'access_token';

export function createAnalyticsListener(parts: AnalyticsSeams, ctx: Pick<ServiceContext, 'logger'>) {
  const { store, access } = parts;
  // The authenticate hook's principal is the request's caller (the router keeps it on the input).
  const principalOf = (input: HandlerInput): Principal => {
    const p = input.caller as Principal | undefined;
    if (!p) throw UNAUTHENTICATED();
    return p;
  };
  return createAnalyticsServer(createHandlers(parts, principalOf), {
    onError: (error) => ctx.logger.error({ err: error }, 'analytics: unexpected error'),
    // The service documents no negotiation: its JSON answers whatever Accept says, as before negotiation existed.
    notAcceptable: 'disregard',
    missingCredentials: () => UNAUTHENTICATED(),
    authenticate: async (input, route) => {
      const unstorable = unstorableTextAt(input);
      if (unstorable) throw invalidRequest(analyticsErrorStyle, 'Invalid parameter', [unstorableViolation(unstorable)]);
      const token = tokenOf(input);
      const other = otherQueryToken(input, token);
      if (other) throw invalidRequest(analyticsErrorStyle, 'Conflicting credentials', [other]);
      const principal = token ? await store.principal(token) : undefined;
      if (!principal) throw UNAUTHENTICATED();
      if (!access.mayCall(route.operationId, principal.scopes)) throw INSUFFICIENT_SCOPE();
      return principal;
    },
  });
}

export const service: ReferenceService = {
  key: 'analytics',
  migrations: migrationsFor('sqlite', MIGRATIONS),
  postgresMigrations: migrationsFor('postgres', MIGRATIONS),
  // The seed writes the facts, rollups, groups and tokens; nothing else is written before the first request.
  seededImage: true,
  async create(ctx) {
    const seed = parseSeed(ctx.seed);
    // Reports are computed off the event loop, each tenant in turn: on the pool's threads (SQLite), or by the
    // database server with a bounded share of the connections (PostgreSQL).
    // REFERENCE_REPORT_QUEUE=off: on the event loop / unqueued, as before (bench/hostile-fairness.ts compares).
    const onLoop = process.env.REFERENCE_REPORT_QUEUE === 'off';
    const readPool = ctx.postgres || onLoop ? undefined : new SqliteReadPool(sqliteOf(ctx));
    const store: AnalyticsStore = ctx.postgres
      ? new SqlAnalyticsStore(new PostgresSql(ctx.postgres))
      : sqliteAnalyticsStore(sqliteOf(ctx), readPool);
    await store.seedIfEmpty(seed, () => generateFacts(seed) as unknown as Array<Record<string, string | number>>);
    await store.replaceCredentials(seed);
    const seam = seams<AnalyticsSeams>(ctx);
    const parts: AnalyticsSeams = {
      store: seam('store', store),
      access: seam('access', ACCESS_POLICY),
      reports: seam('reports', REPORT_CATALOGUE),
      groups: seam('groups', GROUP_POLICY),
    };
    const listener = createAnalyticsListener(parts, ctx);
    return { listener, clientError: listener.clientError, close: () => readPool?.close() };
  },
};
