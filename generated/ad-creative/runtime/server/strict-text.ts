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
  const ascii = asciiDecoded(text, plusIsSpace);
  if (ascii !== undefined) return ascii;
  try {
    return decodeURIComponent(plusIsSpace ? text.replace(/\+/g, ' ') : text);
  } catch {
    throw new InvalidTextError('is not a valid percent-encoded UTF-8 value');
  }
}

/**
 * The component decoded when each of its escapes is a well-formed `%XX` of an ASCII byte (a query's `%3D%3D`,
 * `%2C`), which is what decodeURIComponent gives it; undefined for anything else (a UTF-8 sequence, a malformed
 * escape), left to decodeURIComponent. Every query value of a request asks, and the engine's decoder costs a
 * call into the runtime per value.
 */
function asciiDecoded(text: string, plusIsSpace: boolean): string | undefined {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x25) {
      const high = hexDigit(text.charCodeAt(i + 1));
      const low = hexDigit(text.charCodeAt(i + 2));
      if (high < 0 || high > 7 || low < 0) return undefined;
      out += text.slice(from, i) + String.fromCharCode(high * 16 + low);
      i += 2;
      from = i + 1;
    } else if (c === 0x2b && plusIsSpace) {
      out += `${text.slice(from, i)} `;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** A hexadecimal digit's value, or -1 (NaN, past the text's end, included). */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
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
