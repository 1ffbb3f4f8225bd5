// The title and body rules of the service document ("Title and body rules" 1-7), for the title and body of a
// creative. The generated router already refuses what the spec's AdText schema can say (rules 1, 2, 4, 5,
// 6); the service checks them again (the same request may reach it through another path later) and
// decides the two the schema cannot: consecutive punctuation (rule 3) and special characters in link
// ads (rule 7). Each answer names the broken rule.
const BAD_START = /^[\\/!.?\-*(),;:]/u;
const DISALLOWED =
  /[\^~_={}[\]|<>\u00A8\u00B2\u00B3\u00B4\u00B8\u00B9\u0250-\u0258\u0260-\u02AF\u02D8-\u02DD\u2070-\u209F]/u;
const COMBINING = /\p{M}/u;

/** Rule 3: two punctuation characters in a row, except a run of exactly three full stops. */
export function consecutivePunctuation(text: string): boolean {
  return [...text.matchAll(/\p{P}{2,}/gu)].some((m) => m[0] !== '...');
}

/**
 * Rule 7: the special characters a link ad may not use. The document does not list them; the service
 * counts symbols outside ASCII (pictographs, dingbats, arrows, maths and modifier symbols), except the two
 * marks rule 6 allows (U+2122, U+2120) and currency signs.
 */
export function specialCharacter(text: string): string | undefined {
  return [...text].find(
    (c) => c > '\x7f' && c !== '\u2122' && c !== '\u2120' && /[\p{So}\p{Sm}\p{Sk}\p{Extended_Pictographic}]/u.test(c),
  );
}

/** The first rule the text breaks, as an error message naming the parameter; undefined when it keeps them all. */
export function textRuleViolation(param: string, text: string, linkAd: boolean): string | undefined {
  if (text.length < 1) return `${param} must have at least 1 character (title and body rule 1)`;
  if (BAD_START.test(text)) return `${param} must not start with ${text[0]} (title and body rule 2)`;
  if (consecutivePunctuation(text))
    return `${param} must not contain consecutive punctuation except "..." (title and body rule 3)`;
  const words = text.split(/\s+/u).filter(Boolean);
  const long = words.find((w) => [...w].length > 30);
  if (long)
    return `${param} must not contain a word longer than 30 characters ("${long.slice(0, 40)}", title and body rule 4)`;
  if (words.filter((w) => [...w].length === 1).length > 3)
    return `${param} must not have more than three one-character words (title and body rule 5)`;
  const bad = DISALLOWED.exec(text)?.[0];
  if (bad)
    return `${param} must not contain U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} (title and body rule 6)`;
  // A combining mark is standalone when nothing it could attach to precedes it (rule 6).
  const chars = [...text];
  const standalone = chars.findIndex((c, i) => COMBINING.test(c) && (i === 0 || /[\s\p{P}\p{S}]/u.test(chars[i - 1]!)));
  if (standalone >= 0) return `${param} must not contain a standalone diacritical mark (title and body rule 6)`;
  const special = linkAd ? specialCharacter(text) : undefined;
  if (special) return `${param} of a link ad must not contain the special character ${special} (title and body rule 7)`;
  return undefined;
}
