// Copied from templates/runtime/server/strict-text.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Text of a request as it was sent, or a refusal: invalid UTF-8, a lone surrogate (escaped in JSON or
// percent-encoded) and JSON nested past a limit never reach a handler (nor a U+FFFD in their place).

/** Bytes as UTF-8 text; throws on an invalid sequence instead of replacing it. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export class InvalidTextError extends Error {}

export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new InvalidTextError('is not valid UTF-8');
  }
}

/** A percent-encoded component (`+` as a space in forms), refusing encoded bytes that are not UTF-8. */
export function decodeComponent(text: string, plusIsSpace: boolean): string {
  try {
    return decodeURIComponent(plusIsSpace ? text.replace(/\+/g, ' ') : text);
  } catch {
    throw new InvalidTextError('is not a valid percent-encoded UTF-8 value');
  }
}

/** `a=1&b=2` (application/x-www-form-urlencoded, or a URL's query) as pairs, strictly decoded. */
export function formPairs(text: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const at = piece.indexOf('=');
    const name = at < 0 ? piece : piece.slice(0, at);
    const value = at < 0 ? '' : piece.slice(at + 1);
    pairs.push([decodeComponent(name, true), decodeComponent(value, true)]);
  }
  return pairs;
}

/**
 * Deepest nesting of arrays and objects in JSON text, counted without parsing (so a value too deep for a
 * recursive reader is refused before one runs); stops counting once past `limit`.
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** Whether a parsed JSON value holds a string (or key) with a lone surrogate (JSON's `\ud800` escapes allow one). */
export function hasLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isWellFormed(v)) return true;
    } else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (!isWellFormed(k)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** Whether a header value is visible ASCII (with spaces and tabs): anything else is no text a header parameter holds. */
export function isHeaderText(value: string): boolean {
  return /^[\t\x20-\x7e]*$/.test(value);
}
