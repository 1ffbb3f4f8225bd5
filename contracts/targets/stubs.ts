// Target: the generated server stubs of each service with example handlers (example-handlers.ts), served
// in this process on free ports. A stateless mock like Prism, but one that validates requests and answers
// errors exactly as the generated servers do: where Prism shows a "mock limitation", this target shows
// whether the spec-derived validation gives the documented error.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdCreativeServer, graphError } from '../../generated/ad-creative/server.js';
import { createAnalyticsServer, statusError } from '../../generated/analytics/server.js';
import { createGenerativeServer } from '../../generated/generative/server.js';
import type { ServiceKey } from '../../generator/services.js';
import { exampleHandlers } from './example-handlers.js';
import { DEFAULT_FIXTURES } from './fixtures.js';
import type { ServiceEndpoint, Target, TargetSession } from './target.js';

/** The fixtures' invalid credentials are refused as each service refuses them; any other is accepted. */
function listener(service: ServiceKey): http.RequestListener {
  const handlers = exampleHandlers(service) as never;
  if (service === 'ad-creative') {
    return createAdCreativeServer(handlers, {
      authenticate: ({ credentials }) => {
        const token = credentials.accessToken ?? credentials.bearerToken;
        if (token === DEFAULT_FIXTURES['ad-creative'].invalidToken) throw graphError(190, 'Invalid OAuth access token - Cannot parse access token');
      },
    });
  }
  if (service === 'analytics') {
    return createAnalyticsServer(handlers, {
      authenticate: ({ credentials }) => {
        if (credentials.bearerToken === DEFAULT_FIXTURES.analytics.invalidToken) throw statusError('UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      },
    });
  }
  return createGenerativeServer(handlers, {});
}

export const stubsTarget: Target = {
  name: 'stubs',
  kind: 'mock',
  async start(services: readonly ServiceKey[]): Promise<TargetSession> {
    const servers: http.Server[] = [];
    const endpoints: Partial<Record<ServiceKey, ServiceEndpoint>> = {};
    for (const service of services) {
      const server = http.createServer(listener(service));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      endpoints[service] = { baseUrl, uploadUrl: baseUrl };
    }
    return {
      name: 'stubs',
      kind: 'mock',
      endpoints,
      fixtures: DEFAULT_FIXTURES,
      stop: async () => {
        await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      },
    };
  },
};
