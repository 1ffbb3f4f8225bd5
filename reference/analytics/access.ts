// Who may do what with the service's scopes: the check after authentication, and the monetary metrics' own
// scope. One object, so one of the service's seams (seams.ts) rather than
// spreading scope tests over the handlers.
import { SCOPES, SERVICE_SCOPES } from './catalogue.js';

export interface AccessPolicy {
  /** Whether a token with these scopes may call the operation. */
  mayCall(operationId: string, scopes: ReadonlySet<string>): boolean;
  /** Whether a token with these scopes may read revenue and ad performance metrics. */
  mayReadMonetary(scopes: ReadonlySet<string>): boolean;
}

/** The public service's policy: any of its four scopes for every operation; the monetary scope for revenue. */
export const ACCESS_POLICY: AccessPolicy = {
  mayCall: (_operationId, scopes) => SERVICE_SCOPES.some((s) => scopes.has(s)),
  mayReadMonetary: (scopes) => scopes.has(SCOPES.monetary),
};
