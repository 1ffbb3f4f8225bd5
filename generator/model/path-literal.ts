// A path template's literal text as a request carries it. RFC 6570 (3.1, literal expansion) copies a `%` only as the
// start of a percent-encoded triple; any other `%` is itself percent-encoded. A URL parser leaves a stray `%` as it
// is (`/raw%zz` is no URI), so client and server both take the literal through this one rule.

/** `text` with every `%` that does not begin a `%XX` triple written `%25`; triples are kept as the document wrote them. */
export function literalPercents(text: string): string {
  return text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
}
