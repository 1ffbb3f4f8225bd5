// The one tokenizer of the service (prompt, candidates, cached content and countTokens-like sums all use it):
// a token is a run of letters or digits, or any single other character that is not white space. A media part
// (inline data or a file reference) counts MEDIA_PART_TOKENS; a function call or response, executable code and
// its result count the tokens of their JSON text.
import type { components } from '../../generated/generative/types.js';

type Content = components['schemas']['Content'];
type Part = components['schemas']['Part'];

export const MEDIA_PART_TOKENS = 258;

const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

export function countTextTokens(text: string): number {
  return text.match(TOKEN)?.length ?? 0;
}

/** The text split after its n-th token (the kept part ends with that token, without trailing white space). */
export function firstTokens(text: string, n: number): string {
  if (n <= 0) return '';
  let count = 0;
  for (const match of text.matchAll(TOKEN)) {
    count += 1;
    if (count === n) return text.slice(0, match.index! + match[0].length);
  }
  return text;
}

/** The text's tokens, each with the white space before it (joined they give the text back, trailing space aside). */
export function tokenPieces(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const end = match.index! + match[0].length;
    pieces.push(text.slice(last, end));
    last = end;
  }
  if (last < text.length) {
    if (pieces.length) pieces[pieces.length - 1] += text.slice(last);
    else pieces.push(text.slice(last));
  }
  return pieces;
}

export function partTokens(part: Part): number {
  if (typeof part.text === 'string') return countTextTokens(part.text);
  if (part.inlineData || part.fileData) return MEDIA_PART_TOKENS;
  return countTextTokens(JSON.stringify(part));
}

export function contentTokens(contents: readonly Content[] | undefined): number {
  let sum = 0;
  for (const content of contents ?? []) for (const part of content.parts ?? []) sum += partTokens(part);
  return sum;
}
