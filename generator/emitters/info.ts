// info.ts of a package: what the spec says of itself (info.title, info.version), for code that must agree with the
// spec it was generated from (a server that answers an unversioned call as the spec's version) without repeating it.
import type { ServiceModel } from '../model/types.js';
import { stringLiteral } from './escape.js';

export function emitInfo(model: ServiceModel): string {
  return [
    "/** The spec's info.title. */",
    `export const INFO_TITLE = ${stringLiteral(model.title)};`,
    "/** The spec's info.version: the version of the API this package speaks. */",
    `export const INFO_VERSION = ${stringLiteral(model.version)};`,
    '',
  ].join('\n');
}
