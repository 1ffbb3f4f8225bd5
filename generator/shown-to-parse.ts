// Texts shown to parse by how they were made, not by parsing them (emitters/parse-proof.ts: types.ts's tree;
// emitters/validators-file.ts: validators.ts's template and pieces), each taken once by syntax-check.ts for a file
// that is line comments (the banner) and then it. No compiler here: an emitter that records one does not load it.

/** A text shown to parse, and where its proof rests on a template filled with sample pieces, that template. */
export interface ShownText {
  text: string;
  /** Parsed by syntax-check.ts when the text is taken (a few lines): the text parses only if it does. */
  template?: string;
}

/** A few at most: one is recorded just before its file is handed on. */
const shown: ShownText[] = [];

/** Records a text shown to parse without its parse; the file made of it is not parsed again. */
export function shownToParse(text: string, template?: string): void {
  shown.push({ text, template });
  if (shown.length > 4) shown.shift();
}

/** Line comments only, each ended by a newline: nothing before a text can change how it parses. */
const LINE_COMMENTS = /^(?:\/\/[^\n\r\u2028\u2029]*\n)*$/;

/** The record of the text `content` holds after its line comments, if any (forgotten once taken). */
export function takeShown(content: string): ShownText | undefined {
  const index = shown.findIndex(
    ({ text }) => content.endsWith(text) && LINE_COMMENTS.test(content.slice(0, content.length - text.length)),
  );
  return index >= 0 ? shown.splice(index, 1)[0] : undefined;
}
