// Runs a fuzz batch against a running service and judges every answer: no 5xx, every refusal in the service's
// own error shape with a status the operation documents (the router's answer (Graph 400 #100/33; Status 404/405) for paths and methods the spec does not
// have), the service alive afterwards, and what it stores unchanged when every write was refused.
import http from 'node:http';
import { generateRequests, type FuzzRequest } from './requests.js';
import { send, type Answer } from './send.js';
import { shapeProblem, type FuzzService } from './services.js';
import { generatedSpec } from '../../generator/model/index.js';
import { fuzzOperations } from './spec.js';

export interface Violation {
  request: FuzzRequest;
  status?: number;
  problem: string;
  answer?: string;
}

export interface FuzzResult {
  service: string;
  seed: number;
  count: number;
  /** "status code" (e.g. "400 INVALID_ARGUMENT", "400 #100", "200 accepted") -> answers. */
  distribution: Map<string, number>;
  /** Mutation -> answers, for the report. */
  byMutation: Map<string, number>;
  violations: Violation[];
  /** Writes the service accepted (2xx): the stored-state comparison does not apply to a batch with any. */
  acceptedWrites: FuzzRequest[];
  alive: boolean;
  stateUnchanged: boolean | 'not-compared';
  elapsedMs: number;
}

/**
 * The service's stored reads: whether each answered 200, their text, and whether one was refused for its rate
 * (HTTP 429, or an error code of the spec's `x-throttle-codes`).
 */
async function readState(
  service: FuzzService,
  baseUrl: string,
  agent: http.Agent,
  throttleCodes: readonly number[] = [],
): Promise<{ ok: boolean; text: string; throttled: boolean }> {
  const parts: string[] = [];
  let ok = true;
  let throttled = false;
  for (const read of service.stateReads) {
    const answer = await send(baseUrl, { method: 'GET', target: read.target, headers: read.headers }, agent);
    if (answer.status !== 200) ok = false;
    if (answer.status === 429 || throttleCodes.includes(errorCodeOf(answer.text) ?? Number.NaN)) throttled = true;
    parts.push(`${answer.status} ${answer.text}`);
  }
  return { ok, text: parts.join('\n'), throttled };
}

function errorCodeOf(text: string): number | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pause a caller makes after a rate-limit refusal before it tries again (the reference's burst gap is one
 * second). A real wait, since the service's own window is the subject; taken only when a closing read met it.
 */
const RATE_LIMIT_PAUSE_MS = 1_100;

function label(service: FuzzService, answer: Answer): string {
  if (answer.status < 300) return `${answer.status} accepted`;
  try {
    const error = (JSON.parse(answer.text) as { error?: Record<string, unknown> }).error ?? {};
    if (service.errorStyle === 'graph')
      return `${answer.status} #${String(error.code)}${error.error_subcode !== undefined ? `/${String(error.error_subcode)}` : ''}`;
    return `${answer.status} ${String(error.status)}`;
  } catch {
    return `${answer.status} (not JSON)`;
  }
}

function judge(service: FuzzService, request: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (request.mustNotEcho) {
    const all = `${JSON.stringify(answer.headers)}\n${answer.text}`;
    if (all.includes(request.mustNotEcho) || all.includes(JSON.stringify(request.mustNotEcho).slice(1, -1)))
      return 'the crafted Host header reached the answer';
  }
  if (answer.status < 300) return request.mustRefuse ? `accepted (${answer.status}) what must be refused` : undefined;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'answer is not JSON';
  }
  const shape = shapeProblem(service.errorStyle, answer.status, body);
  if (shape) return `not the ${service.errorStyle} error shape: ${shape}`;
  if (!request.allowed.includes(answer.status))
    return `status ${answer.status} is not documented (${request.allowed.join(', ')})`;
  return undefined;
}

export async function runFuzz(options: {
  service: FuzzService;
  baseUrl: string;
  count: number;
  seed: number;
  concurrency?: number;
}): Promise<FuzzResult> {
  const { service, baseUrl, count, seed } = options;
  const spec = generatedSpec(service.key);
  const requests = generateRequests(spec.document, fuzzOperations(spec), service, count, seed);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 8 });
  const started = Date.now();
  const result: FuzzResult = {
    service: service.key,
    seed,
    count,
    distribution: new Map(),
    byMutation: new Map(),
    violations: [],
    acceptedWrites: [],
    alive: false,
    stateUnchanged: 'not-compared',
    elapsedMs: 0,
  };
  try {
    const before = await readState(service, baseUrl, agent);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        result.byMutation.set(request.mutation, (result.byMutation.get(request.mutation) ?? 0) + 1);
        let answer: Answer;
        try {
          answer = await send(baseUrl, request, agent);
        } catch (error) {
          result.violations.push({ request, problem: `no answer: ${(error as Error).message}` });
          continue;
        }
        const key = label(service, answer);
        result.distribution.set(key, (result.distribution.get(key) ?? 0) + 1);
        if (answer.status < 300 && request.write) result.acceptedWrites.push(request);
        const problem = judge(service, request, answer);
        if (problem)
          result.violations.push({ request, status: answer.status, problem, answer: answer.text.slice(0, 400) });
        // What an accepted write stored must read back: every list read still answers 200 after it.
        if (answer.status < 300 && request.write) {
          const reads = await readState(service, baseUrl, agent);
          if (!reads.ok)
            result.violations.push({
              request,
              status: answer.status,
              problem: 'a stored read broke after this write was accepted',
              answer: reads.text.slice(0, 400),
            });
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
    // The load may leave a rate-limit window full: a closing read refused for its rate is asked again after
    // the pause the limit asks for, not judged as the service's state.
    let after = await readState(service, baseUrl, agent, spec.model.throttleCodes);
    if (after.throttled) {
      await new Promise((r) => setTimeout(r, RATE_LIMIT_PAUSE_MS));
      after = await readState(service, baseUrl, agent, spec.model.throttleCodes);
    }
    result.alive = after.ok;
    if (before.ok && result.acceptedWrites.length === 0) result.stateUnchanged = before.text === after.text;
  } finally {
    agent.destroy();
    result.elapsedMs = Date.now() - started;
  }
  return result;
}

/** The request in a form a person can replay (and the seed/index that regenerate it). */
export function describeRequest(r: FuzzRequest): string {
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 40)}... (${v.length} chars)` : v}`)
    .join('; ');
  const body = r.body
    ? r.body.length > 200
      ? `${JSON.stringify(r.body.subarray(0, 200).toString('latin1'))}... (${r.body.length} bytes)`
      : JSON.stringify(r.body.toString('latin1'))
    : '(none)';
  return `#${r.index} ${r.mutation} [${r.detail}] auth=${r.auth} op=${r.operationId}\n    ${r.method} ${r.target.length > 300 ? `${r.target.slice(0, 300)}...` : r.target}\n    headers: ${headers}\n    body: ${body}`;
}

export function formatResult(result: FuzzResult): string {
  const lines: string[] = [];
  lines.push(
    `== ${result.service}: ${result.count} requests, seed ${result.seed}, ${(result.elapsedMs / 1000).toFixed(1)} s`,
  );
  lines.push('  answers (status x error):');
  for (const [k, n] of [...result.distribution.entries()].sort((a, b) => b[1] - a[1]))
    lines.push(`    ${String(n).padStart(6)}  ${k}`);
  lines.push(
    `  mutations: ${[...result.byMutation.entries()]
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  lines.push(
    `  alive afterwards: ${result.alive ? 'yes' : 'NO'}; stored state unchanged: ${result.stateUnchanged === 'not-compared' ? `not compared (${result.acceptedWrites.length} writes accepted)` : result.stateUnchanged ? 'yes' : 'NO'}`,
  );
  if (result.acceptedWrites.length) {
    lines.push(`  accepted writes (${result.acceptedWrites.length}; first 5):`);
    for (const r of result.acceptedWrites.slice(0, 5)) lines.push(`    ${describeRequest(r)}`);
  }
  lines.push(`  violations: ${result.violations.length}`);
  for (const v of result.violations.slice(0, 20))
    lines.push(
      `  - ${v.problem}${v.status ? ` (status ${v.status})` : ''}\n    ${describeRequest(v.request)}\n    answer: ${v.answer ?? ''}`,
    );
  if (result.violations.length > 20) lines.push(`  ... ${result.violations.length - 20} more`);
  return lines.join('\n');
}
