// The key of a package generated from a spec file when the caller names none (`generate --spec F`): the base of its
// identifiers (`PagerdutySlackClient`, `createBoxServer`).
import path from 'node:path';

/** A file name that says it is an OpenAPI document, not which API: `openapi.yaml`, `openapiv3.json`, `swagger.json`. */
const GENERIC = /^(openapi|swagger|oas)|^(api|apis|spec|specs|schema|index|document|definition)(?![a-z])/i;

/**
 * The file's name without its extension (`pagerduty-slack.json` beside other documents in one folder); the folder's
 * name where the file is named generically (`specs/billing/openapi.yaml`, the layout of this project's own specs).
 */
export function defaultPackageKey(spec: string): string {
  const resolved = path.resolve(spec);
  const stem = path.basename(resolved).replace(/\.(json|ya?ml)$/i, '');
  return GENERIC.test(stem) || stem === '' ? path.basename(path.dirname(resolved)) : stem;
}
