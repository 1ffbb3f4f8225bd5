// The seam every target implements: something that starts, gives base URLs and credentials, and stops.
import type { ServiceKey } from '../../generator/services.js';
import type { Fixtures } from './fixtures.js';

export type TargetKind =
  /** A stateless mock: rules that need stored state are not applicable to it. */
  | 'mock'
  /** A real implementation that keeps state: every rule applies. */
  | 'stateful';

export interface ServiceEndpoint {
  baseUrl: string;
  /** Base address of media uploads (generative service); the base URL when the target has one host. */
  uploadUrl: string;
}

export interface TargetSession {
  name: string;
  kind: TargetKind;
  endpoints: Partial<Record<ServiceKey, ServiceEndpoint>>;
  fixtures: Fixtures;
  stop(): Promise<void>;
}

export interface Target {
  name: string;
  kind: TargetKind;
  start(services: readonly ServiceKey[]): Promise<TargetSession>;
}
