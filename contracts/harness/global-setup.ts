// Starts the target once for the whole contract run and stops it afterwards.
import type { TestProject } from 'vitest/node';
import { SERVICE_KEYS, isServiceKey, type ServiceKey } from '../../generator/services.js';
import { resolveTarget } from '../targets/resolve.js';
import type { TargetSession } from '../targets/target.js';
import './session.js';

let running: TargetSession | undefined;

export async function setup(project: TestProject): Promise<void> {
  const services: ServiceKey[] = (process.env.CONTRACT_SERVICES ?? SERVICE_KEYS.join(','))
    .split(',')
    .filter(isServiceKey);
  const target = resolveTarget(process.env.CONTRACT_TARGET, process.env.CONTRACT_CONFIG);
  running = await target.start(services);
  project.provide('contractSession', {
    name: running.name,
    kind: running.kind,
    endpoints: running.endpoints,
    fixtures: running.fixtures,
    strict: process.env.CONTRACT_STRICT === '1',
    allowBursts: process.env.CONTRACT_ALLOW_BURSTS === '1',
    ownTarget: ['reference', 'stubs', 'prism'].includes(running.name),
  });
}

export async function teardown(): Promise<void> {
  await running?.stop();
}
