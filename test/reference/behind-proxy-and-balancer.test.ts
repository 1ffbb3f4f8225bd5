// The reference as deployments run it, with no option for what stands in front: the contract suite's rules that
// carry the service's own address (file URIs sent back, upload session URLs, thumbnail and paging links) and
// those that read one instance's writes through another pass through
//   - a reverse proxy that rewrites the service's address to its own in answers (test/support/rewriting-proxy.ts),
//     whose address the client then sends back (a file's uri in generateContent);
//   - a round-robin balancer over three `serve all --database` instances on one PostgreSQL, started without
//     --public-url (consecutive requests of a rule land on different instances).
// The rule selection keeps each run short: GEN-FILE (file URIs), ADC-READ (thumbnail URLs, ADC-READ-2 compares
// two of them), ANA-GROUP (groups written and read across instances). The whole suites through both were run by
// hand (docs/shared-sandbox.md gives the figures).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEFAULT_SEED_FILE } from '../../reference/foundation/seed.js';
import { startReference, type ReferenceSession, type ServiceKey } from '../../reference/index.js';
import { ownFixturesConfig, runSuite, type SuiteRun } from '../support/contract-run.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { startInstance, stopInstance, type Instance } from '../support/reference-instances.js';
import { startRewritingProxy, type RewritingProxy } from '../support/rewriting-proxy.js';
import { startBalancer, type Balancer } from '../support/round-robin-balancer.js';

const SELECTION: Array<[ServiceKey, string]> = [
  ['generative', 'GEN-FILE'],
  ['ad-creative', 'ADC-READ'],
  ['analytics', 'ANA-GROUP'],
];

/** The selection's runs, one after another, against each service's front address; the verdicts that did not pass. */
async function runSelection(front: (key: ServiceKey) => string, label: string): Promise<string[]> {
  const runs: SuiteRun[] = [];
  for (const [key, rule] of SELECTION)
    runs.push(
      await runSuite(
        ['--target', front(key), '--service', key, '--rule', rule, '--strict', ...ownFixturesConfig()],
        `${key} ${label}`,
      ),
    );
  for (const run of runs) expect(run.verdicts.length).toBeGreaterThan(0);
  return runs.flatMap((run) =>
    run.verdicts
      .filter((v) => v.verdict !== 'pass' && v.verdict !== 'not-applicable')
      .map((v) => `${v.ruleId} ${v.verdict}: ${v.tests.map((t) => t.detail).join(' | ')}`),
  );
}

describe.skipIf(process.env.ONLY_BALANCER === '1')(
  'behind a reverse proxy that rewrites the service address in answers',
  () => {
    let session: ReferenceSession;
    const proxies = {} as Record<ServiceKey, RewritingProxy>;

    beforeAll(async () => {
      session = await startReference(SELECTION.map(([key]) => key));
      for (const [key] of SELECTION) proxies[key] = await startRewritingProxy(session.endpoints[key]!.baseUrl);
    }, 120_000);
    afterAll(async () => {
      for (const proxy of Object.values(proxies)) await proxy.stop();
      await session?.stop();
    });

    it('the selected rules pass strict, and the proxy did rewrite addresses', async () => {
      expect(await runSelection((key) => proxies[key].url, 'through a rewriting proxy')).toEqual([]);
      expect(proxies.generative.rewritten).toBeGreaterThan(0);
      expect(proxies['ad-creative'].rewritten).toBeGreaterThan(0);
    }, 900_000);
  },
);

const unavailable = postgresUnavailable();
if (unavailable)
  console.warn(`\n*** SKIPPED: the suite through a balancer over PostgreSQL instances: ${unavailable} ***\n`);

/**
 * The default seed with videos processed in 5 s instead of 1: GEN-FILE-STATE-4 names a video while it is
 * PROCESSING, which takes longer than 1 s on a machine busy with three instances and PostgreSQL.
 */
function seedFile(dir: string): string {
  const seed = parse(fs.readFileSync(DEFAULT_SEED_FILE, 'utf8'));
  seed.generative.limits.videoProcessingMs = 5000;
  const file = path.join(dir, 'seed.yaml');
  fs.writeFileSync(file, stringify(seed));
  return file;
}

describe.skipIf(unavailable)(
  'through a round-robin balancer over three instances on one PostgreSQL, no --public-url',
  () => {
    let postgres: PostgresServer;
    let dir: string;
    const instances: Instance[] = [];
    const balancers = {} as Record<ServiceKey, Balancer>;

    beforeAll(async () => {
      postgres = await startPostgres();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'behind-balancer-'));
      const args = [
        '--database',
        await postgres.createDatabase(),
        '--files',
        path.join(dir, 'files'),
        '--seed',
        seedFile(dir),
      ];
      instances.push(...(await Promise.all([0, 1, 2].map(() => startInstance(args)))));
      for (const [key] of SELECTION) balancers[key] = await startBalancer(instances.map((i) => i.urls[key]));
    }, 600_000);
    afterAll(async () => {
      for (const balancer of Object.values(balancers)) await balancer.stop();
      await Promise.all(instances.map((i) => stopInstance(i)));
      await postgres?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('the selected rules pass strict, their requests spread over every instance', async () => {
      expect(await runSelection((key) => balancers[key].url, 'through a balancer')).toEqual([]);
      for (const [key] of SELECTION) expect(balancers[key].served.every((n) => n > 0)).toBe(true);
    }, 900_000);
  },
);
