// Copied from templates/runtime/server/kept-answers.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Answers a handler allows to be sent again. A GET handler may return `reuse` with its JSON answer: a check
// that says whether that answer still holds. The router then keeps the answer's bytes under the request's
// target and header lines exactly as sent, and the next identical request gets those bytes at once: no
// parsing, validation or handler call. The check runs before each reuse. It answers false once the answer
// may be out of date (its data changed, a time limit passed) or the call must go through the handler (a rate
// limit refuses it); when it answers true it has done the call's bookkeeping itself (counted it against a
// rate limit). Bounded in count and bytes; the oldest answers go first.
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Runs before each reuse of a kept answer. True: the kept bytes are sent, and the check has counted the call
 * wherever the handler would have. False: the answer is dropped and the request goes through the handler.
 * A check that throws counts as false.
 */
export type ReuseCheck = () => boolean;

export interface KeptAnswerLimits {
  /** Most answers kept at once. */
  maxEntries: number;
  /** Most bytes (answers and their keys) kept at once; a larger answer is not kept. */
  maxBytes: number;
}

export const DEFAULT_KEPT_ANSWER_LIMITS: KeptAnswerLimits = { maxEntries: 1024, maxBytes: 16 * 1024 * 1024 };

interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  payload: Buffer | string;
  /** Bytes of the payload and the key, for the bound. */
  size: number;
  check: ReuseCheck;
}

/**
 * The key of a request whose answer may be kept: a GET's target and every header line as sent, so whatever
 * the answer may depend on (credentials, Host, conditional headers) tells two requests apart. Header values
 * cannot hold a line feed, so the joined text is unambiguous. Undefined for any other method.
 */
export function keptAnswerKey(req: IncomingMessage): string | undefined {
  // A request object made by hand (a proxy, a test) may lack the raw lines: it is not kept.
  if (req.method !== 'GET' || !Array.isArray(req.rawHeaders)) return undefined;
  return `${req.url}\n${req.rawHeaders.join('\n')}`;
}

export class KeptAnswers {
  private readonly entries = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly limits: KeptAnswerLimits = DEFAULT_KEPT_ANSWER_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** Sends the answer kept under `key` if its check admits this request; true when it was sent. */
  replay(key: string, res: ServerResponse): boolean {
    const kept = this.entries.get(key);
    if (kept === undefined) return false;
    let holds = false;
    try {
      holds = kept.check();
    } catch {
      holds = false;
    }
    if (!holds) {
      this.drop(key, kept);
      return false;
    }
    res.writeHead(kept.status, kept.headers);
    res.end(kept.payload);
    return true;
  }

  /** Keeps an answer just sent to the request of `key`, replacing an older one of the same key. */
  keep(
    key: string,
    status: number,
    headers: Record<string, string>,
    payload: Buffer | string,
    check: ReuseCheck,
  ): void {
    const size = Buffer.byteLength(payload) + key.length;
    if (size > this.limits.maxBytes || this.limits.maxEntries < 1) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    while (this.entries.size >= this.limits.maxEntries || this.bytes + size > this.limits.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.drop(oldestKey, oldest);
    }
    this.entries.set(key, { status, headers, payload, size, check });
    this.bytes += size;
  }

  private drop(key: string, kept: KeptAnswer): void {
    this.entries.delete(key);
    this.bytes -= kept.size;
  }
}
