// Target: a third-party implementation at a base URL. Its fixtures are exactly what its config file and
// CONTRACT_* environment variables give (never this project's defaults); a required one missing stops the
// run before any request (MissingFixturesError, naming each key and its variable).
import type { ServiceKey } from '../harness/services.js';
import { assertRequiredFixtures, readConfigFile, thirdPartyFixtures, type TargetConfig } from './fixtures.js';
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
      const endpoints = urlEndpoints(url, config, services);
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

/** Each service's base and upload URL: the config's own per service, else the target's base URL. */
export function urlEndpoints(
  baseUrl: string,
  config: TargetConfig,
  services: readonly string[],
): Partial<Record<ServiceKey, ServiceEndpoint>> {
  const url = new URL(baseUrl).toString().replace(/\/$/, '');
  const endpoints: Partial<Record<ServiceKey, ServiceEndpoint>> = {};
  for (const service of services as ServiceKey[]) {
    const own = config.endpoints?.[service];
    const base = own?.baseUrl ?? url;
    endpoints[service] = { baseUrl: base, uploadUrl: own?.uploadUrl ?? base };
  }
  return endpoints;
}
