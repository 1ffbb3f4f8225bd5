// A service's fixture request (./spec-docs.ts: the spec's example with the session's credentials and ids put in) read
// as the engine's valid request, so that *-INVALID-1 breaks it with the engine's own invalidRequests, one constraint
// each, as `spec-first test` breaks the request it draws; and an engine request sent through a rule test's recorder.
import {
  generatedSpec,
  type OperationModel,
  type ParameterModel,
  RouteTable,
  type ServiceModel,
} from '../../generator/model/index.js';
import { type InvalidRequest, invalidRequests, type RequestSettings } from '../engine/requests.js';
import { DocumentSchemas } from '../engine/schemas.js';
import { type EngineRequest, requestUrl } from '../engine/transport.js';
import type { ExampleRequest } from './example-request.js';
import type { ServiceKey } from './services.js';
import type { SessionInfo } from './session.js';
import { serviceBase } from './spec-docs.js';

const schemasOf = new Map<ServiceKey, DocumentSchemas>();

function schemas(service: ServiceKey, model: ServiceModel): DocumentSchemas {
  let found = schemasOf.get(service);
  if (!found) {
    found = new DocumentSchemas(model.document);
    schemasOf.set(service, found);
  }
  return found;
}

/** The credentials the fixture request carries, as the engine's settings place them (a bearer token, apiKeys by name). */
function settingsOf(model: ServiceModel, request: ExampleRequest): RequestSettings {
  const apiKeys: Record<string, string> = {};
  for (const scheme of model.securitySchemes) {
    if (scheme.type !== 'apiKey' || !scheme.paramName) continue;
    const value =
      scheme.in === 'query'
        ? request.query[scheme.paramName]
        : Object.entries(request.headers).find(([k]) => k.toLowerCase() === scheme.paramName!.toLowerCase())?.[1];
    if (value !== undefined) apiKeys[scheme.paramName] = value;
  }
  const authorization = Object.entries(request.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  const bearer = authorization?.match(/^Bearer (.*)$/)?.[1];
  return { bearer, apiKeys, headers: {}, values: {}, seed: 1 };
}

/** The fixture request's parameter values by the model's parameters (path values read back through the template). */
function valuesOf(op: OperationModel, request: ExampleRequest): Map<ParameterModel, unknown> {
  const table = new RouteTable([{ method: op.method.toUpperCase(), path: op.path }], { anyPrefix: true });
  const pathValues = table.match(op.method.toUpperCase(), request.path)?.params ?? {};
  const values = new Map<ParameterModel, unknown>();
  for (const p of op.parameters.filter((p) => !p.isCredential)) {
    const value =
      p.in === 'path'
        ? pathValues[p.name] === undefined
          ? undefined
          : decodeURIComponent(pathValues[p.name]!)
        : p.in === 'query'
          ? request.query[p.name]
          : p.in === 'header'
            ? Object.entries(request.headers).find(([k]) => k.toLowerCase() === p.name.toLowerCase())?.[1]
            : undefined;
    if (value !== undefined) values.set(p, value);
  }
  return values;
}

/** The fixture request's body as the value the engine writes: a JSON body parsed, a form's fields by name. */
function bodyOf(op: OperationModel, request: ExampleRequest) {
  const body = op.requestBodies.find((b) => b.contentType === request.contentType);
  if (!body || typeof request.body !== 'string') return {};
  if (body.kind === 'json') return { body, bodyValue: JSON.parse(request.body) as unknown };
  if (body.kind === 'form') return { body, bodyValue: Object.fromEntries(new URLSearchParams(request.body)) };
  return { body, bodyValue: request.body };
}

/** The engine's invalid variants of a service operation's fixture request, one constraint broken each. */
export function invalidCases(service: ServiceKey, opId: string, request: ExampleRequest): InvalidRequest[] {
  const { model } = generatedSpec(service);
  const op = model.operations.find((o) => o.id === opId)!;
  const settings = settingsOf(model, request);
  const valid = {
    request: {
      method: op.method.toUpperCase(),
      path: request.path,
      query: Object.entries(request.query),
      headers: request.headers,
      contentType: request.contentType,
      body: typeof request.body === 'string' ? request.body : undefined,
    },
    values: valuesOf(op, request),
    ...bodyOf(op, request),
  };
  return invalidRequests(model, schemas(service, model), op, valid, settings);
}

/** Sends an engine request to the session's address of the service (an upload path to its upload address). */
export function sendEngineRequest(
  info: SessionInfo,
  service: ServiceKey,
  fetchImpl: typeof fetch,
  request: EngineRequest,
): Promise<Response> {
  const base = serviceBase(info, service, request.path);
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType) headers['content-type'] = request.contentType;
  return fetchImpl(requestUrl(base, request), { method: request.method, headers, body: request.body });
}
