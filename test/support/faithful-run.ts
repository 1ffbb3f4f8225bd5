// The engine run against the package generated from a small document, served with handlers that answer what the
// document allows (bench/faithful-handlers.ts): what `bench/engine-directory.ts --target generated` does for one
// public document, for a document a test writes. Every FAIL it returns is the generated server's or the engine's.
import { faithfulHandlers } from '../../bench/faithful-handlers.js';
import { CHECK_IDS } from '../../contracts/engine/checks.js';
import { engineModel } from '../../contracts/engine/engine-model.js';
import type { CheckOutcome } from '../../contracts/engine/run.js';
import { DocumentSchemas } from '../../contracts/engine/schemas.js';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import { engineRun } from './engine-trial.js';
import { inlinePackage } from './inline-package.js';

export async function faithfulRun(key: string, document: object, seed = 1): Promise<CheckOutcome[]> {
  const pkg = await inlinePackage(key, document);
  const model = engineModel(key, structuredClone(document) as never);
  const create = Object.entries(pkg.server).find(([k]) => /^create\w*Server$/.test(k))![1] as (
    h: unknown,
    o: unknown,
  ) => import('node:http').RequestListener;
  const running = await listenLocal(
    create(faithfulHandlers(model, new DocumentSchemas(model.document), seed), { logger: false }),
  );
  try {
    const result = await engineRun(model, running.baseUrl, {
      settings: { bearer: 'trial-token', apiKeys: { '*': 'trial-key' }, headers: {}, values: {}, seed },
      checks: CHECK_IDS,
      maxRequests: 400,
      deadlineMs: 120_000,
      limits: { timeoutMs: 15_000, maxAnswerBytes: 1 << 20 },
    });
    return result.outcomes;
  } finally {
    await running.close();
    pkg.remove();
  }
}

/** The FAILs and errors of a run, one line each. */
export const failures = (outcomes: CheckOutcome[]) =>
  outcomes
    .filter((o) => o.verdict === 'FAIL' || o.verdict === 'error')
    .map((o) => `${o.check} ${o.operation}: ${o.message}`);
