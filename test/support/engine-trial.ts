// The engine run as its tests run it: one set of limits (no credentials, seed 1, a minute, 10 s a request, a MiB an
// answer, not a mock) that a test overrides only where that is what it is about, and a stand-in server (a request
// listener on a loopback port) that lives for the one run.
import type http from 'node:http';
import { engineModel } from '../../contracts/engine/engine-model.js';
import { type EngineOptions, type EngineResult, runEngine } from '../../contracts/engine/run.js';
import { listenLocal } from '../../contracts/targets/listen-local.js';
import type { ServiceModel } from '../../generator/model/index.js';

/** What a trial does not say: the checks it is about are the one thing each must name. */
export type TrialOptions = Pick<EngineOptions, 'checks'> & Partial<Omit<EngineOptions, 'model' | 'baseUrl'>>;

/** runEngine against a target already running, with the trial limits. */
export function engineRun(model: ServiceModel, baseUrl: string, options: TrialOptions): Promise<EngineResult> {
  return runEngine({
    model,
    baseUrl,
    settings: { apiKeys: {}, headers: {}, values: {}, seed: 1 },
    maxRequests: 100,
    deadlineMs: 60_000,
    limits: { timeoutMs: 10_000, maxAnswerBytes: 1 << 20 },
    mock: false,
    ...options,
  });
}

/** The engine run on `document` (its model keyed `key`) against `listener`, served for this run only. */
export async function engineAgainst(
  key: string,
  document: object,
  listener: http.RequestListener,
  options: TrialOptions,
): Promise<EngineResult> {
  const model = engineModel(key, structuredClone(document) as never);
  const server = await listenLocal(listener);
  try {
    return await engineRun(model, server.baseUrl, options);
  } finally {
    await server.close();
  }
}

/** Writes the 422 Prism answers a request it refuses with, naming what it found (a stand-in for Prism's reading). */
export function prismRefusal(res: http.ServerResponse, validation: object[]): void {
  res.writeHead(422, { 'content-type': 'application/problem+json' }).end(
    JSON.stringify({
      type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
      title: 'Invalid request',
      status: 422,
      validation,
    }),
  );
}
