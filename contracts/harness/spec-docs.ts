// The bundled specs the generator wrote beside each package, with each operation's example request.
import fs from 'node:fs';
import path from 'node:path';
import { type OpenApiDocument, ROOT, type ServiceKey } from '../../specs/index.js';
import type { SessionInfo } from './session.js';
import { exampleRequest, type ExampleRequest } from './example-request.js';

const cache = new Map<ServiceKey, OpenApiDocument>();

export function specOf(service: ServiceKey): OpenApiDocument {
  let doc = cache.get(service);
  if (!doc) {
    doc = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated', service, 'openapi.json'), 'utf8')) as OpenApiDocument;
    cache.set(service, doc);
  }
  return doc;
}

export interface OperationRef {
  operationId: string;
  path: string;
  method: string;
  operation: any;
}

/** Every operation of a spec, in a stable order. */
export function operationsOf(service: ServiceKey): OperationRef[] {
  const doc = specOf(service);
  const out: OperationRef[] = [];
  for (const [p, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (item[method]) out.push({ operationId: item[method].operationId, path: p, method, operation: item[method] });
    }
  }
  return out.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/** The example request of an operation, with the session's credentials and fixture ids put in. */
export function fixtureRequest(info: SessionInfo, service: ServiceKey, op: OperationRef): ExampleRequest {
  const f = info.fixtures;
  const credentials =
    service === 'ad-creative'
      ? { accessToken: f['ad-creative'].accessToken }
      : service === 'analytics'
        ? { accessToken: f.analytics.accessToken }
        : { apiKey: f.generative.apiKey };
  const request = exampleRequest(specOf(service), op.path, op.method, credentials);
  if (service === 'ad-creative') {
    request.path = request.path
      .replace(/\/v[0-9]+\.0\//, `/${f['ad-creative'].apiVersion}/`)
      .replace(/act_[0-9]+/, `act_${f['ad-creative'].adAccountId}`);
    if (request.contentType === 'application/x-www-form-urlencoded' && typeof request.body === 'string') {
      const form = new URLSearchParams(request.body);
      if (form.has('access_token')) form.set('access_token', f['ad-creative'].accessToken);
      request.body = form.toString();
    }
  }
  if (service === 'generative')
    request.path = request.path.replace(/\/models\/[^/:]+:/, `/models/${f.generative.model}:`);
  for (const [from, to] of Object.entries(f[service].exampleIds ?? {})) replaceId(request, from, to);
  return request;
}

/** Puts the target's own id where an example request names the spec's example id. */
function replaceId(request: ExampleRequest, from: string, to: string): void {
  const swap = (text: string) => text.split(from).join(to);
  request.path = request.path.split(encodeURIComponent(from)).join(encodeURIComponent(to));
  for (const [k, v] of Object.entries(request.query)) request.query[k] = swap(v);
  if (typeof request.body === 'string') request.body = swap(request.body);
}

/** Sends an example request through the recorder's fetch. */
export async function send(
  info: SessionInfo,
  service: ServiceKey,
  fetchImpl: typeof fetch,
  request: ExampleRequest,
): Promise<Response> {
  const endpoint = info.endpoints[service]!;
  const base = request.path.startsWith('/upload/') ? endpoint.uploadUrl : endpoint.baseUrl;
  const url = new URL(base.replace(/\/$/, '') + request.path);
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType) headers['content-type'] = request.contentType;
  return fetchImpl(url, { method: request.method, headers, body: request.body as BodyInit | undefined });
}
