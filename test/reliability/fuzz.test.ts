// A 1,000-request sample per service of the schema-derived fuzzer (contracts/fuzz/) against the embedded
// reference: no 5xx, every refusal in the service's error shape with a documented status, the service alive
// afterwards and its stored state unchanged by the refused writes. `npm run fuzz` runs any size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceSession } from '../../reference/index.js';
import { generateRequests } from '../../contracts/fuzz/requests.js';
import { describeRequest, formatResult, runFuzz } from '../../contracts/fuzz/run.js';
import { fuzzService } from '../../contracts/fuzz/services.js';
import { loadSpec, operationsOf } from '../../contracts/fuzz/spec.js';
import type { ServiceKey } from '../../reference/index.js';

const SEED = 20261123;
const SERVICES: ServiceKey[] = ['ad-creative', 'analytics', 'generative'];
let session: ReferenceSession;

beforeAll(async () => {
  session = await startReference(SERVICES);
});
afterAll(async () => {
  await session?.stop();
});

describe('fuzz: schema-derived invalid requests', () => {
  it('are reproducible: the same seed gives the same requests', () => {
    const spec = loadSpec('analytics');
    const profile = fuzzService('analytics', session.fixtures);
    const a = generateRequests(spec, operationsOf(spec), profile, 50, SEED).map(describeRequest);
    const b = generateRequests(spec, operationsOf(spec), profile, 50, SEED).map(describeRequest);
    const c = generateRequests(spec, operationsOf(spec), profile, 50, SEED + 1).map(describeRequest);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  for (const key of SERVICES) {
    it(`${key}: 1,000 requests, no 5xx, all refusals in the service's shape and documented, alive and unchanged`, async () => {
      const result = await runFuzz({ service: fuzzService(key, session.fixtures), baseUrl: session.endpoints[key]!.baseUrl, count: 1000, seed: SEED });
      const report = formatResult(result);
      expect(result.violations.map((v) => `${v.problem}: ${describeRequest(v.request)} -> ${v.answer}`), report).toEqual([]);
      expect(result.alive, report).toBe(true);
      // Every mutation kind was sent, and most requests were refused (the sample is not all accepted noise).
      expect(result.byMutation.size, report).toBe(14);
      const refused = [...result.distribution.entries()].filter(([k]) => !k.includes('accepted')).reduce((n, [, c]) => n + c, 0);
      expect(refused, report).toBeGreaterThanOrEqual(950);
      expect(result.stateUnchanged === true || result.acceptedWrites.length > 0, report).toBe(true);
    }, 120_000);
  }
});
