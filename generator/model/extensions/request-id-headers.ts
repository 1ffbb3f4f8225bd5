// `x-request-id-headers` (root): the answer headers that carry the service's request id, for error reports.

/** The spec's request id header names, lower-cased (HTTP header names are case-insensitive). */
export function requestIdHeadersOf(raw: unknown): string[] {
  return (Array.isArray(raw) ? raw : [])
    .filter((h: unknown): h is string => typeof h === 'string')
    .map((h: string) => h.toLowerCase());
}
