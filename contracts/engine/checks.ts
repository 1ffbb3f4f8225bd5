// The conformance checks `spec-first test` derives from any OpenAPI document: a stable id and what it means. The
// ids follow Schemathesis's check names where one means the same, so that its users read them at once.
export const CHECKS = {
  not_a_server_error: 'no request, valid or invalid, is answered with a 5xx',
  status_code_conformance: 'every answer has a status its operation documents (an exact code, a range or default)',
  content_type_conformance: 'every answer with a body has a media type its response documents',
  response_schema_conformance: "a JSON answer matches its response's schema",
  response_headers_conformance: 'every header a response documents as required is present and matches its schema',
  negative_data_rejection: 'a request with one documented constraint broken is refused with a 4xx',
  positive_data_acceptance: 'a request the document allows is not refused as invalid (400 or 422)',
  ignored_auth: 'an operation that requires credentials refuses a request without them (401 or 403)',
  unsupported_method: 'a method a path does not document is not answered with a 2xx',
  use_after_free: 'a resource deleted with a 2xx is no longer readable (404 or 410)',
  ensure_resource_availability:
    'a resource created with a 2xx is readable right after, where its links or its path name it',
} as const;

export type CheckId = keyof typeof CHECKS;
export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

/** The checks judged on an answer: what an answer a mock could not build touches, and what a failure shrinks on. */
export const ANSWER_CHECKS: CheckId[] = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'response_headers_conformance',
  'positive_data_acceptance',
];

/** The checks `--check` and `--exclude-check` select: an id, or a prefix of ids (`response_`). */
export function selectChecks(include: string[], exclude: string[]): { checks: CheckId[]; unknown: string[] } {
  const matches = (pattern: string) => CHECK_IDS.filter((id) => id === pattern || id.startsWith(pattern));
  const unknown = [...include, ...exclude].filter((p) => matches(p).length === 0);
  const chosen = include.length ? CHECK_IDS.filter((id) => include.some((p) => matches(p).includes(id))) : CHECK_IDS;
  return { checks: chosen.filter((id) => !exclude.some((p) => matches(p).includes(id))), unknown };
}
