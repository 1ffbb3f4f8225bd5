// Text limits of the public services are in characters (Unicode code points), as JSON Schema's maxLength counts
// them; a string's .length counts UTF-16 units, so an emoji (two units) would count twice.

/** The number of characters (code points) of `text`. */
export function characterCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
