// The read and write mixes of reference-read.ts and reference-write.ts on PostgreSQL (serve --database) with one
// and with three instances, beside SQLite, in one run. PostgreSQL is a throwaway server
// (test/support/postgres-server.ts, Debian's binaries); the instances sit behind the tests' round-robin
// balancer (test/support/round-robin-balancer.ts), as do one instance and SQLite, so that all pay the same hop.
import fs from 'node:fs';
import path from 'node:path';
import { postgresUnavailable, startPostgres } from '../test/support/postgres-server.js';
import { startBalancer, type Balancer } from '../test/support/round-robin-balancer.js';
import { runMix, type MixPart, type MixResult } from './reference-load.js';
import { distinctRequests, readOperations } from './reference-read.js';
import {
  benchSeedFile,
  startReferenceProcess,
  type BenchServiceKey,
  type RunningServers,
} from './reference-servers.js';
import { writeParts } from './reference-write.js';

const SERVICES: BenchServiceKey[] = ['ad-creative', 'analytics', 'generative'];
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);

export interface SetupResult {
  setup: string;
  read: MixResult;
  write: MixResult;
}

export interface PostgresBench {
  /** Why PostgreSQL was not measured (no server binaries on this machine). */
  skipped?: string;
  setups: SetupResult[];
}

/** Servers (one process or several) with the base URLs the load goes to; CPU summed over the processes. */
interface Setup {
  baseUrls: Record<string, string>;
  cpuSeconds(): number | undefined;
  stop(): Promise<void>;
}

async function balanced(instances: RunningServers[]): Promise<Setup> {
  const balancers: Balancer[] = [];
  const baseUrls: Record<string, string> = {};
  for (const key of SERVICES) {
    const balancer = await startBalancer(
      instances.map((i) => i.baseUrls[key]!),
      { keepAlive: true },
    );
    balancers.push(balancer);
    baseUrls[key] = balancer.url;
  }
  return {
    baseUrls,
    cpuSeconds: () => {
      const each = instances.map((i) => i.cpuSeconds?.());
      return each.some((c) => c === undefined) ? undefined : each.reduce((a, b) => a! + b!, 0);
    },
    stop: async () => {
      for (const b of balancers) await b.stop();
      await Promise.all(instances.map((i) => i.stop()));
    },
  };
}

async function measure(name: string, setup: Setup, parts: MixPart[]): Promise<MixResult> {
  const cpuBefore = setup.cpuSeconds();
  const measured = await runMix(parts);
  const cpuAfter = setup.cpuSeconds();
  const result: MixResult = {
    ...measured,
    serverCpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / measured.responses,
  };
  console.error(
    `  ${name}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  return result;
}

async function both(name: string, setup: Setup): Promise<SetupResult> {
  try {
    const ops = readOperations();
    // One cursor per operation for the warm-up and the measurement: distinct reads throughout.
    const readParts = ops.map((op) => ({
      label: op.label,
      baseUrl: setup.baseUrls[op.service]!,
      requests: distinctRequests(op),
    }));
    if (WARMUP_SECONDS > 0) await runMix(readParts, { duration: WARMUP_SECONDS });
    const read = await measure(`${name}, read mix`, setup, readParts);
    const write = await measure(`${name}, write mix`, setup, writeParts(setup.baseUrls, Date.now().toString(36)));
    return { setup: name, read, write };
  } finally {
    await setup.stop();
  }
}

export async function postgresBench(dir: string): Promise<PostgresBench> {
  const unavailable = postgresUnavailable();
  if (unavailable) {
    console.error(`PostgreSQL mixes skipped: ${unavailable}`);
    return { skipped: unavailable, setups: [] };
  }
  const seed = benchSeedFile(dir);
  const setups: SetupResult[] = [];
  const sqliteData = path.join(dir, 'sqlite-data');
  fs.mkdirSync(sqliteData, { recursive: true });
  console.error('PostgreSQL beside SQLite: SQLite (--data)');
  setups.push(await both('SQLite --data', await balanced([await startReferenceProcess(SERVICES, seed, sqliteData)])));
  const postgres = await startPostgres();
  try {
    for (const count of [1, 3]) {
      const database = await postgres.createDatabase(`bench_${count}`);
      const args = ['--database', database, '--files', path.join(dir, `files-${count}`)];
      console.error(`PostgreSQL: ${count} instance(s) behind the balancer`);
      const instances: RunningServers[] = [];
      try {
        for (let i = 0; i < count; i += 1) instances.push(await startReferenceProcess(SERVICES, seed, undefined, args));
      } catch (error) {
        await Promise.all(instances.map((i) => i.stop()));
        throw error;
      }
      setups.push(await both(`PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`, await balanced(instances)));
    }
  } finally {
    await postgres.stop();
  }
  return { setups };
}
