// Before any test: does each service's base URL answer at all? Any HTTP answer counts (a 404 at the base is
// fine); a refused connection, a reset or no answer within the time limit does not. A run against a target
// that does not answer stops with one line instead of judging every rule on errors.
import type { ServiceKey } from '../harness/services.js';
import type { ServiceEndpoint } from './target.js';

export interface Unreachable {
  service: ServiceKey;
  baseUrl: string;
  reason: string;
}

/** Each service whose base URL gave no HTTP answer within `timeoutMs`. */
export async function unreachableServices(
  endpoints: Partial<Record<ServiceKey, ServiceEndpoint>>,
  timeoutMs = 10_000,
): Promise<Unreachable[]> {
  const checks = Object.entries(endpoints).map(async ([service, endpoint]) => {
    try {
      const answer = await fetch(endpoint!.baseUrl, { signal: AbortSignal.timeout(timeoutMs) });
      await answer.body?.cancel();
      return undefined;
    } catch (error) {
      const e = error as Error & { cause?: { code?: string; message?: string } };
      const reason =
        e.name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : (e.cause?.code ?? e.cause?.message ?? e.message);
      return { service: service as ServiceKey, baseUrl: endpoint!.baseUrl, reason };
    }
  });
  return (await Promise.all(checks)).filter((u): u is Unreachable => u !== undefined);
}

export function unreachableMessage(unreachable: readonly Unreachable[]): string {
  return `the target does not answer: ${unreachable.map((u) => `${u.service} at ${u.baseUrl} (${u.reason})`).join('; ')}; no test was run`;
}
