// Copied from templates/runtime/server/compile-validators.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Compiles every validator of a route table at once, so that a schema ajv refuses (an invalid pattern, a `$ref` to
// nothing) fails the service at its start, all of them in one error, rather than one operation at its first request.
import type { RouteDef, ValidateFunction } from './route-def.js';
import { escapeToken as token } from './json-pointer.js';

/** One validator ajv refused: its operation, the schema's place in the operation, and why. */
export interface RefusedValidator {
  operationId: string;
  /** Where the schema is, as a JSON pointer into the document (`#/paths/~1pets/post/requestBody/...`). */
  pointer: string;
  message: string;
}

/** Thrown by compileValidators: every schema ajv refuses, each with its operation and place. */
export class ValidatorCompileError extends Error {
  override name = 'ValidatorCompileError';
  constructor(readonly refused: RefusedValidator[]) {
    super(
      `${refused.length} schema${refused.length === 1 ? '' : 's'} cannot be compiled:\n${refused
        .map((r) => `  ${r.operationId} ${r.pointer}: ${r.message}`)
        .join('\n')}`,
    );
  }
}

/** Compiles every validator of the routes; throws one ValidatorCompileError naming all that fail. */
export function compileValidators(routes: readonly RouteDef[]): void {
  const refused: RefusedValidator[] = [];
  for (const route of routes) {
    // The spec's path (a request's path percent-encodes some characters the spec writes as they are).
    const operation = `#/paths/${token(safeDecode(route.path))}/${route.method.toLowerCase()}`;
    const check = (validate: ValidateFunction | undefined, pointer: string) => {
      try {
        validate?.compile?.();
      } catch (error) {
        refused.push({ operationId: route.operationId, pointer, message: (error as Error).message });
      }
    };
    check(route.validateParams, `${operation}/parameters`);
    for (const [type, validate] of Object.entries(route.validateBody))
      check(validate, `${operation}/requestBody/content/${token(type)}/schema`);
    for (const [status, validate] of Object.entries(route.validateResponse))
      check(validate, `${operation}/responses/${status}`);
  }
  if (refused.length > 0) throw new ValidatorCompileError(refused);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
