// A proxy in front of a service that changes its answers the ways a faithful implementation may differ from the
// reference (harmless variations), or plants a defect (a rewrite of one answer), to show that the contract
// suite judges what the spec documents and accepts what is harmless.
//   compress      gzip or br (by turns) on one answer in four, when the request accepts it
//   chunk         chunked transfer in small pieces (at most 16), no content-length
//   reorder       every JSON object's keys in reverse order
//   whitespace    JSON re-indented with tabs and a trailing newline
//   extraMembers  a member added to every JSON object the spec leaves open
//   headerCase    header names sent in mixed case
//   extraHeaders  headers the spec does not name
//   numberForms   numbers written in exponent form wherever that reads back as the same number (1234 as 1.234e3)
//   unicodeEscapes every non-ASCII character and every / written as a \u escape (the same string once parsed)
//   mediaTypeForm  the JSON content type with another parameter spelling (application/json;charset=UTF-8)
//   linkQueryOrder the query parameters of paging links in another order (the same resource)
//   connectionClose one answer in four closes its connection (the client opens a new one)
// Event streams pass through as they arrive (chunked), never buffered.
import http from 'node:http';
import zlib from 'node:zlib';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';

/**
 * Brotli as servers apply it to answers on the fly (a low quality): the same encoding the client must read, where
 * zlib's default quality (11, for files compressed once) takes 6 to 80 times the CPU (300 B to 17 KB of JSON: 3 to
 * 80 ms against 0.5 to 1 ms, on a loaded machine), on half the answers of a whole suite run.
 */
const BROTLI_ON_THE_FLY = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * One answer in this many is compressed (gzip and br by turns, when the request accepts them): a whole-suite run
 * still meets hundreds of each, where compressing every answer cost its client about 4.5 s of CPU, a
 * decompressor set up for each answer.
 */
const COMPRESS_EVERY = 4;

/**
 * One answer in this many closes its connection: the client still opens hundreds of new ones in a whole-suite
 * run, and reuses the others, where a new connection for every request cost its client about a second of CPU.
 */
const CLOSE_EVERY = 4;

/** How many chunks the chunk variation cuts an answer into at most (7 bytes each, up to 7 x this many bytes). */
const CHUNK_PIECES = 16;

export type Variation =
  | 'compress'
  | 'chunk'
  | 'reorder'
  | 'whitespace'
  | 'extraMembers'
  | 'headerCase'
  | 'extraHeaders'
  | 'numberForms'
  | 'unicodeEscapes'
  | 'mediaTypeForm'
  | 'linkQueryOrder'
  | 'connectionClose';
export const ALL_VARIATIONS: readonly Variation[] = [
  'compress',
  'chunk',
  'reorder',
  'whitespace',
  'extraMembers',
  'headerCase',
  'extraHeaders',
  'numberForms',
  'unicodeEscapes',
  'mediaTypeForm',
  'linkQueryOrder',
  'connectionClose',
];

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxiedRequest {
  method: string;
  url: string;
  body: Buffer;
}

/** A planted defect: rewrites a request before the service sees it, or an answer before the client does. */
export interface Defect {
  request?: (request: ProxiedRequest) => ProxiedRequest;
  answer?: (request: ProxiedRequest, answer: Answer) => Answer;
  /** The head of an event stream (its body passes as it arrives): status and headers, rewritten. */
  streamHead?: (request: ProxiedRequest, head: Omit<Answer, 'body'>) => Omit<Answer, 'body'>;
}

export const EXTRA_MEMBER = 'addedByAFaithfulImplementation';

/**
 * Whether the spec (and its rules) leave the answer object at `path` open to members it does not name.
 *  - generative: every object but the closed ones answers carry: the empty object (`Empty`, a delete's answer)
 *    and the tool declarations echoed under `tools` (`Tool`, `CodeExecution`: additionalProperties false).
 *  - analytics: every object (no schema of its answers is closed).
 *  - ad-creative: a node answers exactly the fields selected (ADC-READ-1, ADC-FIELDS-1: the Graph's field
 *    selection), and an error answer is exactly {error} (ADC-ERROR-1); open are the {success} answers of updates
 *    and deletes, the `paging` of lists, and the members of `error` (the rule's "...").
 */
export function isOpen(service: string, path: readonly string[], value: Record<string, unknown>): boolean {
  if (service === 'generative') return Object.keys(value).length > 0 && !path.includes('tools');
  if (service === 'ad-creative')
    return (
      (path.length === 0 && 'success' in value) ||
      path.at(-1) === 'paging' ||
      (path.length === 1 && path[0] === 'error')
    );
  return true;
}

/** A paging link with its query parameters in reverse order: the same resource, another spelling. */
function reorderedLink(link: string): string {
  try {
    const url = new URL(link);
    const params = [...url.searchParams].reverse();
    url.search = new URLSearchParams(params).toString();
    return url.toString();
  } catch {
    return link;
  }
}

function vary(value: unknown, variations: ReadonlySet<Variation>, service: string, path: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => vary(v, variations, service, path));
  if (
    typeof value === 'string' &&
    variations.has('linkQueryOrder') &&
    path.at(-2) === 'paging' &&
    (path.at(-1) === 'next' || path.at(-1) === 'previous')
  )
    return reorderedLink(value);
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  let entries = Object.entries(object).map(([k, v]) => [k, vary(v, variations, service, [...path, k])] as const);
  if (variations.has('reorder')) entries = entries.reverse();
  if (variations.has('extraMembers') && isOpen(service, path, object))
    entries.push([EXTRA_MEMBER, { note: 'a member the spec does not name', n: 1 }]);
  return Object.fromEntries(entries);
}

/** A number in exponent form when that form parses back to the very same number, else as JSON writes it. */
function numberText(n: number): string {
  const plain = JSON.stringify(n);
  if (!Number.isFinite(n) || n === 0) return plain;
  const exponent = n.toExponential();
  return Number(exponent) === n ? exponent.replace('e+', 'e') : plain;
}

/** A JSON string with every non-ASCII character and every / as a \u escape. */
const escapedString = (text: string) =>
  JSON.stringify(text).replace(/[\u0080-\uffff/]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** JSON text of `value` with the number and string spellings the variations ask for (same value once parsed). */
function serialize(value: unknown, variations: ReadonlySet<Variation>): string {
  if (typeof value === 'number' && variations.has('numberForms')) return numberText(value);
  if (typeof value === 'string' && variations.has('unicodeEscapes')) return escapedString(value);
  const [comma, colon] = variations.has('whitespace') ? [',\n ', ' :\t'] : [',', ':'];
  if (Array.isArray(value)) return `[${value.map((v) => serialize(v, variations)).join(comma)}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}${colon}${serialize(v, variations)}`)
      .join(comma)}}`;
  return JSON.stringify(value);
}

const mixedCase = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

export interface VariationProxy extends RunningServer {
  /** Answers the proxy changed (JSON bodies rewritten), to show the variations were applied. */
  readonly rewritten: number;
}

export async function variationProxy(
  service: string,
  upstream: string,
  variations: ReadonlySet<Variation>,
  defect?: Defect,
): Promise<VariationProxy> {
  let rewritten = 0;
  let turn = 0;
  let answered = 0;
  // Connections to the service kept between requests, as fetch's are.
  const agent = new http.Agent({ keepAlive: true });
  // Addresses the service gives out (an upload session URL, paging links) name the proxy, as a reverse proxy's
  // do: every request of the run, the ones that follow those addresses too, goes through it.
  const origin = new URL(upstream).origin;
  let own = '';
  const throughProxy = (text: string) => (own ? text.split(origin).join(own) : text);
  // And what a client sends back in the proxy's address (a file's uri in a later request) names the service's.
  const toService = (body: Buffer, contentType: string) =>
    own && /json|form-urlencoded/i.test(contentType) && body.includes(own)
      ? Buffer.from(body.toString('utf8').split(own).join(origin))
      : body;
  const server = await listenLocal((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const received = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        body: toService(Buffer.concat(chunks), String(req.headers['content-type'] ?? '')),
      };
      const { method, url, body } = defect?.request ? defect.request(received) : received;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined && !['host', 'connection', 'content-length', 'accept-encoding'].includes(k))
          headers[k] = Array.isArray(v) ? v.join(', ') : v;
      let answer: http.IncomingMessage;
      try {
        answer = await forward(agent, new URL(url, upstream), method, headers, body);
      } catch {
        res.destroy();
        return;
      }
      answer.once('error', () => res.destroy());
      const out: Record<string, string> = {};
      // In the order fetch's Headers gives them (sorted by name), as the proxy always sent them.
      for (const k of Object.keys(answer.headers).sort()) {
        const v = answer.headers[k]!;
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k))
          out[k] = throughProxy(Array.isArray(v) ? v.join(', ') : v);
      }
      if (variations.has('extraHeaders')) {
        out['x-served-by'] = 'variation-proxy';
        out['x-request-cost'] = '3';
        out.via = '1.1 variation-proxy';
      }
      answered += 1;
      if (variations.has('connectionClose') && answered % CLOSE_EVERY === 0) out.connection = 'close';
      const name = (k: string) => (variations.has('headerCase') ? mixedCase(k) : k);
      if ((out['content-type'] ?? '').startsWith('text/event-stream')) {
        const head = defect?.streamHead
          ? defect.streamHead({ method, url, body }, { status: answer.statusCode!, headers: out })
          : { status: answer.statusCode!, headers: out };
        res.writeHead(head.status, Object.fromEntries(Object.entries(head.headers).map(([k, v]) => [name(k), v])));
        answer.pipe(res);
        return;
      }
      let raw: Buffer;
      try {
        raw = await bodyOf(answer);
      } catch {
        res.destroy();
        return;
      }
      const isJson = (out['content-type'] ?? '').includes('json');
      let result: Answer = {
        status: answer.statusCode!,
        headers: out,
        body: isJson && raw.includes(origin) ? Buffer.from(throughProxy(raw.toString('utf8'))) : raw,
      };
      if ((out['content-type'] ?? '').includes('json') && result.body.length > 0) {
        try {
          const parsed = JSON.parse(result.body.toString('utf8'));
          const varied = vary(parsed, variations, service);
          const spelled = variations.has('numberForms') || variations.has('unicodeEscapes');
          const text = spelled
            ? `${serialize(varied, variations)}${variations.has('whitespace') ? '\n' : ''}`
            : variations.has('whitespace')
              ? `${JSON.stringify(varied, null, '\t')}\n`
              : JSON.stringify(varied);
          if (variations.has('mediaTypeForm') && /^application\/json/i.test(out['content-type'] ?? ''))
            result.headers['content-type'] = 'application/json;charset=UTF-8';
          result = { ...result, body: Buffer.from(text) };
          rewritten += 1;
        } catch {
          // Not JSON after all: passed on as it came.
        }
      }
      if (defect?.answer) result = defect.answer({ method, url, body }, result);
      let bytes = result.body;
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (variations.has('compress') && bytes.length > 0 && result.status !== 204 && result.status !== 304) {
        turn += 1;
        const compressed = turn % COMPRESS_EVERY === 0;
        if (compressed && (turn / COMPRESS_EVERY) % 2 === 0 && /\bbr\b/.test(accepts)) {
          bytes = zlib.brotliCompressSync(bytes, BROTLI_ON_THE_FLY);
          result.headers['content-encoding'] = 'br';
        } else if (compressed && /\bgzip\b/.test(accepts)) {
          bytes = zlib.gzipSync(bytes);
          result.headers['content-encoding'] = 'gzip';
        }
      }
      const sent = Object.fromEntries(Object.entries(result.headers).map(([k, v]) => [name(k), v]));
      if (!variations.has('chunk')) {
        const bodyless = result.status === 204 || result.status === 304;
        res.writeHead(result.status, bodyless ? sent : { ...sent, [name('content-length')]: String(bytes.length) });
        res.end(bytes);
        return;
      }
      res.writeHead(result.status, sent);
      // Small pieces, each its own chunk: the client must join them. At most CHUNK_PIECES of them, as every piece
      // costs the client a read and a decompression step of its own (7-byte pieces made 2,000 of a 14 KB answer).
      const piece = Math.max(7, Math.ceil(bytes.length / CHUNK_PIECES));
      for (let i = 0; i < bytes.length; i += piece) res.write(bytes.subarray(i, i + piece));
      res.end();
    });
  });
  own = server.baseUrl.replace(/\/$/, '');
  return {
    ...server,
    async close() {
      await server.close();
      agent.destroy();
    },
    get rewritten() {
      return rewritten;
    },
  };
}

/**
 * Sends a request to the service and resolves with its answer's head (its body still to be read): node:http, not
 * fetch, for the few milliseconds of CPU fetch spends on each of a whole suite's thousands of requests. Redirects
 * are passed on as answers; a POST or PUT without a body says content-length 0, as fetch does.
 */
function forward(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const length = body.length > 0 || method === 'POST' || method === 'PUT' ? { 'content-length': body.length } : {};
    const request = http.request(url, { method, headers: { ...headers, ...length }, agent }, resolve);
    request.once('error', reject);
    request.end(body.length > 0 ? body : undefined);
  });
}

/** An answer's whole body. */
function bodyOf(answer: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.once('end', () => resolve(Buffer.concat(chunks)));
    answer.once('error', reject);
    answer.once('aborted', () => reject(new Error('the service closed the answer before its end')));
  });
}
