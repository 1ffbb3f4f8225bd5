// The served reference as a third party's service that shows every harmless variation: `serve` in its own process
// (./served-reference.ts), a variation proxy per service in front of it (a defect planted on one service if asked),
// and the suite's arguments to run against the proxies with the default fixtures in a config file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import { type ServedReference, serveAll } from './served-reference.js';
import { ALL_VARIATIONS, type Defect, type VariationProxy, variationProxy } from './variation-proxy.js';

export interface ProxiedReference {
  /**
   * Starts a proxy per service (every harmless variation on, each defect planted on its service, at most one a
   * service) and writes their config: `--target <the first defect's service, or any> --config <file> --strict`.
   */
  suiteArgs(...defects: Array<{ service: string; defect: Defect }>): Promise<string[]>;
  /** Answers rewritten by every proxy started so far. */
  rewritten(): number;
  /** Closes the proxies, stops the served reference and removes the config files. */
  stop(): Promise<void>;
}

/** The reference behind variation proxies: every service, or those `services` names. */
export async function proxiedReference(
  prefix: string,
  services: readonly string[] = SERVICE_KEYS,
): Promise<ProxiedReference> {
  const served: ServedReference = await serveAll(prefix, services);
  const proxies: VariationProxy[] = [];
  const configDirs: string[] = [];
  return {
    async suiteArgs(...defects) {
      const defectServices = defects.map((d) => d.service);
      if (new Set(defectServices).size < defectServices.length)
        throw new Error(`one defect a service: ${defectServices.join(', ')}`);
      const endpoints: Record<string, { baseUrl: string }> = {};
      for (const service of services) {
        const planted = defects.find((d) => d.service === service)?.defect;
        const proxy = await variationProxy(service, served.urls[service]!, new Set(ALL_VARIATIONS), planted);
        proxies.push(proxy);
        endpoints[service] = { baseUrl: proxy.baseUrl };
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      configDirs.push(dir);
      const file = path.join(dir, 'contracts.config.json');
      fs.writeFileSync(file, JSON.stringify({ endpoints, fixtures: DEFAULT_FIXTURES, allowBursts: true }));
      const target = endpoints[defects[0]?.service ?? services[0]!]!.baseUrl;
      return ['--target', target, '--config', file, '--strict'];
    },
    rewritten: () => proxies.reduce((n, p) => n + p.rewritten, 0),
    async stop() {
      await Promise.all(proxies.map((p) => p.close()));
      await served.stop();
      for (const dir of configDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
