// A Graph call without a version segment (`/<node>/...`: every call before versions existed, in 2014) is answered by
// the public service as a call to a default version ("An unversioned call will default to the oldest available
// version of the API", the platform's versioning guide of 2014; since then the app's version), so the reference
// answers it as the spec's own version. OpenAPI has no optional path segment: the spec keeps its documented
// `/{version}/...` paths and leaves this leniency to the reference (docs/spec-conventions.md, Leniency).
// A first segment that starts like a version (`v` and a digit) is one, well-formed or not (ADC-VERSION-1).

import { INFO_VERSION } from '../../generated/ad-creative/info.js';

/** The version segment an unversioned call is answered as: the spec's (info.version). */
export const UNVERSIONED_CALLS_AS = `/${INFO_VERSION}`;

const SLASH = 47;
const LOWER_V = 118;
const isDigit = (code: number) => code >= 48 && code <= 57;

/** The request target with the default version put first, or the target itself when it names a version. */
export function versionedTarget(target: string): string {
  if (target.charCodeAt(0) !== SLASH) return target;
  if (target.charCodeAt(1) === LOWER_V && isDigit(target.charCodeAt(2))) return target;
  return `${UNVERSIONED_CALLS_AS}${target}`;
}
