// Page tokens: opaque to clients, they carry the kind of list and the sequence number of the last item sent.
import { invalid } from './errors.js';

export function encodePageToken(kind: string, afterSeq: number): string {
  return Buffer.from(JSON.stringify({ k: kind, a: afterSeq })).toString('base64url');
}

export function decodePageToken(kind: string, token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; a?: unknown };
    if (parsed.k === kind && typeof parsed.a === 'number' && Number.isInteger(parsed.a) && parsed.a >= 0)
      return parsed.a;
  } catch {
    // not one of ours: refused below
  }
  throw invalid('Invalid page token.', 'page_token');
}

/** pageSize as list methods of the public service treat it: 0 or absent is the default, above max the max. */
export function pageSizeOf(value: unknown, defaultSize: number, max: number): number {
  const n = value === undefined || value === null || value === '' ? 0 : Number(value);
  if (!Number.isFinite(n) || n < 0) throw invalid('page_size must not be negative.', 'page_size');
  if (n === 0) return defaultSize;
  return Math.min(Math.floor(n), max);
}
