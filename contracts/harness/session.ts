// What the global setup hands every contract test file: the running target's addresses and fixtures.
import { inject } from 'vitest';
import type { ServiceKey } from '../../generator/services.js';
import type { Fixtures } from '../targets/fixtures.js';
import type { ServiceEndpoint, TargetKind } from '../targets/target.js';

export interface SessionInfo {
  name: string;
  kind: TargetKind;
  endpoints: Partial<Record<ServiceKey, ServiceEndpoint>>;
  fixtures: Fixtures;
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractSession: SessionInfo;
  }
}

export function session(): SessionInfo {
  return inject('contractSession');
}
