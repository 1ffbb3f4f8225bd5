// Target: the generated server stubs of each service with example handlers (example-handlers.ts), served
// in this process on free ports. A stateless mock like Prism, but one that validates requests and answers
// errors exactly as the generated servers do: where Prism shows a "mock limitation", this target shows
// whether the spec-derived validation gives the documented error.
import type http from 'node:http';
import { createAdCreativeServer, graphError } from '../../generated/ad-creative/server.js';
import { createAnalyticsServer, statusError } from '../../generated/analytics/server.js';
import { createGenerativeServer, statusError as generativeStatusError } from '../../generated/generative/server.js';
import type { ServiceKey } from '../harness/services.js';
import { exampleHandlers } from './example-handlers.js';
import { DEFAULT_FIXTURES } from './fixtures.js';
import { listenLocal, type RunningServer } from './listen-local.js';
import type { ServiceEndpoint, Target, TargetSession } from './target.js';

/**
 * The stubs' credential store knows one invalid credential per service, the fixtures' (the same for all three):
 * it is refused as each service refuses it, any other is accepted. What the auth rules judge here is the
 * generated server's side: the authenticate hook's error reaches the wire in the service's shape and status.
 */
export function stubListener(service: ServiceKey): http.RequestListener {
  const handlers = exampleHandlers(service) as never;
  if (service === 'ad-creative') {
    return createAdCreativeServer(handlers, {
      authenticate: ({ credentials }) => {
        const token = credentials.accessToken ?? credentials.bearerToken;
        if (token === DEFAULT_FIXTURES['ad-creative'].invalidToken)
          throw graphError(190, 'Invalid OAuth access token - Cannot parse access token');
      },
    });
  }
  if (service === 'analytics') {
    return createAnalyticsServer(handlers, {
      authenticate: ({ credentials }) => {
        if (credentials.bearerToken === DEFAULT_FIXTURES.analytics.invalidToken)
          throw statusError('UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      },
    });
  }
  return createGenerativeServer(handlers, {
    authenticate: ({ credentials }) => {
      if (credentials.apiKey === DEFAULT_FIXTURES.generative.invalidApiKey)
        throw generativeStatusError('INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.');
    },
  });
}

export const stubsTarget: Target = {
  name: 'stubs',
  kind: 'stub',
  async start(services: readonly ServiceKey[]): Promise<TargetSession> {
    const servers: RunningServer[] = [];
    const endpoints: Partial<Record<ServiceKey, ServiceEndpoint>> = {};
    for (const service of services) {
      const server = await listenLocal(stubListener(service));
      servers.push(server);
      endpoints[service] = { baseUrl: server.baseUrl, uploadUrl: server.baseUrl };
    }
    return {
      name: 'stubs',
      kind: 'stub',
      endpoints,
      fixtures: DEFAULT_FIXTURES,
      stop: async () => {
        await Promise.all(servers.map((s) => s.close()));
      },
    };
  },
};
