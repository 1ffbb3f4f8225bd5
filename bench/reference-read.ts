// Read mix: the reference beside a bare node:http server answering the same bytes and beside Prism on the
// same specs. Four operations at once (get a creative with fields, list groups, a two-dimension report,
// get a file), requests built from the default fixtures, the connections split among them.
import { DEFAULT_FIXTURES } from '../contracts/targets/fixtures.js';
import type { CapturedAnswer } from './reference-bare-server.js';
import { runMix, type LoadRequest, type MixPart, type MixResult } from './reference-load.js';
import {
  benchSeedFile,
  startBareProcess,
  startPrismProcesses,
  startReferenceProcess,
  type BenchServiceKey,
  type RunningServers,
} from './reference-servers.js';

const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 1);
const SERVICES: BenchServiceKey[] = ['ad-creative', 'analytics', 'generative'];

interface ReadOperation {
  label: string;
  service: BenchServiceKey;
  request: LoadRequest;
}

/** The seeded creative the default fixtures' token may read (seed.default.yaml, ad-creative creatives). */
const SEEDED_CREATIVE_ID = '120330000008134415';
/** The seeded file of the default project (seed.default.yaml, generative files). */
const SEEDED_FILE = 'files/abc-123';

export function readOperations(): ReadOperation[] {
  const adc = DEFAULT_FIXTURES['ad-creative'];
  const ana = DEFAULT_FIXTURES.analytics;
  const gen = DEFAULT_FIXTURES.generative;
  const month = ana.reportMonth ?? '2024-01';
  const bearer = { authorization: `Bearer ${ana.accessToken}` };
  return [
    {
      label: 'get creative (fields)',
      service: 'ad-creative',
      request: {
        method: 'GET',
        path: `/${adc.apiVersion}/${SEEDED_CREATIVE_ID}?fields=id,name,object_type,object_story_spec&access_token=${adc.accessToken}`,
      },
    },
    {
      label: 'list groups',
      service: 'analytics',
      request: { method: 'GET', path: '/v2/groups?mine=true', headers: bearer },
    },
    {
      label: 'report, 2 dimensions',
      service: 'analytics',
      request: {
        method: 'GET',
        path: `/v2/reports?ids=channel%3D%3DMINE&startDate=${month}-01&endDate=${month}-31&metrics=views&dimensions=day,insightTrafficSourceType`,
        headers: bearer,
      },
    },
    {
      label: 'get file',
      service: 'generative',
      request: { method: 'GET', path: `/v1beta/${SEEDED_FILE}`, headers: { 'x-goog-api-key': gen.apiKey } },
    },
  ];
}

function parts(ops: ReadOperation[], servers: RunningServers): MixPart[] {
  return ops.map((op) => ({ label: op.label, baseUrl: servers.baseUrls[op.service]!, requests: [op.request] }));
}

/** The reference's answers, to serve from the bare server; every one must be a 200 or the bench is wrong. */
async function capture(ops: ReadOperation[], servers: RunningServers): Promise<Map<ReadOperation, CapturedAnswer>> {
  const answers = new Map<ReadOperation, CapturedAnswer>();
  for (const op of ops) {
    const response = await fetch(servers.baseUrls[op.service]! + op.request.path, { headers: op.request.headers });
    const body = await response.text();
    if (response.status !== 200)
      throw new Error(`${op.label}: the reference answered ${response.status} ${body.slice(0, 300)}`);
    answers.set(op, {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body,
    });
  }
  return answers;
}

async function measure(name: string, ops: ReadOperation[], servers: RunningServers): Promise<MixResult> {
  if (WARMUP_SECONDS > 0) await runMix(parts(ops, servers), { duration: WARMUP_SECONDS });
  const cpuBefore = servers.cpuSeconds?.();
  const measured = await runMix(parts(ops, servers));
  const cpuAfter = servers.cpuSeconds?.();
  const result: MixResult = {
    ...measured,
    serverCpuMicrosPerRequest:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / measured.responses,
  };
  console.error(
    `  ${name}: ${result.requestsPerSecond.toFixed(0)} req/s, server CPU ${result.serverCpuMicrosPerRequest?.toFixed(0) ?? '-'} µs/request, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  return result;
}

export interface ReadBench {
  /** The reference: every answer computed (route, authenticate, validate, read, serialise). */
  reference: MixResult;
  bare: MixResult;
  prism?: MixResult;
  prismError?: string;
  /** The bytes of each answer (what the bare server sends), for the report. */
  answerBytes: Record<string, number>;
}

async function measureReference(
  name: string,
  ops: ReadOperation[],
  dir: string,
): Promise<{ result: MixResult; answers: Map<ReadOperation, CapturedAnswer> }> {
  const reference = await startReferenceProcess(SERVICES, benchSeedFile(dir));
  try {
    const answers = await capture(ops, reference);
    return { result: await measure(name, ops, reference), answers };
  } finally {
    await reference.stop();
  }
}

export async function readBench(dir: string): Promise<ReadBench> {
  const ops = readOperations();
  console.error('read mix: reference');
  const { result: referenceResult, answers } = await measureReference('reference', ops, dir);

  console.error('read mix: bare node:http');
  const plan = {
    services: SERVICES.map((key) => ({
      key,
      routes: Object.fromEntries(ops.filter((o) => o.service === key).map((o) => [o.request.path, answers.get(o)!])),
    })),
  };
  const bare = await startBareProcess(plan, dir);
  let bareResult: MixResult;
  try {
    bareResult = await measure('bare node:http', ops, bare);
  } finally {
    await bare.stop();
  }

  let prismResult: MixResult | undefined;
  let prismError: string | undefined;
  if (process.env.BENCH_PRISM === '0') prismError = 'skipped (BENCH_PRISM=0)';
  else
    try {
      console.error('read mix: Prism (slow to start)');
      const prism = await startPrismProcesses(SERVICES);
      try {
        prismResult = await measure('Prism', ops, prism);
      } finally {
        await prism.stop();
      }
    } catch (error) {
      prismError = (error as Error).message.split('\n')[0];
      console.error(`  Prism: ${prismError}`);
    }
  return {
    reference: referenceResult,
    bare: bareResult,
    prism: prismResult,
    prismError,
    answerBytes: Object.fromEntries(ops.map((o) => [o.label, Buffer.byteLength(answers.get(o)!.body)])),
  };
}
