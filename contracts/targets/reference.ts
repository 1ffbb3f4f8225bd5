// Target: our own reference implementation (reference/index.ts), started in this process on free loopback
// ports with fresh in-memory stores and its default seed (reference/seed.default.yaml). The reference knows
// nothing of the suite: this module maps what it starts onto a target session, with the fixtures that name
// what its default seed holds. A service whose implementation does not exist yet
// (reference/<service>/index.ts) is not started: the run says so, and its rules are reported as "service not
// selected" rather than judged against something else.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReferenceOptions, ReferenceSession } from '../../reference/index.js';
import { ROOT } from '../../generator/model/root.js';
import type { ServiceKey } from '../harness/services.js';
import type { ProcessingClock } from '../../reference/generative/processing-clock.js';
import type { GenerativeStore } from '../../reference/generative/store.js';
import { changeChannel, processingOnRequest, signallingFileChanges } from './change-signals.js';
import { DEFAULT_FIXTURES, type Fixtures } from './fixtures.js';
import type { ServiceEndpoint, Target, TargetSession } from './target.js';

const ENTRY = path.join(ROOT, 'reference', 'index.ts');

export function referenceAvailable(): boolean {
  return fs.existsSync(ENTRY);
}

type ReferenceModule = typeof import('../../reference/index.js');

/**
 * The fixtures of the reference's default seed: the suite's default fixtures are written for it (the same
 * tokens, accounts, pages, keys and models), so a seed file of one's own needs fixtures of one's own.
 */
export const REFERENCE_FIXTURES: Fixtures = DEFAULT_FIXTURES;

/** A started reference as a target session; `reference` is the reference's own session (servers, logger). */
export interface ReferenceTargetSession extends TargetSession {
  reference: ReferenceSession;
}

/** The reference session as the suite sees it: each service's base URL, which also takes its uploads. */
export function asTargetSession(reference: ReferenceSession, changeSignals?: string): ReferenceTargetSession {
  const endpoints: Partial<Record<ServiceKey, ServiceEndpoint>> = {};
  for (const [key, endpoint] of Object.entries(reference.endpoints) as Array<[ServiceKey, { baseUrl: string }]>)
    endpoints[key] = { baseUrl: endpoint.baseUrl, uploadUrl: endpoint.baseUrl };
  return {
    name: 'reference',
    kind: 'stateful',
    endpoints,
    fixtures: REFERENCE_FIXTURES,
    reference,
    ...(changeSignals ? { changeSignals } : {}),
    stop: () => reference.stop(),
  };
}

/** Starts the reference's services on its default seed (any other option: wrap, decorate, dataDir, limits). */
export async function startReferenceTarget(
  services: readonly ServiceKey[],
  options: Omit<ReferenceOptions, 'seedFile'> = {},
): Promise<ReferenceTargetSession> {
  const mod = (await import(pathToFileURL(ENTRY).href)) as ReferenceModule;
  // The generative store posts the change signals tests wait on, outside any stand-in a mutant hands it; a video is
  // processed when a test starts waiting for it (or after the seed's time).
  const { store, processingClock } = options.decorate?.generative ?? {};
  const channel = changeChannel();
  const decorate = {
    ...options.decorate,
    generative: {
      ...options.decorate?.generative,
      store: (inner: GenerativeStore) => signallingFileChanges(store ? store(inner) : inner, channel),
      processingClock: (inner: ProcessingClock) =>
        processingOnRequest(processingClock ? processingClock(inner) : inner, channel),
    },
  };
  return asTargetSession(await mod.startReference(services, { ...options, decorate }), channel);
}

export const referenceTarget: Target = {
  name: 'reference',
  kind: 'stateful',
  async start(services: readonly ServiceKey[]): Promise<TargetSession> {
    if (!referenceAvailable()) {
      throw new Error(
        'The reference implementation does not exist (reference/index.ts); use --target prism or --target <base URL>.',
      );
    }
    const mod = (await import(pathToFileURL(ENTRY).href)) as ReferenceModule;
    const present = services.filter((s) => mod.serviceModuleExists(s));
    const absent = services.filter((s) => !present.includes(s));
    if (absent.length) {
      console.warn(
        `Note: the reference implementation of ${absent.join(', ')} does not exist yet (reference/<service>/index.ts); ` +
          `${absent.length > 1 ? 'their' : 'its'} rules are reported as not selected. Use --target prism for them.`,
      );
    }
    return startReferenceTarget(present);
  },
};
