// Write mix with --data (durable: WAL; an answer leaves once an fsync covers its commit, group commit): ad creative creates with distinct names and
// links, and analytics group inserts with distinct titles, at the same time; creates/s and p99.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_FIXTURES } from '../contracts/targets/fixtures.js';
import { runMix, type LoadRequest, type MixPart, type MixResult } from './reference-load.js';
import { benchSeedFile, startReferenceProcess } from './reference-servers.js';

/** A request whose JSON body is rebuilt per call with a fresh number, so every create is distinct. */
function distinct(request: LoadRequest, body: (n: number) => unknown): LoadRequest {
  let n = 0;
  return { ...request, setupRequest: (r) => ({ ...r, body: JSON.stringify(body(++n)) }) };
}

export function writeParts(baseUrls: Record<string, string>, runTag: string): MixPart[] {
  const adc = DEFAULT_FIXTURES['ad-creative'];
  const ana = DEFAULT_FIXTURES.analytics;
  const json = { 'content-type': 'application/json' };
  return [
    {
      label: 'ad creative create',
      baseUrl: baseUrls['ad-creative']!,
      requests: [
        distinct(
          {
            method: 'POST',
            path: `/${adc.apiVersion}/act_${adc.adAccountId}/adcreatives?access_token=${adc.accessToken}`,
            headers: json,
          },
          (n) => ({
            name: `Bench ${runTag} ${n}`,
            object_story_spec: {
              page_id: adc.pageId,
              link_data: {
                link: `https://shop.example/bench-${runTag}-${n}`,
                message: 'Bench sale',
                call_to_action: { type: 'SHOP_NOW', value: { link: `https://shop.example/bench-${runTag}-${n}` } },
              },
            },
          }),
        ),
      ],
    },
    {
      label: 'analytics group insert',
      baseUrl: baseUrls.analytics!,
      requests: [
        distinct(
          { method: 'POST', path: '/v2/groups', headers: { ...json, authorization: `Bearer ${ana.accessToken}` } },
          (n) => ({
            snippet: { title: `Bench ${runTag} ${n}` },
            contentDetails: { itemType: 'platform#video' },
          }),
        ),
      ],
    },
  ];
}

export async function writeBench(dir: string): Promise<MixResult & { dataDir: string }> {
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  console.error(`write mix: reference --data ${dataDir}`);
  const reference = await startReferenceProcess(['ad-creative', 'analytics'], benchSeedFile(dir), dataDir);
  try {
    const cpuBefore = reference.cpuSeconds?.();
    const measured = await runMix(writeParts(reference.baseUrls as Record<string, string>, Date.now().toString(36)));
    const cpuAfter = reference.cpuSeconds?.();
    const result: MixResult = {
      ...measured,
      serverCpuMicrosPerRequest:
        cpuBefore === undefined || cpuAfter === undefined
          ? undefined
          : ((cpuAfter - cpuBefore) * 1e6) / measured.responses,
    };
    console.error(
      `  writes: ${result.requestsPerSecond.toFixed(0)} creates/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    return { ...result, dataDir };
  } finally {
    await reference.stop();
  }
}
