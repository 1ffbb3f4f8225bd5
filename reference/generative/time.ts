// RFC 3339 UTC timestamps of the wire (Date's ISO form: millisecond precision, within the nine digits allowed).
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}

/** A protobuf Duration ("3600s", "1.5s") in milliseconds; undefined when it is not one. */
export function durationMs(text: string): number | undefined {
  const m = text.match(/^(\d+)(?:\.(\d{1,9}))?s$/);
  if (!m) return undefined;
  return Number(m[1]) * 1000 + Math.round(Number(`0.${m[2] ?? '0'}`) * 1000);
}
