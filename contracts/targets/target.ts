// The seam every target implements: something that starts, gives base URLs and credentials, and stops.
import type { ServiceKey } from '../harness/services.js';
import type { Fixtures } from './fixtures.js';

export type TargetKind =
  /** A third-party stateless mock (Prism): rules that need stored state are not applicable; what it cannot show is a mock limitation. */
  | 'mock'
  /**
   * This project's generated server stubs with handlers answering the spec's examples: stateless like a mock,
   * but judged strictly: a wrong answer of the generated servers (validation, error shape, code) is a FAIL.
   */
  | 'stub'
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
  /** The target's config opts in to rate-limit bursts (config key `allowBursts`). */
  allowBursts?: boolean;
  /**
   * The channel on which the target posts change signals of its background work (./change-signals.ts): tests wait
   * on them. Each started target has its own, so targets started side by side never hear each other's.
   */
  changeSignals?: string;
  stop(): Promise<void>;
}

export interface Target {
  name: string;
  kind: TargetKind;
  start(services: readonly ServiceKey[]): Promise<TargetSession>;
}
