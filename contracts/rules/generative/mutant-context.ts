// What the generative families' mutants (./<family>.mutants.ts) share. They are planted defects in the
// reference generative service, at least one per GEN rule, each a bug a real
// implementation could have, planted from outside it: bugs of the kind "validated, then ignored" or "answers in
// the wrong shape" are `wrap`s that rewrite the request before the service sees it or the answer after it wrote
// it; bugs inside the service are stand-ins for its seams (reference/generative/seams.ts: store, blobs, model,
// the prompt's and the answer's safety filters, the threshold resolver, the decoder, the file namer), some with
// a wire rewrite that tells them which request they serve.
import type http from 'node:http';
import type { SafetyFilter } from '../../../reference/generative/safety.js';
import type { GenerativeSeams } from '../../../reference/generative/seams.js';
import { replacing } from '../../mutants/decorate.js';
import type { Mutant } from '../../mutants/mutant.js';
import { chain, rewriteAnswer, rewriteRequest, type WireRequest, type Wrap } from '../../mutants/wire.js';

export type Json = Record<string, any>;
export type Listener = http.RequestListener;

export function pathOf(req: http.IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}
interface Selected {
  method: string;
  url: URL;
}
/** Rewrites JSON request bodies of the requests `match` selects. */
export function requestJson(match: (req: Selected) => boolean, change: (body: Json) => void): Wrap {
  return rewriteRequest((request) => {
    if (!match(request) || !String(request.headers['content-type'] ?? '').includes('json')) return undefined;
    let body: Json;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Json;
    } catch {
      return undefined;
    }
    change(body);
    return JSON.stringify(body);
  });
}
/** Rewrites JSON answers (status and body) of the requests `match` selects. */
export function answerJson(
  match: (req: Selected) => boolean,
  change: (body: Json, status: number) => { body: Json; status?: number } | void,
): Wrap {
  return rewriteAnswer((answer) => {
    if (!match(answer)) return undefined;
    const changed = change(answer.json as Json, answer.status);
    return changed
      ? { json: changed.body, ...(changed.status !== undefined ? { status: changed.status } : {}) }
      : undefined;
  });
}
/** Rewrites requests before the service sees them (headers). */
export function requestHead(change: (req: http.IncomingMessage) => void): Wrap {
  return (inner: Listener): Listener =>
    (req, res) => {
      change(req);
      inner(req, res);
    };
}
/** Rewrites the text of each server-sent event write (`data: ...\n\n`), and may add one at the end. */
export function answerEvents(change: (event: string, index: number) => string, atEnd?: () => string): Wrap {
  return (inner: Listener): Listener =>
    (req, res) => {
      if (!pathOf(req).endsWith(':streamGenerateContent')) return inner(req, res);
      const write = res.write.bind(res) as (chunk: unknown) => boolean;
      const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
      let index = 0;
      (res as any).write = (chunk: unknown) => write(change(String(chunk), index++));
      (res as any).end = (chunk?: unknown) => {
        if (atEnd && index > 0) write(atEnd());
        return end(chunk);
      };
      inner(req, res);
    };
}
export const isGenerate = (req: Selected) => /:(generate|streamGenerate)Content$/.test(req.url.pathname);
export const isOnly = (method: string, path: RegExp) => (req: Selected) =>
  req.method === method && path.test(req.url.pathname);
export function wire(rule: Mutant['rule'], name: string, description: string, wrap: Mutant['wrap']): Mutant {
  return { id: `${rule}/${name}`, rule, description, wrap };
}

/** A defect planted around the service's seams (reference/generative/seams.ts), with a wire rewrite when given. */
export function seam(
  rule: Mutant['rule'],
  name: string,
  description: string,
  decorate: { [K in keyof GenerativeSeams]?: (inner: GenerativeSeams[K]) => GenerativeSeams[K] },
  wrap?: Wrap,
): Mutant {
  return { id: `${rule}/${name}`, rule, description, decorate, ...(wrap ? { wrap } : {}) };
}
/** A safety filter that still rates and marks what a threshold blocks, but never blocks. */
export const neverBlocks = replacing<SafetyFilter>((original) => ({
  blocks: (ratings, thresholds) => {
    original.blocks(ratings, thresholds);
    return false;
  },
}));
/** Rewrites the JSON of each server-sent event of a stream. */
export function answerEventJson(change: (event: Json) => void): Wrap {
  return answerEvents((event) => {
    const data = /^data: (.*)\n\n$/s.exec(event)?.[1];
    if (data === undefined) return event;
    const json = JSON.parse(data) as Json;
    change(json);
    return `data: ${JSON.stringify(json)}\n\n`;
  });
}
/** Rewrites usageMetadata in generateContent answers and in every event of a stream. */
export function usage(change: (usage: Json) => void): Wrap {
  const each = (body: Json) => {
    if (body.usageMetadata) change(body.usageMetadata);
  };
  return chain(
    answerJson(isOnly('POST', /:generateContent$/), (body) => {
      if (!body.usageMetadata) return undefined;
      each(body);
      return { body };
    }),
    answerEventJson(each),
  );
}
/** A multipart/related upload's parts: the boundary, and each part's head and body (as latin1 text). */
export function multipartOf(
  request: WireRequest,
): { boundary: string; parts: Array<{ head: string; body: string }> } | undefined {
  const type = String(request.headers['content-type'] ?? '');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/related') || !boundary) return undefined;
  const text = request.body.toString('latin1');
  const pieces = text.split(`--${boundary}`).slice(1, -1);
  const parts = pieces.map((piece) => {
    const at = piece.indexOf('\r\n\r\n');
    return { head: piece.slice(0, at + 4), body: piece.slice(at + 4, piece.endsWith('\r\n') ? -2 : undefined) };
  });
  return { boundary, parts };
}
/** The metadata of an upload or file creation: the JSON body, or a multipart upload's first part. */
export function metadataOf(request: WireRequest): Json | undefined {
  try {
    if (String(request.headers['content-type'] ?? '').includes('json'))
      return JSON.parse(request.body.toString('utf8')) as Json;
    const first = multipartOf(request)?.parts[0];
    return first ? (JSON.parse(Buffer.from(first.body, 'latin1').toString('utf8')) as Json) : undefined;
  } catch {
    return undefined;
  }
}
