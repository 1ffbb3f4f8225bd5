// Client benchmarks: the size of each generated client entry bundled for the browser (proof it needs no
// Node built-in) against openapi-fetch's, and of a program that imports one operation function, and the per-call overhead of a generated method against
// openapi-fetch on the same operation (analytics listGroups), both over the same in-memory fetch so that
// only the clients' own work is measured.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import createClient from 'openapi-fetch';
import { ROOT } from '../generator/model/index.js';
import { AnalyticsClient } from '../generated/analytics/client.js';
import type { paths } from '../generated/analytics/types.js';

export type Row = readonly [string, string];

async function bundleSize(entry: { file?: string; contents?: string }): Promise<{ bytes: number; gzip: number }> {
  const result = await build({
    ...(entry.file
      ? { entryPoints: [entry.file] }
      : { stdin: { contents: entry.contents!, resolveDir: ROOT, loader: 'ts' } }),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  return { bytes: code.byteLength, gzip: gzipSync(code).byteLength };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function clientSizes(services: readonly string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const service of services) {
    const size = await bundleSize({ file: path.join(ROOT, 'generated', service, 'client.ts') });
    rows.push([`${service} client entry (browser bundle, minified / gzip)`, `${kb(size.bytes)} / ${kb(size.gzip)}`]);
  }
  // The operation functions: a program that imports one operation and the core factory keeps only those.
  const one = await bundleSize({
    contents: `export { createAnalyticsCore, listGroups } from './generated/analytics/client.ts';`,
  });
  rows.push([
    'analytics, one operation (createAnalyticsCore + listGroups; minified / gzip)',
    `${kb(one.bytes)} / ${kb(one.gzip)}`,
  ]);
  const generate = await bundleSize({
    contents: `export { createGenerativeCore, generateContent } from './generated/generative/client.ts';`,
  });
  rows.push([
    'generative, one operation (createGenerativeCore + generateContent: no stream, upload or paging code)',
    `${kb(generate.bytes)} / ${kb(generate.gzip)}`,
  ]);
  const theirs = await bundleSize({ contents: `import createClient from 'openapi-fetch'; export { createClient };` });
  rows.push(['openapi-fetch (minified / gzip)', `${kb(theirs.bytes)} / ${kb(theirs.gzip)}`]);
  return rows;
}

const BODY = JSON.stringify({
  kind: 'youtubeAnalytics#groupListResponse',
  etag: 'e',
  items: [
    {
      kind: 'youtubeAnalytics#group',
      etag: 'g',
      id: 'g1',
      snippet: { title: 'Group', publishedAt: '2024-01-01T00:00:00Z' },
    },
  ],
});
const fakeFetch = (async () =>
  new Response(BODY, { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;

async function perCall(call: () => Promise<unknown>, calls: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return ((performance.now() - start) / calls) * 1000;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/**
 * Microseconds per call of each client, and the ratio ours / theirs: batches of the two alternate
 * (`pairs` per run, in alternating order), each pair gives a ratio, and the median of those ratios is the
 * figure; a shared noisy machine hits both sides of a pair alike.
 */
export async function callOverhead(
  runs: number,
  calls = 1_000,
  pairs = 10,
): Promise<{ ours: number; theirs: number; ratio: number }> {
  const ours = new AnalyticsClient({ baseUrl: 'http://api.test', bearerToken: 't', fetch: fakeFetch });
  const theirs = createClient<paths>({
    baseUrl: 'http://api.test',
    fetch: fakeFetch,
    headers: { authorization: 'Bearer t' },
  });
  const callOurs = () => ours.listGroups({ mine: true });
  const callTheirs = () => theirs.GET('/v2/groups', { params: { query: { mine: true } } });
  await perCall(callOurs, 2_000); // warm-up
  await perCall(callTheirs, 2_000);
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs * pairs; i++) {
    const first = i % 2 === 0;
    const x = first ? await perCall(callOurs, calls) : 0;
    const y = await perCall(callTheirs, calls);
    const x2 = first ? x : await perCall(callOurs, calls);
    a.push(x2);
    b.push(y);
    ratios.push(x2 / y);
  }
  return { ours: median(a), theirs: median(b), ratio: median(ratios) };
}
