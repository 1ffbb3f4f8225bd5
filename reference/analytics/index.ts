// The analytics reference service: reports over one seeded fact table, groups and group items, all in the
// service's SQLite store, on the generated server stubs (which validate every request against the spec).
import type { HandlerInput } from '../../generated/analytics/server.js';
import { createAnalyticsServer, statusError } from '../../generated/analytics/server.js';
import { type ReferenceService, type ServiceContext } from '../foundation/service.js';
import { SERVICE_SCOPES } from './catalogue.js';
import { readDefects } from './defects.js';
import { generateFacts } from './facts.js';
import { createHandlers } from './handlers.js';
import { MIGRATIONS } from './migrations.js';
import { parseSeed } from './seed.js';
import { SqliteAnalyticsStore } from './sqlite-store.js';
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

export function createAnalyticsListener(store: AnalyticsStore, ctx: Pick<ServiceContext, 'defects' | 'logger'>) {
  const defects = readDefects(ctx.defects);
  const principals = new WeakMap<HandlerInput, Principal>();
  const anyUser = () => store.principal('test-token-all-scopes');
  const principalOf = (input: HandlerInput): Principal => {
    const p = principals.get(input);
    if (!p) throw UNAUTHENTICATED();
    return p;
  };
  return createAnalyticsServer(createHandlers(store, principalOf, defects), {
    onError: (error) => ctx.logger.error({ err: error }, 'analytics: unexpected error'),
    missingCredentials: () => UNAUTHENTICATED(),
    authenticate: async (input, route) => {
      const token = tokenOf(input);
      let principal = token ? await store.principal(token) : undefined;
      if (!principal && defects.tokenUnchecked && token) principal = await anyUser();
      if (!principal) throw UNAUTHENTICATED();
      // Every operation accepts any of the service's scopes (the public method pages list them all).
      const write = !['queryReports', 'listGroups', 'listGroupItems'].includes(route.operationId);
      const hasServiceScope = SERVICE_SCOPES.some((s) => principal!.scopes.has(s));
      const management = [SERVICE_SCOPES[2]!, SERVICE_SCOPES[3]!].some((s) => principal!.scopes.has(s));
      let allowed = hasServiceScope;
      if (route.operationId === 'queryReports' && defects.reportScopeUnchecked) allowed = true;
      if (
        route.operationId === 'queryReports' &&
        defects.readonlyRefused &&
        !management &&
        !principal.scopes.has(SERVICE_SCOPES[1]!)
      )
        allowed = false;
      if (write && defects.writeNeedsManagement) allowed = management;
      if (write && defects.writeScopeUnchecked) allowed = true;
      if (!allowed) throw INSUFFICIENT_SCOPE();
      principals.set(input, principal);
    },
  });
}

export const service: ReferenceService = {
  key: 'analytics',
  migrations: MIGRATIONS,
  async create(ctx) {
    const seed = parseSeed(ctx.seed);
    const store = new SqliteAnalyticsStore(ctx.db);
    await store.seedIfEmpty(seed, () => generateFacts(seed) as unknown as Array<Record<string, string | number>>);
    await store.replaceCredentials(seed);
    return { listener: createAnalyticsListener(store, ctx) };
  },
};
