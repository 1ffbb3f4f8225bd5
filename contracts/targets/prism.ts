// Target: Prism mocks of the bundled specs (generated/<service>/openapi.json), one per service, on free ports.
import { generatedSpecFile } from '../../generator/model/index.js';
import type { ServiceKey } from '../harness/services.js';
import { DEFAULT_FIXTURES } from './fixtures.js';
import { startPrism, type PrismProcess } from './prism-process.js';
import type { ServiceEndpoint, Target, TargetSession } from './target.js';

export const prismTarget: Target = {
  name: 'prism',
  kind: 'mock',
  async start(services: readonly ServiceKey[]): Promise<TargetSession> {
    const started: PrismProcess[] = [];
    const endpoints: Partial<Record<ServiceKey, ServiceEndpoint>> = {};
    try {
      await Promise.all(
        services.map(async (service) => {
          const prism = await startPrism(generatedSpecFile(service));
          started.push(prism);
          endpoints[service] = { baseUrl: prism.baseUrl, uploadUrl: prism.baseUrl };
        }),
      );
    } catch (error) {
      await Promise.all(started.map((p) => p.stop()));
      throw error;
    }
    return {
      name: 'prism',
      kind: 'mock',
      endpoints,
      fixtures: DEFAULT_FIXTURES,
      stop: async () => {
        await Promise.all(started.map((p) => p.stop()));
      },
    };
  },
};
