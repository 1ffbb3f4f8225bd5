// Conditional requests (RFC 9110, section 13) for operations whose spec declares an `ETag` answer header:
// the answer's entity tag (the handler's, or one made from the answer's bytes), `If-None-Match` on a read
// (a match is answered 304 without a body) and `If-Match` on a write (checked by the handler against the
// resource's current tag; a miss is the operation's documented 412).
import { createHash } from 'node:crypto';

/** A strong entity tag of an answer's bytes: equal bytes, equal tag, in every process. */
export function entityTagOf(payload: Buffer | string): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** The entity tags of an If-Match / If-None-Match header: `*`, or the listed tags as sent. */
function tagsOf(header: string): '*' | string[] {
  if (header.trim() === '*') return '*';
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; a list is separated by commas (etagc holds none).
  return [...header.matchAll(/(?:W\/)?"[^"]*"/g)].map((m) => m[0]);
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a read's If-None-Match names the current tag (weak comparison): the client's copy is current, and
 * the answer is 304. False without the header.
 */
export function noneMatchFails(header: string | undefined, current: string): boolean {
  if (header === undefined) return false;
  const tags = tagsOf(header);
  if (tags === '*') return true;
  return tags.some((tag) => opaque(tag) === opaque(current));
}

/**
 * Whether a write's If-Match holds for the resource's current tag (strong comparison: a weak tag never
 * matches); undefined `current`: the resource does not exist. True without the header.
 */
export function ifMatchHolds(header: string | undefined, current: string | undefined): boolean {
  if (header === undefined) return true;
  if (current === undefined) return false;
  const tags = tagsOf(header);
  if (tags === '*') return true;
  return !current.startsWith('W/') && tags.includes(current);
}
