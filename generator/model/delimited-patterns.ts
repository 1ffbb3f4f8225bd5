// A pattern written as a regular expression literal, between slashes with flags after them (`/^[0-9]{5}$/i`, as PHP
// and JavaScript source write one): JSON Schema's `pattern` is the expression itself, takes no flags and matches
// the slashes as characters. Such a pattern is checked as written, as ajv and Prism check it; this says what it then
// accepts, for the warning the document's author needs.

export interface DelimitedPattern {
  /** The expression between the slashes, what the author meant. */
  inner: string;
  /** The flags after the closing slash, which no JSON Schema pattern takes. */
  flags: string;
  /** Its `^` or `$` sits beside a slash the string must hold: as written it matches no string. */
  matchesNothing: boolean;
}

const LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/**
 * The literal `pattern` is written as, where it is one beyond doubt: anchored inside its slashes (`/^...$/`), or with
 * flags after them. A pattern of slashes alone (`/[a-z]+/`) may mean a path's slashes, and is not taken for one.
 */
export function delimitedPattern(pattern: string): DelimitedPattern | undefined {
  const found = LITERAL.exec(pattern);
  if (!found) return undefined;
  const [, inner, flags] = found as unknown as [string, string, string];
  const matchesNothing = inner.startsWith('^') || endsWithAnchor(inner);
  return matchesNothing || flags !== '' ? { inner, flags, matchesNothing } : undefined;
}

/** Whether the expression ends with a `$` that is an anchor, not an escaped dollar (`\$`, but `\\$` anchors). */
function endsWithAnchor(expression: string): boolean {
  if (!expression.endsWith('$')) return false;
  let backslashes = 0;
  for (let i = expression.length - 2; i >= 0 && expression[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}
