// Target: a third-party implementation at a base URL, with credentials and fixture ids from a config
// file and CONTRACT_* environment variables (see contracts/README.md).
import type { ServiceKey } from '../../generator/services.js';
import { fixturesFromEnv, mergeFixtures, readConfigFile } from './fixtures.js';
import type { ServiceEndpoint, Target, TargetKind } from './target.js';

export function urlTarget(baseUrl: string, options: { configFile?: string; kind?: TargetKind } = {}): Target {
  const url = new URL(baseUrl).toString().replace(/\/$/, '');
  return {
    name: url,
    kind: options.kind ?? 'stateful',
    async start(services: readonly ServiceKey[]) {
      const config = readConfigFile(options.configFile);
      const endpoints: Partial<Record<ServiceKey, ServiceEndpoint>> = {};
      for (const service of services) {
        const own = config.endpoints?.[service];
        const base = own?.baseUrl ?? url;
        endpoints[service] = { baseUrl: base, uploadUrl: own?.uploadUrl ?? base };
      }
      return {
        name: url,
        kind: options.kind ?? 'stateful',
        endpoints,
        fixtures: mergeFixtures(config.fixtures, fixturesFromEnv()),
        stop: async () => {},
      };
    },
  };
}
