// Each operation's example request for a session (its credentials and fixture ids put in), and sending it.
import { generatedSpec, type OperationSource } from '../../generator/model/index.js';
import type { ServiceKey } from './services.js';
import type { SessionInfo } from './session.js';
import { SPEC_EXAMPLE_IDS } from '../targets/fixtures/example-ids.js';
import { exampleRequest, type ExampleRequest } from './example-request.js';

/** The example request of an operation, with the session's credentials and fixture ids put in. */
export function fixtureRequest(
  info: SessionInfo,
  service: ServiceKey,
  op: Pick<OperationSource, 'path' | 'method'>,
): ExampleRequest {
  const f = info.fixtures;
  const credentials =
    service === 'ad-creative'
      ? { accessToken: f['ad-creative'].accessToken }
      : service === 'analytics'
        ? { accessToken: f.analytics.accessToken }
        : { apiKey: f.generative.apiKey };
  const request = exampleRequest(generatedSpec(service).document, op.path, op.method, credentials);
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

/** The spec's example resource ids (SPEC_EXAMPLE_IDS) a request still names: none once each is mapped. */
export function exampleIdsNamed(service: ServiceKey, request: ExampleRequest): string[] {
  const text = [request.path, ...Object.values(request.query), typeof request.body === 'string' ? request.body : ''];
  return SPEC_EXAMPLE_IDS[service].filter((id) =>
    text.some((t) => t.includes(id) || t.includes(encodeURIComponent(id))),
  );
}

/** Puts the target's own id where an example request names the spec's example id. */
function replaceId(request: ExampleRequest, from: string, to: string): void {
  const swap = (text: string) => text.split(from).join(to);
  request.path = request.path.split(encodeURIComponent(from)).join(encodeURIComponent(to));
  for (const [k, v] of Object.entries(request.query)) request.query[k] = swap(v);
  if (typeof request.body === 'string') request.body = swap(request.body);
}

/** The session's address of a service a request path goes to: an upload path to its upload address. */
export function serviceBase(info: SessionInfo, service: ServiceKey, requestPath: string): string {
  const endpoint = info.endpoints[service]!;
  return requestPath.startsWith('/upload/') ? endpoint.uploadUrl : endpoint.baseUrl;
}

/** Sends an example request through the recorder's fetch. */
export async function send(
  info: SessionInfo,
  service: ServiceKey,
  fetchImpl: typeof fetch,
  request: ExampleRequest,
): Promise<Response> {
  const url = new URL(serviceBase(info, service, request.path).replace(/\/$/, '') + request.path);
  for (const [k, v] of Object.entries(request.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...request.headers };
  if (request.contentType) headers['content-type'] = request.contentType;
  return fetchImpl(url, { method: request.method, headers, body: request.body as BodyInit | undefined });
}
