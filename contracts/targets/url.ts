// Target: a third-party implementation at a base URL. Its fixtures are exactly what its config file and
// CONTRACT_* environment variables give (never this project's defaults); a required one missing stops the
// run before any request (MissingFixturesError, naming each key and its variable).
import type { ServiceKey } from '../../specs/index.js';
import { assertRequiredFixtures, readConfigFile, thirdPartyFixtures } from './fixtures.js';
import type { ServiceEndpoint, Target, TargetKind, TargetSession } from './target.js';

export function urlTarget(baseUrl: string, options: { configFile?: string; kind?: TargetKind } = {}): Target {
  const url = new URL(baseUrl).toString().replace(/\/$/, '');
  return {
    name: url,
    kind: options.kind ?? 'stateful',
    async start(services: readonly ServiceKey[]): Promise<TargetSession> {
      const config = readConfigFile(options.configFile);
      const fixtures = thirdPartyFixtures(config);
      assertRequiredFixtures(fixtures, services, options.configFile);
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
        fixtures,
        allowBursts: config.allowBursts === true,
        stop: async () => {},
      };
    },
  };
}
