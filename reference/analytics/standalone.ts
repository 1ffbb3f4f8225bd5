// The analytics reference alone, through the foundation's startReference (tests and the local mutation loop):
// `tsx reference/analytics/standalone.ts [--port N] [--seed FILE] [--defects JSON]` prints the base URL.
import type http from 'node:http';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED_FILE } from '../foundation/seed.js';
import { startReference } from '../index.js';

export { DEFAULT_SEED_FILE };

export interface StandaloneAnalytics {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startStandaloneAnalytics(options: { seedFile?: string; defects?: Record<string, unknown>; port?: number; wrap?: (l: http.RequestListener) => http.RequestListener } = {}): Promise<StandaloneAnalytics> {
  const session = await startReference(['analytics'], {
    seedFile: options.seedFile,
    port: options.port,
    defects: options.defects ? { analytics: options.defects } : undefined,
    wrap: options.wrap ? { analytics: options.wrap } : undefined,
  });
  return { baseUrl: session.endpoints.analytics!.baseUrl, close: () => session.stop() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, seed: { type: 'string' }, defects: { type: 'string' } } });
  const running = await startStandaloneAnalytics({
    port: values.port ? Number(values.port) : undefined,
    seedFile: values.seed,
    defects: values.defects ? (JSON.parse(values.defects) as Record<string, unknown>) : undefined,
  });
  console.log(running.baseUrl);
}
