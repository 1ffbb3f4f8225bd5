// Copied from templates/runtime/server/body-errors.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The two ways a request body is refused before its handler runs: too large (413) or undecodable (400).

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body exceeds ${limit} bytes`);
  }
}

/** A body that could not be decoded; `field` names the culprit when there is one. */
export class BodyParseError extends Error {
  constructor(
    message: string,
    readonly field = 'body',
  ) {
    super(message);
  }
}
