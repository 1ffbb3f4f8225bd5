// Starts the target once for the whole contract run and stops it afterwards. A target that lacks required
// fixtures throws here, before any test sends a request.
import type { TestProject } from 'vitest/node';
import { SERVICE_KEYS } from './services.js';
import { servicesToStart } from './run-settings.js';
import { resolveTarget } from '../targets/resolve.js';
import type { TargetSession } from '../targets/target.js';
import { sessionInfoOf } from './session-info.js';
import './session.js';

let running: TargetSession | undefined;

export async function setup(project: TestProject): Promise<void> {
  const settings = project.getProvidedContext().contractRun ?? { services: [...SERVICE_KEYS] };
  // The mutation gate runs its own targets and provides each session itself.
  if (settings.externalSession) return;
  const target = resolveTarget(settings.target, settings.config);
  running = await target.start(servicesToStart(settings));
  project.provide('contractSession', sessionInfoOf(running, settings));
}

export async function teardown(): Promise<void> {
  await running?.stop();
}
