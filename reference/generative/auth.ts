// API keys and the rate limit. A key belongs to a project (seeded); a missing key is PERMISSION_DENIED and an
// unknown one INVALID_ARGUMENT / API_KEY_INVALID, as the public service answers (public-service-notes 3.5).
// Rate limit: per project and operation, a burst of more than the project's rateLimitBurst calls, each within
// rateLimitGapMs of the previous, answers 429 RESOURCE_EXHAUSTED until the caller pauses for that gap.
// The bursts are counted by a BurstCounter: in memory on SQLite, in the shared database with --database.
import type { IncomingMessage } from 'node:http';
import { generativeErrorStyle, statusError, type HandlerInput } from '../../generated/generative/server.js';
import { invalidRequest } from '../../generated/generative/runtime/server/index.js';
import { unstorableTextAt, unstorableViolation } from '../foundation/storable-text.js';
import type { GenerativeStore, ProjectRecord } from './store.js';

export const MISSING_KEY_MESSAGE =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";

export function missingKey() {
  return statusError('PERMISSION_DENIED', MISSING_KEY_MESSAGE);
}

/** Where the calls of each burst are counted. */
export interface BurstCounter {
  /**
   * Counts a call of `key` at `now` and answers how many calls its burst holds, this one included; a call
   * `gapMs` or more after the previous one starts a new burst. Atomic per key.
   */
  hit(key: string, now: number, gapMs: number): number | Promise<number>;
}

/** The bursts in this process's memory. */
export class MemoryBursts implements BurstCounter {
  private readonly bursts = new Map<string, { count: number; last: number }>();

  hit(key: string, now: number, gapMs: number): number {
    const burst = this.bursts.get(key) ?? { count: 0, last: 0 };
    // A pause ends the burst; refused calls keep it going (the caller has to back off).
    if (now - burst.last >= gapMs) burst.count = 0;
    burst.last = now;
    burst.count += 1;
    this.bursts.set(key, burst);
    return burst.count;
  }
}

export class Authenticator {
  private readonly projects = new WeakMap<IncomingMessage, ProjectRecord>();

  constructor(
    private readonly store: GenerativeStore,
    private readonly clock: () => number,
    private readonly gapMs: number,
    private readonly bursts: BurstCounter = new MemoryBursts(),
  ) {}

  authenticate = async (input: HandlerInput): Promise<void> => {
    const unstorable = unstorableTextAt(input);
    if (unstorable) throw invalidRequest(generativeErrorStyle, 'Invalid parameter', [unstorableViolation(unstorable)]);
    const key = input.credentials.apiKey;
    if (!key) throw missingKey();
    const project = await this.store.projectOfKey(key);
    if (!project) {
      throw statusError('INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', {
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generative' },
          },
        ],
      });
    }
    await this.limit(project, input.operationId);
    this.projects.set(input.request, project);
  };

  private async limit(project: ProjectRecord, operationId: string): Promise<void> {
    const count = await this.bursts.hit(`${project.id} ${operationId}`, this.clock(), this.gapMs);
    if (count > project.rateLimitBurst) {
      throw statusError(
        'RESOURCE_EXHAUSTED',
        `Resource has been exhausted: more than ${project.rateLimitBurst} ${operationId} requests in a burst; pause and retry.`,
      );
    }
  }

  /** The project the request's key belongs to (set by authenticate). */
  projectOf(request: IncomingMessage): ProjectRecord {
    const project = this.projects.get(request);
    if (!project) throw new Error('request was not authenticated');
    return project;
  }
}
