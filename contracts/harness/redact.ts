// The configured secrets (every fixture that is a token or a key) and the one redaction every report, the
// console and every recorded exchange goes through: a target may echo credentials in any field of its answers,
// so the values themselves are replaced wherever they appear, in the forms a URL, a form, JSON or a header
// carries them, and so is the user name and password of any URL.
import type { Fixtures } from '../targets/fixtures.js';

/** Fixture keys that hold credentials: apiKey, invalidApiKey, accessToken, noScopeToken, ... */
const SECRET_KEY = /(?:token|apikey)$/i;
/** Shorter values are not replaced by value (they would blank ordinary words); the parameter rules still apply. */
const MIN_SECRET_LENGTH = 4;

/** Query or form parameters that carry a credential whatever its value. */
const SECRET_PARAMS = /([?&;](?:access_token|key|api_key|apikey)=)[^&#\s"'<>]*/gi;
/** A URL's user name and password: `scheme://user:password@host`. */
const USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;

export const REDACTED = '***';

/** Every credential value of the fixtures, with no duplicates. */
export function secretValues(fixtures: Fixtures | undefined, extra: readonly string[] = []): string[] {
  const out = new Set<string>(extra);
  for (const values of Object.values(fixtures ?? {}))
    for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>))
      if (SECRET_KEY.test(key) && typeof value === 'string') out.add(value);
  return [...out].filter((s) => s.length >= MIN_SECRET_LENGTH);
}

/** The spellings a value travels in: as is, percent-encoded, form-encoded, inside a JSON string. */
function spellings(secret: string): string[] {
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ]);
  return [...forms].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type Redactor = (text: string) => string;

/** A function that blanks every configured secret (each spelling), URL userinfo and credential parameters. */
export function redactor(secrets: readonly string[]): Redactor {
  const forms = [...new Set(secrets.flatMap(spellings))].sort((a, b) => b.length - a.length);
  const values = forms.length > 0 ? new RegExp(forms.map(escapeRegExp).join('|'), 'g') : undefined;
  return (text) => {
    let out = values ? text.replace(values, REDACTED) : text;
    out = out.replace(SECRET_PARAMS, `$1${REDACTED}`).replace(USERINFO, `$1${REDACTED}@`);
    return out;
  };
}

/** A copy of a JSON-like value with every string redacted (reports are built from such values). */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}

/**
 * The error as a test runner prints it, every secret taken out: its message, stack and cause, and a redacted copy
 * of each of its own properties (an assertion's actual and expected, which the runner diffs; an API error's body).
 * The error is the failing test's own and is changed in place; the values it held are not (a fixture may be one).
 */
export function redactError<T>(error: T, redact: Redactor, seen = new WeakSet<object>()): T {
  if (!(error instanceof Error)) return redactCopy(error, redact, new WeakSet()) as T;
  if (seen.has(error)) return error;
  seen.add(error);
  const fields = error as unknown as Record<string, unknown>;
  for (const key of new Set([...Object.keys(fields), 'message', 'stack', 'cause'])) {
    if (!(key in fields)) continue;
    const value = fields[key];
    const clean = value instanceof Error ? redactError(value, redact, seen) : redactCopy(value, redact, new WeakSet());
    if (clean === value) continue;
    try {
      fields[key] = clean;
    } catch {
      // A property that cannot be set keeps its value: nothing prints it that the others do not.
    }
  }
  return error;
}

/** A redacted copy of strings, arrays and plain objects (others, and a cycle's way back, as they are). */
function redactCopy(value: unknown, redact: Redactor, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redact(value);
  if (!value || typeof value !== 'object' || seen.has(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactCopy(item, redact, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactCopy(item, redact, seen);
  return out;
}
