// Copied from templates/runtime/server/index.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The server runtime of a generated package: the router and the error helpers handlers use.
export { createRouter } from './router.js';
export type {
  CredentialSource,
  Credentials,
  HandlerInput,
  HandlerResult,
  ParamDef,
  RouteDef,
  RouterOptions,
  ServerLogger,
  ValidateFunction,
} from './router.js';
export {
  documentedError,
  httpOf,
  invalidRequest,
  isServiceError,
  makeGraphError,
  makeStatusError,
  methodNotAllowed,
  ServiceError,
} from './errors.js';
export type {
  DocumentedError,
  DocumentedErrorDef,
  ErrorStyle,
  FieldViolation,
  GraphErrorInit,
  RouterAnswer,
  RouterAnswers,
  StatusErrorInit,
} from './errors.js';
export type { BodyDef, BodyKind, MediaPart } from './body.js';
export { isSerializedJson, serializeJson } from './serialized-json.js';
export type { JsonBody, SerializedJson } from './serialized-json.js';
export type { KeptAnswerLimits, ReuseCheck } from './kept-answers.js';
