// One escaper per context for text a document wrote (titles, descriptions, names, paths, keys) on its way into
// printed TypeScript. A document is outside input: whatever it holds, what these return stays inside its context
// (a string literal stays a string, a comment stays a comment), so no document text is ever read as code.

/** Line terminators of JavaScript source beyond `\n`: each ends a `//` comment, and U+2028/9 look like text. */
const OTHER_LINE_TERMINATORS = /\r\n?|[\u2028\u2029]/g;
/** Control characters other than tab and newline (NUL among them: the structure printer's markers are made of it). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A string literal holding `value` exactly (JSON's escaping, and U+2028/9 escaped too, as older parsers want). */
export function stringLiteral(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, visible);
}

/**
 * An expression for a JSON value (a model's object, list, string, number, boolean or null), written as
 * `JSON.stringify(value, null, space)` writes it, with two differences that keep it the same value as code: a key
 * `__proto__` is written as a computed key (in an object literal the plain key would set the prototype, not a
 * property), and strings are written by stringLiteral. A number that is not finite is written as JSON writes it (null).
 */
export function valueLiteral(value: unknown, space = 0): string {
  const write = (item: unknown, indent: string): string | undefined => {
    if (item === null) return 'null';
    if (typeof item === 'string') return stringLiteral(item);
    if (typeof item === 'number') return Number.isFinite(item) ? String(item) : 'null';
    if (typeof item === 'boolean') return String(item);
    if (typeof item !== 'object') return undefined; // undefined and functions: left out, as JSON leaves them
    const inner = indent + ' '.repeat(space);
    const [open, separator, close] = space ? [`\n${inner}`, `,\n${inner}`, `\n${indent}`] : ['', ',', ''];
    if (Array.isArray(item)) {
      if (item.length === 0) return '[]';
      return `[${open}${item.map((e) => write(e, inner) ?? 'null').join(separator)}${close}]`;
    }
    const members: string[] = [];
    for (const key of Object.keys(item)) {
      const written = write((item as Record<string, unknown>)[key], inner);
      if (written === undefined) continue;
      const name = key === '__proto__' ? `[${stringLiteral(key)}]` : stringLiteral(key);
      members.push(`${name}:${space ? ' ' : ''}${written}`);
    }
    return members.length ? `{${open}${members.join(separator)}${close}}` : '{}';
  };
  return write(value, '') ?? 'undefined';
}

/** A single-quoted string literal holding `value` exactly (as openapi-typescript quotes component names). */
export function singleQuotedLiteral(value: string): string {
  const body = value
    .replace(/[\\']/g, (c) => `\\${c}`)
    .replace(/[\n\r\u2028\u2029]/g, visible)
    .replace(CONTROL, visible);
  return `'${body}'`;
}

/**
 * Text to put between a template literal's backticks that reads as `value` exactly: no `` ` `` or `${` gets out.
 * Every `$` is escaped, not only one before `{`: the text may be printed next to a `{` that follows it.
 */
export function templateText(value: string): string {
  return value.replace(/[\\`$]/g, (c) => `\\${c}`).replace(/[\r\u2028\u2029]/g, visible);
}

/**
 * Text for a block or JSDoc comment: `*\/` cannot close the comment (written `*\/`), other line terminators become
 * newlines, and control characters are shown as escapes instead of being written.
 */
export function commentText(value: string): string {
  return value.replace(/\*\//g, '*\\/').replace(OTHER_LINE_TERMINATORS, '\n').replace(CONTROL, visible);
}

/** Text for a `//` comment: one line (every line terminator a space), control characters shown as escapes. */
export function lineCommentText(value: string): string {
  return value.replace(/\n|\r\n?|[\u2028\u2029]/g, ' ').replace(CONTROL, visible);
}

/** Text for one line of a block comment (`/** ... *\/` on one line): commentText with whitespace runs as one space. */
export function inlineCommentText(value: string): string {
  return commentText(value).replace(/\s+/g, ' ');
}

/** A plain identifier (letters, digits, `_` and `$`, not starting with a digit). */
export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key of an object literal or type: the name as written where it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/**
 * `name` when it is a plain identifier; anything else is a defect of the emitter that made it (names from a
 * document go through model/names.ts first), so generation stops instead of printing it.
 */
export function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not an identifier: ${stringLiteral(name)}`);
  return name;
}
