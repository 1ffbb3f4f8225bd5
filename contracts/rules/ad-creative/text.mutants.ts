// Ad creative: the mutants of the ADC-TEXT-* rules (./text.rules.ts), each to be caught under its own rule.
import type { Mutant } from '../../mutants/mutant.js';
import { type Json, editCreates, refuseCreates, wire } from './mutant-context.js';

/** Edits title and body of creates (those `when` holds for). */
const editTexts = (edit: (text: string) => string, when: (params: Json) => boolean = () => true) =>
  editCreates((params) => {
    if (!when(params)) return;
    for (const name of ['title', 'body']) if (typeof params[name] === 'string') params[name] = edit(params[name]);
  });
/** Rule 7's special characters (symbols outside ASCII, but U+2122, U+2120), as the document's examples use them. */
const SPECIAL = /[\p{So}\p{Sm}\p{Sk}\p{Extended_Pictographic}]/u;
const special = (c: string) => c > '\x7f' && c !== '\u2122' && c !== '\u2120' && SPECIAL.test(c);

export const MUTANTS: Mutant[] = [
  wire(
    'ADC-TEXT-1',
    'empty-title-defaulted',
    'an empty title or body is replaced by a default instead of refused',
    editTexts((text) => (text === '' ? 'Untitled' : text)),
  ),
  wire(
    'ADC-TEXT-2',
    'leading-punctuation-accepted',
    'a title starting with punctuation passes validation (former broken server)',
    editCreates((params) => {
      const title = params.title;
      const trimmed = typeof title === 'string' ? title.replace(/^[\\/!.?\-*(),;:\s]+/u, '') : '';
      if (trimmed) params.title = trimmed;
    }),
  ),
  wire(
    'ADC-TEXT-3',
    'first-run-only',
    'only the first run of punctuation is judged',
    editTexts((text) => {
      let runs = 0;
      return text.replace(/\p{P}{2,}/gu, (run) => (runs++ === 0 ? run : [...run][0]!));
    }),
  ),
  wire(
    'ADC-TEXT-4',
    'long-words-cut',
    'words over 30 characters are cut to 30 instead of refused',
    editTexts((text) => text.replace(/\S{31,}/g, (w) => w.slice(0, 30))),
  ),
  wire(
    'ADC-TEXT-5',
    'fourth-letter-dropped',
    'one-character words past the third are dropped instead of refused',
    editTexts((text) => {
      let count = 0;
      return text
        .split(' ')
        .filter((w) => w.length !== 1 || ++count <= 3)
        .join(' ');
    }),
  ),
  wire(
    'ADC-TEXT-6',
    'characters-stripped',
    'disallowed characters are stripped instead of refused',
    editTexts((text) => text.replace(/[\^~_={}[\]|<>\u00B2\u2082\u0250]|\u0301/g, '')),
  ),
  wire(
    'ADC-TEXT-7',
    'link-ad-special-accepted',
    'link ads accept special characters (and drop them)',
    editTexts(
      (text) => [...text].filter((c) => !special(c)).join(''),
      (params) => params.object_url !== undefined,
    ),
  ),
  wire(
    'ADC-TEXT-7',
    'special-refused-everywhere',
    'special characters are refused in page post ads too',
    refuseCreates(
      (params) =>
        ['title', 'body'].some((name) => [...(typeof params[name] === 'string' ? params[name] : '')].some(special)),
      'body of a link ad must not contain a special character (title and body rule 7)',
    ),
  ),
];
