// The conformance run of `spec-first test`: for each operation of the model, a valid request, its invalid
// variants, the same request without credentials, a method the path does not document, and a read after a
// delete; every answer judged by the document. Bounded by a request budget and a deadline; seeded, so a run is
// repeated exactly by its seed.
import {
  type OperationModel,
  operationObject,
  type ParameterModel,
  parameterObjects,
  resolveRef,
  type ServiceModel,
} from '../../generator/model/index.js';
import { bound, type Chain, chainsOf, chosenNames, nestedChains } from './chains.js';
import { ANSWER_CHECKS, type CheckId, CHECK_IDS } from './checks.js';
import { sourceOf } from './engine-model.js';
import { documentedResponse, judgeAnswer, judgeRefusal } from './judge.js';
import { sharedRequestLines } from './request-line.js';
import fc from 'fast-check';
import {
  allowsEmpty,
  ambiguous,
  assemble,
  authorise,
  invalidRequests,
  leavesOutChosen,
  place,
  type RequestSettings,
  sentByFetch,
  validRequest,
  writesNothing,
  writesNoPair,
} from './requests.js';
import {
  isPrismRefusal,
  prismAcceptsBroken,
  prismDeviation,
  prismTransportHeaders,
  prismError,
  prismRefusesAllowed,
} from './prism-deviations.js';
import { DocumentPointers, DocumentSchemas } from './schemas.js';
import { arbitraryFor, shrink } from './shrink.js';
import { type EngineAnswer, type EngineRequest, type Exchange, send, type TransportLimits } from './transport.js';

export type Verdict = 'pass' | 'FAIL' | 'error' | 'n/a';

export interface CheckOutcome {
  check: CheckId;
  /** `METHOD /path (operationId)`. */
  operation: string;
  verdict: Verdict;
  /** For FAIL and error, what went wrong; for n/a, why nothing was judged; for pass, how many answers. */
  message: string;
  /** The exchange a FAIL or error was judged on. */
  exchange?: Exchange;
}

export interface EngineOptions {
  model: ServiceModel;
  baseUrl: string;
  settings: RequestSettings;
  checks: CheckId[];
  maxRequests: number;
  deadlineMs: number;
  limits: TransportLimits;
  /**
   * The target is a mock (Prism): it keeps nothing between requests, so use_after_free cannot be judged, and its
   * refusals of requests the document does not allow are in its own shape, so they are judged by status only.
   */
  mock: boolean;
  /** Each exchange as it completes (progress, logs). */
  onExchange?: (exchange: Exchange) => void;
}

export interface EngineResult {
  outcomes: CheckOutcome[];
  requests: number;
  /** Answers by media type, to tell a target that is not this API at all. */
  answeredTypes: Map<string, number>;
  stoppedBy?: Stop;
  /**
   * What was not judged and why, one line each with how many answers it covers: a mock's known deviations from
   * the document (`mock`), the document contradicting itself (`document`), the target gone (`target`).
   */
  notes: Note[];
}

export interface Note {
  kind: 'mock' | 'document' | 'target';
  text: string;
  count: number;
}

/** Why a run stopped early: its budget, its deadline, or a target that no longer takes connections. */
export type Stop = 'max-requests' | 'deadline' | 'target-gone';

/** The outcome message of every check a target that stopped answering left unjudged; the report says it once. */
export const TARGET_GONE = 'not judged: the target stopped answering (see the note)';

class Budget {
  sent = 0;
  stoppedBy?: Stop;
  constructor(
    private readonly max: number,
    private readonly deadline: number,
  ) {}
  take(): boolean {
    if (this.stoppedBy) return false;
    if (this.sent >= this.max) this.stoppedBy = 'max-requests';
    else if (Date.now() >= this.deadline) this.stoppedBy = 'deadline';
    if (this.stoppedBy) return false;
    this.sent++;
    return true;
  }
  stop(reason: Stop) {
    this.stoppedBy ??= reason;
  }
}

/** The outcomes of one operation's checks, folded as answers come: any failure wins, then errors, then passes. */
class Ledger {
  private readonly rows = new Map<
    CheckId,
    { passes: number; fail?: CheckOutcome; error?: CheckOutcome; na?: string; deviation?: string }
  >();
  /** Why a check left without a row judged nothing: a request of this row got no answer. */
  private unanswered?: string;
  constructor(private readonly operation: string) {}
  private row(check: CheckId) {
    let row = this.rows.get(check);
    if (!row) this.rows.set(check, (row = { passes: 0 }));
    return row;
  }
  pass(check: CheckId) {
    this.row(check).passes++;
  }
  fail(check: CheckId, message: string, exchange: Exchange) {
    const row = this.row(check);
    row.fail ??= { check, operation: this.operation, verdict: 'FAIL', message, exchange };
  }
  error(check: CheckId, message: string, exchange?: Exchange) {
    const row = this.row(check);
    row.error ??= { check, operation: this.operation, verdict: 'error', message, exchange };
  }
  notApplicable(check: CheckId, reason: string) {
    this.row(check).na ??= reason;
  }
  /** A request got no answer (not_a_server_error's error): the checks that had only its answer judge nothing. */
  noAnswer(error: string) {
    this.unanswered ??= `a request got no answer (${error}): nothing to judge`;
  }
  /** An answer not judged: the mock's known deviation from the document, or the document's own contradiction. */
  notJudged(check: CheckId, reason: string) {
    this.row(check).deviation ??= reason;
  }
  /** A FAIL's request replaced by a smaller one that fails the same way. */
  shrunk(check: CheckId, exchange: Exchange, steps: number) {
    const row = this.row(check);
    if (!row.fail) return;
    row.fail = {
      ...row.fail,
      exchange,
      message: `${row.fail.message} (shrunk in ${steps} step(s) from the request first drawn)`,
    };
  }
  /** The checks something was recorded for. */
  touched(): CheckId[] {
    return [...this.rows.keys()];
  }
  outcomes(checks: CheckId[], stop?: string): CheckOutcome[] {
    return checks.map((check) => {
      const row = this.rows.get(check);
      if (row?.fail) return row.fail;
      if (row?.error) return row.error;
      if (row && row.passes > 0)
        return {
          check,
          operation: this.operation,
          verdict: 'pass',
          message: `${row.passes} answer(s) judged${row.deviation ? `; not judged: ${row.deviation}` : ''}`,
        };
      if (row?.deviation) return { check, operation: this.operation, verdict: 'n/a', message: row.deviation };
      if (stop && !row?.na)
        return {
          check,
          operation: this.operation,
          verdict: stop === 'max-requests' ? 'n/a' : 'error',
          message:
            stop === 'deadline'
              ? "not judged: the run's deadline passed"
              : stop === 'target-gone'
                ? TARGET_GONE
                : 'not judged: --max-requests reached',
        };
      return {
        check,
        operation: this.operation,
        verdict: 'n/a',
        message: row?.na ?? this.unanswered ?? 'nothing in the document to judge',
      };
    });
  }
}

/** Whether a path template (`/a/{id}`) takes a concrete path, as a router would: a parameter is one segment. */
function templateMatches(template: string, concrete: string): boolean {
  // A path key's fragment is never sent (AWS's `/v1/email/tags#ResourceArn` is a GET of /v1/email/tags), and its
  // query (weatherbit's `/alerts?lat={lat}&lon={lon}`) is the request's query, not its path.
  const pattern = template
    .split(/[?#]/)[0]!
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(concrete.split(/[?#]/)[0]!);
}

/**
 * What a read after a 2xx delete shows: gone (a 4xx that is not about credentials or rate: 404, 410, a Graph-style
 * 400 for an object that no longer loads), still there, or a deleted state the answer names (a soft delete: a
 * top-level status or state of deleted, removed, archived or trashed).
 */
export function afterDelete(answer: { status: number; body: string }): 'gone' | 'still-there' | 'not-judged' {
  if (answer.status === 401 || answer.status === 403 || answer.status === 429) return 'not-judged';
  if (is4xx(answer.status)) return 'gone';
  if (!is2xx(answer.status)) return 'not-judged';
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    const states = [body.status, body.state, body.lifecycleState, body.lifecycle_state];
    if (states.some((s) => typeof s === 'string' && /^(deleted|removed|archived|trashed)$/i.test(s))) return 'gone';
  } catch {
    // Not JSON: nothing says it is gone.
  }
  return 'still-there';
}

function chainLabel(chain: Chain): string {
  const steps = [chain.read, chain.update, chain.remove, chain.read && chain.remove ? chain.read : undefined]
    .filter((op): op is OperationModel => op !== undefined)
    .map((op) => op.method);
  const by = chain.source === 'links' ? 'its links' : 'its shape';
  return `${chain.create.method} ${chain.create.path} -> ${steps.join(', ')} ${chain.path} (${by})`;
}

/** A path whose last segment is a parameter names one resource (`/pets/{id}`); `/pets?id=` may be a list's. */
const namesResource = (path: string) => /\{[^}]+\}[^/]*$/.test(path);

/** Whether an operation documents any success: a 2xx, a 2XX range or a default answer. */
const documentsSuccess = (op: OperationModel) => op.responses.some((r) => /^(2|default$)/i.test(r.status));

/** The JSON pointer of an operation in the document (`#/paths/~1calls~1{id}/post`). */
const pointerOf = (op: OperationModel) =>
  `#/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method.toLowerCase()}`;

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];
/** The note of a run without --mock whose target answers in Prism's own error shape. */
export const PRISM_WITHOUT_MOCK =
  "answers in Prism's own error shape (https://stoplight.io/prism/errors#...): if it is a Prism mock (spec-first mock), --mock judges the answers Prism is known to get wrong as not judged instead of FAIL";

const methodOf = (op: OperationModel) => op.method;
const isRefusalStatus = (answer: EngineAnswer) => answer.status === 400 || answer.status === 422;
const is2xx = (status: number) => status >= 200 && status < 300;
const is4xx = (status: number) => status >= 400 && status < 500;

export async function runEngine(options: EngineOptions): Promise<EngineResult> {
  const { model, baseUrl, settings, limits } = options;
  const schemas = new DocumentSchemas(model.document);
  const pointers = new DocumentPointers(model.document);
  const notes = new Map<string, Note>();
  const note = (kind: Note['kind'], text: string) => {
    const key = `${kind}\u0000${text}`;
    const seen = notes.get(key);
    if (seen) seen.count++;
    else notes.set(key, { kind, text, count: 1 });
  };
  /** The answer's judgements, each a failure, a pass, or not judged (a mock's deviation, the document's fault). */
  const judge = (op: OperationModel, answer: NonNullable<Exchange['answer']>) =>
    judgeAnswer(model, schemas, pointers, op, answer).map((j) => {
      const deviation = j.failure && options.mock ? prismDeviation(op, answer, j) : undefined;
      return deviation ? { ...j, failure: undefined, notJudged: deviation, kind: 'mock' as const } : j;
    });
  const budget = new Budget(options.maxRequests, Date.now() + options.deadlineMs);
  /** The patterns of an operation's header and query parameters as the document writes them (a mock's reading). */
  const paramPatterns = (op: OperationModel) => {
    const out: { header: string[]; query: string[]; path: string[] } = { header: [], query: [], path: [] };
    for (const p of parameterObjects(sourceOf(model), op)) {
      const pattern = resolveRef<{ pattern?: unknown }>(sourceOf(model), p.schema ?? {}).pattern;
      if ((p.in === 'header' || p.in === 'query' || p.in === 'path') && typeof pattern === 'string')
        out[p.in].push(pattern);
    }
    return out;
  };
  /** A GET or HEAD the document gives a required body, which OpenAPI says to ignore (the model leaves it out). */
  const ignoredBody = (op: OperationModel) => {
    if (op.method !== 'GET' && op.method !== 'HEAD') return false;
    const body = operationObject(sourceOf(model), { path: op.path, method: op.method }).requestBody;
    return resolveRef<{ required?: unknown }>(sourceOf(model), body ?? {}).required === true;
  };
  const answeredTypes = new Map<string, number>();
  const outcomes: CheckOutcome[] = [];
  const enabled = new Set(options.checks);
  let lastExchange: Exchange | undefined;

  /**
   * Sends a request the budget allowed. A connection refused means nothing listens there any more (a mock that
   * crashed, a server stopped): the run stops, and says so once, instead of an error per check; undefined then.
   */
  let lastAnswered: Exchange | undefined;
  const transmit = async (request: EngineRequest): Promise<Exchange | undefined> => {
    const result = await send(baseUrl, request, limits);
    options.onExchange?.(result);
    if (!result.answer && /ECONNREFUSED/.test(result.error ?? '')) {
      budget.stop('target-gone');
      const before = lastAnswered
        ? `; the last request it took: ${lastAnswered.request.method} ${lastAnswered.url}${lastAnswered.answer ? ` (answered ${lastAnswered.answer.status})` : ` (${lastAnswered.error})`}`
        : '';
      // Prism is known to fail on an array in a path (`a,b`): the request it went down on says which.
      const known =
        options.mock &&
        (/,/.test(request.path) || (lastAnswered && !lastAnswered.answer && /,/.test(lastAnswered.request.path)))
          ? ' (Prism fails on array path values: stoplightio/prism#2289, #2710)'
          : '';
      note(
        'target',
        `it stopped taking connections (${result.error}) at request ${budget.sent}, ${request.method} ${request.path}${before}${known}; the checks left are errors, not judged`,
      );
      return undefined;
    }
    lastAnswered = result;
    // Without --mock, Prism's own answers are judged as any server's: the report says once how to tell them apart.
    if (!options.mock && result.answer && prismError(result.answer)) note('target', PRISM_WITHOUT_MOCK);
    return result;
  };

  /**
   * Sends a request and judges the answer. `refused`: a request the document does not allow (broken data, no
   * credentials): a 4xx it does not list is still a refusal, not an undocumented answer, so only a documented
   * status is judged further. `misread`: why a mock refuses this request the document allows (its known reading,
   * prismRefusesAllowed): its own 400 or 422 then answers nothing of the document, so no answer check judges it.
   */
  const exchange = async (
    op: OperationModel,
    ledger: Ledger,
    request: EngineRequest,
    refused = false,
    misread?: string,
  ): Promise<Exchange | undefined> => {
    if (!budget.take()) return undefined;
    const result = await transmit(request);
    lastExchange = result;
    if (!result) return undefined;
    if (!result.answer) {
      const unreadable = options.mock ? prismTransportHeaders(op) : undefined;
      if (unreadable) {
        note('mock', unreadable);
        ledger.notJudged('not_a_server_error', unreadable);
      } else ledger.error('not_a_server_error', `no answer: ${result.error}`, result);
      ledger.noAnswer(String(result.error));
      return result;
    }
    const type = (result.answer.contentType ?? '').split(';')[0]!.trim().toLowerCase() || '(none)';
    answeredTypes.set(type, (answeredTypes.get(type) ?? 0) + 1);
    // A mock's own failure to answer (Prism's error, not the document's answer) judges nothing of the document.
    const failed = options.mock
      ? (prismDeviation(op, result.answer) ??
        // A HEAD's refusal carries no body to show it is Prism's own: its status says it.
        (misread && (isPrismRefusal(result.answer) || (request.method === 'HEAD' && isRefusalStatus(result.answer)))
          ? misread
          : undefined))
      : undefined;
    if (failed) {
      note('mock', failed);
      for (const check of ANSWER_CHECKS) ledger.notJudged(check, failed);
      return result;
    }
    if (result.answer.status >= 500)
      ledger.fail('not_a_server_error', serverErrorMessage(op, result.answer.status), result);
    else ledger.pass('not_a_server_error');
    if (refused && is4xx(result.answer.status) && (options.mock || !documentedResponse(op, result.answer.status))) {
      const why = options.mock
        ? 'a mock refuses a request the document does not allow in its own shape: its refusals are not judged'
        : `a refusal of a request the document does not allow, with a status it does not list (${result.answer.status}): not judged further`;
      for (const check of ANSWER_CHECKS)
        if (check !== 'not_a_server_error' && check !== 'positive_data_acceptance') ledger.notApplicable(check, why);
      return result;
    }
    for (const j of judge(op, result.answer)) {
      if (j.failure) ledger.fail(j.check, j.failure, result);
      else if ('notJudged' in j) {
        note('mock', j.notJudged);
        ledger.notJudged(j.check, j.notJudged);
      } else if (j.documentFault) {
        note('document', j.documentFault);
        ledger.notJudged(j.check, j.documentFault);
      } else if (j.nothing) ledger.notApplicable(j.check, j.nothing);
      else ledger.pass(j.check);
    }
    return result;
  };

  /** Whether an answer to a request the document allows fails a check judged on the answer alone. */
  const failsOn = (op: OperationModel, check: CheckId, status: number, answer: Exchange['answer']) =>
    options.mock && prismDeviation(op, answer!)
      ? false
      : check === 'not_a_server_error'
        ? status >= 500
        : check === 'positive_data_acceptance'
          ? (status === 400 || status === 422) && documentsSuccess(op)
          : judge(op, answer!).some((j) => j.check === check && j.failure);

  /**
   * The valid request failed `check`: its parameters and body shrunk (fast-check's shrinkers) while the document
   * still allows them and the check still fails; the smallest failing exchange replaces the first in the ledger.
   */
  const shrinkFailure = async (
    op: OperationModel,
    ledger: Ledger,
    check: CheckId,
    valid: ReturnType<typeof validRequest>,
    opSettings: RequestSettings,
  ) => {
    const params = [...valid.values.entries()];
    const key = (i: number) => `p${i}`;
    // A path value names the resource (another value asks for another one), a configured value is the user's, and a
    // header fetch fills in itself would go out with fetch's value.
    const keep = (p: ParameterModel) =>
      p.in === 'path' || Object.hasOwn(opSettings.values, p.name) || (p.in === 'header' && sentByFetch(p.name));
    const arbitrary = fc.record({
      params: fc.record(
        Object.fromEntries(
          params.map(([p, v], i) => [key(i), keep(p) ? fc.constant(v) : arbitraryFor(model, p.schema, v)]),
        ),
        { requiredKeys: params.flatMap(([p], i) => (p.required || keep(p) ? [key(i)] : [])) },
      ),
      body: valid.body ? arbitraryFor(model, valid.body.schema, valid.bodyValue) : fc.constant(undefined),
    });
    type Input = { params: Record<string, unknown>; body: unknown };
    const start: Input = {
      params: Object.fromEntries(params.map(([, v], i) => [key(i), v])),
      body: valid.bodyValue,
    };
    const allows = (input: Input) =>
      params.every(([p], i) => {
        if (!Object.hasOwn(input.params, key(i))) return !p.required;
        const value = input.params[key(i)];
        if (p.in === 'path' && value === undefined) return false;
        // An empty value is one the document does not allow (as the valid request is drawn): never a smaller case.
        // So is an exploded object without members (written as nothing: the parameter missing).
        if (writesNothing(p, value) && !allowsEmpty(model, op, p)) return false;
        // And items that hold their own separator, which the valid request never sends (ambiguous on the wire).
        if (ambiguous(p, value) && !Object.hasOwn(opSettings.values, p.name)) return false;
        return schemas.validator(p.schema)?.(value) ?? true;
      }) &&
      (!valid.body ||
        ((schemas.validator(valid.body.schema)?.(input.body) ?? true) &&
          // A required form member written as nothing is a member missing, not a smaller valid body.
          !valid.body.requiredFields.some((name) =>
            writesNoPair(valid.body!, name, (input.body as Record<string, unknown> | undefined)?.[name]),
          )));
    let smallest: Exchange | undefined;
    const stillFails = async (input: Input) => {
      if (!budget.take()) return false;
      const values = new Map(
        params.flatMap(([p], i) => (Object.hasOwn(input.params, key(i)) ? [[p, input.params[key(i)]] as const] : [])),
      );
      const body = valid.body ? { model: valid.body, value: input.body } : undefined;
      const result = await transmit(assemble(model, op, opSettings, values, body).request);
      if (!result) return false;
      const fails = result.answer !== undefined && failsOn(op, check, result.answer.status, result.answer);
      if (fails) smallest = result;
      return fails;
    };
    const { steps } = await shrink(arbitrary as fc.Arbitrary<Input>, start, allows, stillFails, 25);
    if (smallest && steps > 0) ledger.shrunk(check, smallest, steps);
  };

  /**
   * A create, then the resource it made: read (ensure_resource_availability), updated, deleted and read again
   * (use_after_free). The create's answer gives the path values of the others (links, or the obvious shape).
   */
  /**
   * Calls a chain's create (with the path values already bound, a parent's) and reads the values of its resource's
   * path from the answer; or why it could not.
   */
  /**
   * A bound value fits the path parameter it fills on the chain's later operations (a path value is text: "12"
   * fits an integer); a schema ajv cannot compile judges nothing.
   */
  const fitsPathParameter = (chain: Chain, name: string, value: unknown) => {
    const op = chain.read ?? chain.update ?? chain.remove;
    const param = op?.parameters.find((p) => p.in === 'path' && p.name === name);
    const validate = param && schemas.validator(param.schema);
    if (!validate) return true;
    return validate(value) || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && validate(Number(value)));
  };

  const createAndBind = async (
    chain: Chain,
    ledger: Ledger,
    seed: number,
    given: Record<string, unknown>,
    chosen?: string[][],
  ): Promise<
    | { values: Record<string, unknown>; made: Exchange & { answer: EngineAnswer } }
    | { reason: string }
    | { unsent: true }
  > => {
    const create = validRequest(
      model,
      schemas,
      chain.create,
      { ...settings, values: { ...settings.values, ...given }, seed, chosen },
      seed,
    );
    if (create.unsupported) return { reason: `the create cannot be called as documented: ${create.unsupported}` };
    if (create.credentials === 'not-configured')
      return { reason: 'no credential configured for its security requirement (--auth, --header)' };
    const made = await exchange(chain.create, ledger, create.request);
    if (!made) return { unsent: true };
    if (!made.answer) return { reason: 'the create got no answer' };
    if (!is2xx(made.answer.status)) return { reason: `the create was answered ${made.answer.status}` };
    let body: unknown;
    try {
      body = JSON.parse(made.answer.body);
    } catch {
      body = undefined;
    }
    const byName = (where: string) =>
      Object.fromEntries([...create.values].filter(([p]) => p.in === where).map(([p, v]) => [p.name, v]));
    const context = {
      pathValues: byName('path'),
      queryValues: byName('query'),
      headers: made.answer.headers,
      body,
      // What was sent, for a name the client chose; raw bytes have no members.
      requestBody: create.body && create.body.kind !== 'raw' ? create.bodyValue : undefined,
    };
    const values: Record<string, unknown> = { ...given };
    for (const binding of chain.bindings) {
      const value = bound(binding, context, (v) => fitsPathParameter(chain, binding.param, v));
      // The answer names no resource and the request left out the name the client may choose (an optional member
      // or query parameter): made again, the name sent.
      if (value === undefined && chosen === undefined && leavesOutChosen(model, chain.create, chosenNames(chain)))
        return createAndBind(chain, ledger, seed, given, chosenNames(chain));
      if (value === undefined)
        return {
          reason: `neither the create's answer nor its request carries a value its schema allows for {${binding.param}} (${binding.from})`,
        };
      values[binding.param] = value;
    }
    return { values, made: made as Exchange & { answer: EngineAnswer } };
  };

  /**
   * A parent, a child created under it and read, the parent deleted, the child read again: a child still readable
   * after its parent's delete (2xx) is use_after_free's (parent -> child -> delete parent -> child gone).
   */
  const runNested = async (parent: Chain, child: Chain, ledger: Ledger, seed: number) => {
    const notApplicable = (reason: string) => ledger.notApplicable('use_after_free', reason);
    if (options.mock) return notApplicable('a mock (--mock) keeps nothing it is sent');
    if (!enabled.has('use_after_free')) return;
    const madeParent = await createAndBind(parent, ledger, seed, {});
    if ('unsent' in madeParent) return;
    if ('reason' in madeParent) return notApplicable(`the parent: ${madeParent.reason}`);
    const madeChild = await createAndBind(child, ledger, seed + 1, madeParent.values);
    if ('unsent' in madeChild) return;
    if ('reason' in madeChild) return notApplicable(`the child: ${madeChild.reason}`);
    const call = (op: OperationModel, values: Record<string, unknown>) => {
      const drawn = validRequest(model, schemas, op, { ...settings, values: { ...settings.values, ...values } }, seed);
      return drawn.unsupported ? undefined : drawn.request;
    };
    const readChild = async () => {
      const request = call(child.read!, madeChild.values);
      return request ? (await exchange(child.read!, ledger, request, true))?.answer : undefined;
    };
    const before = await readChild();
    if (!before && budget.stoppedBy) return;
    if (!before || !is2xx(before.status))
      return notApplicable(`the child was not readable before its parent's delete (${before?.status ?? 'not sent'})`);
    const remove = call(parent.remove!, madeParent.values);
    const deleted = remove ? await exchange(parent.remove!, ledger, remove) : undefined;
    if (remove && !deleted) return;
    if (!deleted?.answer || !is2xx(deleted.answer.status))
      return notApplicable(`the parent's delete was answered ${deleted?.answer?.status ?? 'nothing'}`);
    const after = await readChild();
    if (!after) return;
    const shown = afterDelete(after);
    if (shown === 'gone') ledger.pass('use_after_free');
    else if (shown === 'not-judged')
      notApplicable(`the child's read after its parent's delete was answered ${after.status}`);
    else
      ledger.fail(
        'use_after_free',
        `a child created by ${child.create.method} ${child.create.path}, its parent deleted with ${deleted.answer.status}, then read: answered ${after.status}`,
        lastExchange!,
      );
  };

  const runChain = async (chain: Chain, ledger: Ledger, seed: number) => {
    const stateful = ['ensure_resource_availability', 'use_after_free'] as CheckId[];
    const notApplicable = (reason: string) => {
      for (const check of stateful) ledger.notApplicable(check, reason);
    };
    if (options.mock) return notApplicable('a mock (--mock) keeps nothing it is sent');
    if (!stateful.some((c) => enabled.has(c))) return;
    const created = await createAndBind(chain, ledger, seed, {});
    if ('unsent' in created) return;
    if ('reason' in created) return notApplicable(created.reason);
    const { values, made } = created;
    const call = (op: OperationModel) => {
      const drawn = validRequest(model, schemas, op, { ...settings, values: { ...settings.values, ...values } }, seed);
      return drawn.unsupported ? undefined : drawn.request;
    };
    const what = `created with ${made.answer.status} by ${chain.create.method} ${chain.create.path}`;
    const read = async () => {
      const request = chain.read && call(chain.read);
      return request ? (await exchange(chain.read!, ledger, request, true))?.answer : undefined;
    };
    if (enabled.has('ensure_resource_availability')) {
      const answer = await read();
      if (!chain.read) ledger.notApplicable('ensure_resource_availability', `no GET at ${chain.path}`);
      else if (!answer) {
        if (!budget.stoppedBy) ledger.notApplicable('ensure_resource_availability', 'the read was not sent');
      } else if (is2xx(answer.status)) ledger.pass('ensure_resource_availability');
      else if (answer.status === 404 || answer.status === 410)
        ledger.fail(
          'ensure_resource_availability',
          `${what} (${JSON.stringify(values)}), then read at ${chain.path}: answered ${answer.status}`,
          lastExchange!,
        );
      else ledger.notApplicable('ensure_resource_availability', `the read was answered ${answer.status}`);
    }
    const update = chain.update && call(chain.update);
    if (update) await exchange(chain.update!, ledger, update);
    const remove = chain.remove && call(chain.remove);
    if (!remove) return ledger.notApplicable('use_after_free', `no DELETE at ${chain.path} to call`);
    const deleted = await exchange(chain.remove!, ledger, remove);
    if (!deleted) return;
    if (!deleted?.answer || !is2xx(deleted.answer.status))
      return ledger.notApplicable('use_after_free', `the delete was answered ${deleted?.answer?.status ?? 'nothing'}`);
    if (!chain.read) return ledger.notApplicable('use_after_free', `no GET at ${chain.path} to read it again`);
    if (!call(chain.read)) return ledger.notApplicable('use_after_free', 'the read cannot be called as documented');
    const after = await read();
    if (!after) return;
    const shown = afterDelete(after);
    if (shown === 'gone') ledger.pass('use_after_free');
    else if (shown === 'not-judged')
      ledger.notApplicable('use_after_free', `the read after the delete was answered ${after.status}`);
    else
      ledger.fail(
        'use_after_free',
        `${what}, deleted with ${deleted.answer.status}, then read: answered ${after.status}`,
        lastExchange!,
      );
  };

  // Deletes last, so that the resources the other operations read are still there.
  const operations = [...model.operations].sort(
    (a, b) =>
      Number(methodOf(a) === 'DELETE') - Number(methodOf(b) === 'DELETE') ||
      a.path.localeCompare(b.path) ||
      a.method.localeCompare(b.method),
  );
  const sharedLines = sharedRequestLines(model);
  const chains = chainsOf(model);
  // A PUT at the resource's own path may update only (a 404 for a name it does not hold, its sequence n/a): the
  // delete of such a chain is judged on its own too.
  const chained = new Set(chains.filter((c) => c.read && c.create.path !== c.path).map((c) => c.remove));
  for (const [index, op] of operations.entries()) {
    const label = `${op.method} ${op.path} (${op.id})`;
    const ledger = new Ledger(label);
    const seed = settings.seed + index * 97;
    const valid = validRequest(model, schemas, op, { ...settings, seed }, seed);
    const unsupported = valid.unsupported ?? sharedLines.get(op);
    if (unsupported)
      for (const check of CHECK_IDS)
        ledger.notApplicable(check, `the operation cannot be called as documented: ${unsupported}`);
    if (valid.credentials === 'not-configured')
      for (const check of [
        'positive_data_acceptance',
        'negative_data_rejection',
        'ignored_auth',
        'use_after_free',
      ] as CheckId[])
        ledger.notApplicable(check, 'no credential configured for its security requirement (--auth, --header)');

    // use_after_free: the resource read before the delete, so that a 404 afterwards means something.
    if (chained.has(op)) ledger.notApplicable('use_after_free', 'judged on the resource its create made (below)');
    const reader =
      methodOf(op) === 'DELETE' && !chained.has(op) && namesResource(op.path)
        ? model.operations.find((o) => methodOf(o) === 'GET' && o.path === op.path)
        : undefined;
    const readRequest = () => {
      if (!reader) return undefined;
      const read = validRequest(model, schemas, reader, { ...settings, seed }, seed);
      // The same path values as the delete's, by name.
      const byName = new Map([...valid.values].map(([p, v]) => [p.name, v]));
      const values = new Map([...read.values].map(([p, v]) => [p, byName.has(p.name) ? byName.get(p.name) : v]));
      const request: EngineRequest = { ...read.request, query: [], headers: {}, path: reader.path };
      return { values, request };
    };
    let existedBefore = false;
    if (
      !unsupported &&
      reader &&
      enabled.has('use_after_free') &&
      !options.mock &&
      valid.credentials !== 'not-configured'
    ) {
      const before = readRequest()!;
      place(reader, before.values, before.request);
      for (const [name, value] of Object.entries(settings.headers)) before.request.headers[name.toLowerCase()] = value;
      authorise(model, reader, settings, before.request);
      const answer = await exchange(reader, new Ledger(label), before.request);
      existedBefore = answer?.answer !== undefined && is2xx(answer.answer.status);
      if (answer && !existedBefore)
        ledger.notApplicable('use_after_free', 'the resource could not be read before its delete');
    }

    if (!unsupported) {
      // A mock's refusal of an allowed request that its known reading explains (a comma in a path value, a form array).
      const misread = options.mock
        ? prismRefusesAllowed(
            valid.values,
            valid.body && { kind: valid.body.kind, value: valid.bodyValue, styled: valid.body.styledFields },
            ignoredBody(op),
            op.path,
          )
        : undefined;
      const sent = await exchange(op, ledger, valid.request, false, misread);
      const status = sent?.answer?.status;
      const deviation =
        options.mock && (status === 400 || status === 422)
          ? (misread ?? (sent?.answer && prismDeviation(op, sent.answer)))
          : undefined;
      const failed =
        status === undefined || valid.credentials === 'not-configured' || (deviation && misread)
          ? undefined
          : ANSWER_CHECKS.find((check) => enabled.has(check) && failsOn(op, check, status, sent!.answer));
      if (status !== undefined && valid.credentials !== 'not-configured' && !documentsSuccess(op)) {
        // Only refusals documented: the document says no request succeeds (a mock answers its first refusal).
        const text = `${pointerOf(op)}/responses documents no success (only ${op.responses.map((r) => r.status).join(', ')}): a refusal is all it allows`;
        note('document', text);
        ledger.notJudged('positive_data_acceptance', `the document contradicts itself: ${text}`);
      } else if (status !== undefined && valid.credentials !== 'not-configured') {
        const refused = status === 400 || status === 422;
        if (deviation) {
          note('mock', deviation);
          ledger.notJudged('positive_data_acceptance', deviation);
        } else if (refused)
          ledger.fail('positive_data_acceptance', `a request the document allows was refused with ${status}`, sent!);
        else ledger.pass('positive_data_acceptance');
      }
      if (failed && !(failed === 'positive_data_acceptance' && deviation))
        await shrinkFailure(op, ledger, failed, valid, { ...settings, seed });
      // Negative data: judged only where the valid request was accepted, so that a 4xx means the broken constraint.
      if (status !== undefined && is2xx(status) && enabled.has('negative_data_rejection')) {
        const invalids = invalidRequests(model, schemas, op, valid, settings);
        if (invalids.length === 0)
          ledger.notApplicable(
            'negative_data_rejection',
            'no documented constraint to break (no required parameter, type, enum, bound, pattern or body member)',
          );
        for (const invalid of invalids) {
          const answer = await exchange(op, ledger, invalid.request, true);
          if (!answer?.answer) continue;
          const deviation =
            options.mock && is2xx(answer.answer.status)
              ? prismAcceptsBroken(
                  op,
                  invalid,
                  paramPatterns(op),
                  model.operations.filter((o) => o.method === op.method && o !== op).map((o) => o.path),
                )
              : undefined;
          const refusal = judgeRefusal(invalid.title, answer.answer.status);
          if (deviation) {
            note('mock', deviation);
            ledger.notJudged('negative_data_rejection', deviation);
          } else if (refusal?.failure) ledger.fail('negative_data_rejection', refusal.failure, answer);
          else if (refusal) ledger.pass('negative_data_rejection');
          else
            ledger.notApplicable(
              'negative_data_rejection',
              `a broken request was answered ${answer.answer.status}, neither accepted nor refused`,
            );
        }
      } else if (sent)
        ledger.notApplicable(
          'negative_data_rejection',
          status === undefined
            ? 'the valid request got no answer'
            : `the valid request was answered ${status}, not a 2xx: a 4xx would not tell which constraint`,
        );
      // Credentials: the same request without them, where the document requires them (no anonymous alternative).
      const anonymous = op.security.some((alt) => Object.keys(alt).length === 0);
      if (anonymous)
        ledger.notApplicable('ignored_auth', 'the document allows calls without credentials (an empty requirement {})');
      if (
        valid.credentials === 'sent' &&
        !anonymous &&
        status !== undefined &&
        is2xx(status) &&
        enabled.has('ignored_auth')
      ) {
        const bare = validRequest(
          model,
          schemas,
          op,
          { ...settings, bearer: undefined, basic: undefined, apiKeys: {}, headers: {} },
          seed,
        );
        const answer = await exchange(op, ledger, bare.request, true);
        if (answer?.answer) {
          if (is2xx(answer.answer.status))
            ledger.fail('ignored_auth', `a request without credentials was answered ${answer.answer.status}`, answer);
          else if (is4xx(answer.answer.status)) ledger.pass('ignored_auth');
          else
            ledger.notApplicable(
              'ignored_auth',
              `the request without credentials was answered ${answer.answer.status}, neither accepted nor refused`,
            );
        }
      } else if (valid.credentials === 'none-required')
        ledger.notApplicable('ignored_auth', 'the operation requires no credentials');
      // A request the run never sent (its budget spent, its deadline passed) was not refused: the stop says why.
      else if (sent) ledger.notApplicable('ignored_auth', 'the request with credentials was not accepted');
      if (methodOf(op) === 'DELETE' && existedBefore && status !== undefined) {
        if (!is2xx(status)) ledger.notApplicable('use_after_free', `the delete was answered ${status}`);
        else {
          const after = readRequest()!;
          place(reader!, after.values, after.request);
          for (const [name, value] of Object.entries(settings.headers))
            after.request.headers[name.toLowerCase()] = value;
          authorise(model, reader!, settings, after.request);
          const answer = await exchange(reader!, ledger, after.request, true);
          if (answer?.answer) {
            const shown = afterDelete(answer.answer);
            if (shown === 'gone') ledger.pass('use_after_free');
            else if (shown === 'still-there')
              ledger.fail('use_after_free', `read after its delete: answered ${answer.answer.status}`, answer);
            else
              ledger.notApplicable('use_after_free', `the read after the delete was answered ${answer.answer.status}`);
          }
        }
      }
    }
    if (methodOf(op) === 'DELETE' && !namesResource(op.path))
      ledger.notApplicable(
        'use_after_free',
        'the delete names its resource outside its path: a read at that path may be a list',
      );
    if (methodOf(op) !== 'DELETE' || !reader)
      ledger.notApplicable('use_after_free', 'not a delete with a read at the same path');
    if (options.mock) ledger.notApplicable('use_after_free', 'a mock (--mock) keeps nothing to delete');
    ledger.notApplicable('ensure_resource_availability', 'judged on the create -> read sequences (below)');
    outcomes.push(
      ...ledger.outcomes(
        options.checks.filter((c) => c !== 'unsupported_method'),
        budget.stoppedBy,
      ),
    );
  }

  for (const [index, chain] of chains.entries()) {
    const ledger = new Ledger(chainLabel(chain));
    await runChain(chain, ledger, settings.seed + 7919 + index * 97);
    const stateful: CheckId[] = ['ensure_resource_availability', 'use_after_free'];
    const shown = options.checks.filter((c) => stateful.includes(c) || ledger.touched().includes(c));
    outcomes.push(...ledger.outcomes(shown, budget.stoppedBy));
  }

  // Parent -> child -> delete the parent -> the child is gone: a chain created under another chain's resource.
  for (const [index, [parent, child]] of nestedChains(chains).entries()) {
    const ledger = new Ledger(
      `${parent.create.method} ${parent.create.path} -> ${child.create.method} ${child.create.path} -> GET ${child.path}, DELETE ${parent.path}, GET ${child.path} (nested)`,
    );
    await runNested(parent, child, ledger, settings.seed + 15485 + index * 97);
    outcomes.push(
      ...ledger.outcomes(
        options.checks.filter((c) => c === 'use_after_free' || ledger.touched().includes(c)),
        budget.stoppedBy,
      ),
    );
  }

  // One undocumented method per path.
  if (enabled.has('unsupported_method')) {
    for (const path of [...new Set(model.operations.map((o) => o.path))].sort()) {
      const documented = model.operations.filter((o) => o.path === path);
      const base = validRequest(model, schemas, documented[0]!, settings, settings.seed);
      // A method is undocumented for this request only if no other template takes the same concrete path with it
      // (GET /collections/aliases is GET /collections/{name} when only POST is written at /collections/aliases).
      const concrete = base.request.path;
      const method = METHODS.find(
        (m) => !model.operations.some((o) => methodOf(o) === m && templateMatches(o.path, concrete)),
      );
      const label = `${method?.toUpperCase() ?? '-'} ${path}`;
      const ledger = new Ledger(label);
      if (!method) ledger.notApplicable('unsupported_method', 'every method is documented for this path');
      else {
        const request: EngineRequest = { ...base.request, method: method, body: undefined, contentType: undefined };
        const result = budget.take() ? await transmit(request) : undefined;
        if (result) {
          if (result.answer && is2xx(result.answer.status))
            ledger.fail(
              'unsupported_method',
              `${method} is not documented but was answered ${result.answer.status}`,
              result,
            );
          else if (result.answer) ledger.pass('unsupported_method');
          else ledger.error('unsupported_method', `no answer: ${result.error}`, result);
        }
      }
      outcomes.push(...ledger.outcomes(['unsupported_method'], budget.stoppedBy));
    }
  }
  return { outcomes, requests: budget.sent, answeredTypes, stoppedBy: budget.stoppedBy, notes: [...notes.values()] };
}

/**
 * not_a_server_error's FAIL: a 5xx is a server error whether or not the operation documents it, as Schemathesis's
 * check reads it (its expected statuses are 2xx, 3xx and 4xx unless configured); the message says when the document
 * lists the status, so that a document whose operation answers nothing else (a health check documenting only its
 * 500) is told from a server that broke.
 */
export function serverErrorMessage(op: OperationModel, status: number): string {
  const listed = op.responses.find((r) => r.status === String(status) || r.status.toUpperCase() === '5XX');
  if (!listed) return `answered ${status}`;
  const only = op.responses.every((r) => /^5(\d\d|XX)$/i.test(r.status));
  return `answered ${status}, a status the operation documents${only ? ' (its only answers are server errors)' : ''}: a server error all the same`;
}
