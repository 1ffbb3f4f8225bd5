// `x-errors` (operation): the errors an operation documents, with their evidence.
import type { SchemaWarning } from '../normalise-schemas.js';
import { textOf } from '../text-of.js';
import type { ErrorModel } from '../types.js';
import { evidenceOf } from './rules.js';

/**
 * `x-errors`: each entry's HTTP status an integer from 100 to 599, its code a string or an integer, its subcode an
 * integer, its `when` a string; anything else is refused naming its pointer (the extension is the project's own).
 */
export function documentedErrorsOf(
  raw: unknown,
  pointer: string,
  warn: (warning: SchemaWarning) => void,
): ErrorModel[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new Error(`${pointer}: x-errors must be a list`);
  return raw.map((e: any, i: number): ErrorModel => {
    const at = `${pointer}/${i}`;
    if (!e || typeof e !== 'object') throw new Error(`${at}: an x-errors entry must be an object`);
    if (!Number.isInteger(e.http) || e.http < 100 || e.http > 599)
      throw new Error(`${at}/http: must be an HTTP status (an integer from 100 to 599)`);
    const code = e.code ?? e.status;
    if (!(typeof code === 'string' || Number.isSafeInteger(code)))
      throw new Error(`${at}/${e.code === undefined ? 'status' : 'code'}: must be a string or an integer`);
    if (e.subcode !== undefined && !Number.isSafeInteger(e.subcode))
      throw new Error(`${at}/subcode: must be an integer`);
    return {
      http: e.http,
      code,
      subcode: e.subcode,
      when: textOf(e.when, `${at}/when`, warn),
      evidence: evidenceOf(e.evidence),
      ...(e.throttled === true ? { throttled: true } : {}),
    };
  });
}
