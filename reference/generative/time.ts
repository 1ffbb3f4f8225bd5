// Times of the wire: protobuf Timestamps (RFC 3339 UTC) and Durations ("3600s"), within the ranges protobuf
// defines for them, so that every stored time renders again.

/** google.protobuf.Timestamp's range: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z (in ms). */
export const MIN_TIMESTAMP_MS = Date.parse('0001-01-01T00:00:00Z');
export const MAX_TIMESTAMP_MS = Date.parse('9999-12-31T23:59:59.999Z');
/** google.protobuf.Duration's range: at most 315,576,000,000 seconds (10,000 years). */
export const MAX_DURATION_SECONDS = 315_576_000_000;

/**
 * RFC 3339 UTC text of a stored time (Date's ISO form: millisecond precision, within the nine digits allowed).
 * A time outside the Timestamp range (a row written before the range was enforced) renders as the nearest end
 * of the range, so that reading it (and deleting it) still works.
 */
export function rfc3339(ms: number): string {
  const clamped = Number.isNaN(ms) ? MAX_TIMESTAMP_MS : Math.min(MAX_TIMESTAMP_MS, Math.max(MIN_TIMESTAMP_MS, ms));
  return new Date(clamped).toISOString();
}

/** A protobuf Duration ("3600s", "1.5s") in milliseconds; undefined when it is not one or is out of range. */
export function durationMs(text: string): number | undefined {
  const m = text.match(/^(\d+)(?:\.(\d{1,9}))?s$/);
  if (!m) return undefined;
  const seconds = Number(m[1]);
  if (!(seconds <= MAX_DURATION_SECONDS)) return undefined;
  return seconds * 1000 + Math.round(Number(`0.${m[2] ?? '0'}`) * 1000);
}

/** An RFC 3339 timestamp in milliseconds; undefined when it does not parse or lies outside the Timestamp range. */
export function timestampMs(text: string): number | undefined {
  const at = Date.parse(text);
  return at >= MIN_TIMESTAMP_MS && at <= MAX_TIMESTAMP_MS ? at : undefined;
}
