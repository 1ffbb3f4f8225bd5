// JSON as two public front ends read it, beyond RFC 8259: the generative service's cookbook curl cells send
// trailing commas, single-quoted strings, unquoted keys, raw line breaks inside strings and a backslash before a
// line break (recorded answers: 200), and the ad creative service's business SDK example sends a nested spec as a
// Python dict literal (single quotes). This reads exactly those forms and nothing more: text that is broken in
// another way (unclosed, truncated, stray characters) is still refused by JSON.parse.

/** `text` rewritten as strict JSON when it holds only the lax forms above; JSON.parse refuses anything else. */
export function laxJson(text: string): string {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const [literal, next] = readString(text, i, c);
      out += literal;
      i = next;
    } else if (c === ',') {
      // A comma followed (after white space) by a closing bracket is dropped.
      let j = i + 1;
      while (j < n && /\s/.test(text[j]!)) j++;
      if (text[j] !== '}' && text[j] !== ']') out += c;
      i++;
    } else if (/[A-Za-z_$]/.test(c) && keyFollows(text, i)) {
      let j = i;
      while (j < n && /[A-Za-z0-9_$]/.test(text[j]!)) j++;
      out += JSON.stringify(text.slice(i, j));
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** An unquoted identifier at `i` is a key when a colon follows it (true, false and null are values). */
function keyFollows(text: string, i: number): boolean {
  let j = i;
  while (j < text.length && /[A-Za-z0-9_$]/.test(text[j]!)) j++;
  while (j < text.length && /[ \t]/.test(text[j]!)) j++;
  return text[j] === ':';
}

const CONTROL: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The string starting at `start` (quoted by `quote`) as a JSON string literal, and the index after it. */
function readString(text: string, start: number, quote: string): [string, number] {
  let out = '"';
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === quote) return [`${out}"`, i + 1];
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n' || next === '\r') {
        // A backslash before a line break (a shell line continuation left in the text) keeps the break.
        out += CONTROL[next];
        i += 2;
        continue;
      }
      if (next === "'" && quote === "'") out += "'";
      else out += c + (next ?? '');
      i += 2;
      continue;
    }
    if (c === '"' && quote === "'") out += '\\"';
    else out += CONTROL[c] ?? c;
    i++;
  }
  // Unclosed: left as it is, for JSON.parse to refuse.
  return [text.slice(start), text.length];
}
