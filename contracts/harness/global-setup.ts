// Starts the target once for the whole contract run and stops it afterwards. A target that lacks required
// fixtures throws here, before any test sends a request.
import type { TestProject } from 'vitest/node';
import { SERVICE_KEYS, isServiceKey, type ServiceKey } from './services.js';
import { resolveTarget } from '../targets/resolve.js';
import type { TargetSession } from '../targets/target.js';
import { sessionInfoOf } from './session-info.js';
import './session.js';

let running: TargetSession | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The mutation gate runs its own targets and provides each session itself.
  if (process.env.CONTRACT_EXTERNAL_SESSION === '1') return;
  const services: ServiceKey[] = (process.env.CONTRACT_SERVICES ?? SERVICE_KEYS.join(','))
    .split(',')
    .filter(isServiceKey);
  const target = resolveTarget(process.env.CONTRACT_TARGET, process.env.CONTRACT_CONFIG);
  running = await target.start(services);
  project.provide('contractSession', sessionInfoOf(running, process.env));
}

export async function teardown(): Promise<void> {
  await running?.stop();
}
