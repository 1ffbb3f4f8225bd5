// The bounds of a contract run given on the command line: --deadline (a duration) and --max-answer-bytes.

/** A run's default deadline: this long per selected service. */
export const DEADLINE_PER_SERVICE_SECONDS = 15 * 60;

/** Seconds from `90`, `90s`, `15m` or `1h`; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h)?\s*$/i.exec(text);
  if (!m) return undefined;
  const seconds = Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? 's').toLowerCase() as 's' | 'm' | 'h'];
  return seconds > 0 ? seconds : undefined;
}

/** Bytes from `1048576`, `512KiB`, `8MiB` (or kB/MB, read as powers of 1024 too); undefined for anything else. */
export function parseBytes(text: string): number | undefined {
  const m = /^\s*(\d+)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase()[0] as 'b' | 'k' | 'm' | 'g';
  const bytes = Number(m[1]) * { b: 1, k: 1 << 10, m: 1 << 20, g: 1 << 30 }[unit];
  return bytes > 0 ? bytes : undefined;
}
