// Copied from templates/runtime/server/index.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// The server runtime of a generated package: the router and the error helpers handlers use.
export { createRouter } from './router.js';
export { compileValidators, ValidatorCompileError, type RefusedValidator } from './compile-validators.js';
export type { ClientErrorListener, RouterOptions, ServerLogger, ServiceListener } from './router.js';
export type { CredentialSource, ParamDef, RouteDef, ValidateFunction } from './route-def.js';
export type { Credentials } from './credentials.js';
export type { HandlerInput, HandlerResult } from './handler.js';
export { RouteTable, pathTemplate } from './route-table.js';
export { entityTagOf } from './conditional.js';
export { callbackUrl, type CallbackAnswer } from './callback-url.js';
export { sharedReceiver, type SharedReceiver, type WebhookKey } from './receiver-dispatch.js';
export type { PathTemplate, RouteMatch, RouteTemplate } from './route-table.js';
export {
  documentedAnswer,
  documentedError,
  httpOf,
  invalidRequest,
  isServiceError,
  makeGraphError,
  makeProblem,
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
  ProblemDetails,
  RouterAnswer,
  RouterAnswers,
  StatusErrorInit,
  StatusRange,
} from './errors.js';
export type { BodyDef, BodyKind, MediaPart } from './body.js';
export { isMediaPart } from './body.js';
export { isSerializedJson, serializedJsonText, serializeJson } from './serialized-json.js';
export type { JsonBody, SerializedJson } from './serialized-json.js';
