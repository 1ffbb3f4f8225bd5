// Issue 2: Prism serves each spec: every operation answers its documented success example, the answer
// validates against the spec's response schema, and an invalid request is refused.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, requestUrl } from '../../contracts/harness/example-request.js';
import { bundleToTempFile } from '../../contracts/targets/bundle-to-file.js';
import { startPrism, type PrismProcess } from '../../contracts/targets/prism-process.js';
import { loadSpec, type OpenApiDocument, resolveRef, SERVICE_KEYS } from '../../specs/index.js';
import { cleanSchema } from '../../generator/emitters/validator-schemas.js';
import { operationsOf } from '../support/walk.js';

const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

describe.each(SERVICE_KEYS)('Prism mock of %s', (service) => {
  let prism: PrismProcess;
  let doc: OpenApiDocument;
  let ajv: Ajv2020;

  beforeAll(async () => {
    doc = (await loadSpec(service)).document;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // The generator's own cleaning: OpenAPI formats (int32, uint64, byte, ...) become plain keywords.
    ajv.addSchema({ $id: 'spec', components: cleanSchema(doc.components, 'spec') });
    prism = await startPrism(await bundleToTempFile(service));
  }, 90_000);
  afterAll(async () => prism?.stop());

  it('answers every operation with a documented status and a body valid against its schema', async () => {
    const seen: string[] = [];
    for (const { path, method, operation } of operationsOf(doc)) {
      const req = exampleRequest(doc, path, method, { accessToken: 'token', apiKey: 'key' });
      const res = await fetch(requestUrl(prism.baseUrl, req), {
        method: req.method,
        headers: { ...req.headers, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
        body: req.body as string | undefined,
      });
      const text = await res.text();
      expect
        .soft(req.documentedStatuses, `${operation.operationId}: ${res.status} ${text.slice(0, 300)}`)
        .toContain(String(res.status));
      expect.soft(res.status, `${operation.operationId}: ${text.slice(0, 300)}`).toBeLessThan(300);
      const response = resolveRef(doc, operation.responses[String(res.status)] ?? {});
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!;
      const schema = response.content?.[contentType]?.schema;
      if (schema && contentType.includes('json')) {
        const validate = ajv.compile(cleanSchema(schema, 'spec'));
        const ok = validate(JSON.parse(text));
        expect.soft(ok, `${operation.operationId}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
      seen.push(operation.operationId);
    }
    expect(seen.length).toBe(operationsOf(doc).length);
  });

  it('refuses a request that breaks the spec', async () => {
    // A required query parameter left out, or (a spec without one: generative) a required body member.
    const withRequired = operationsOf(doc).find(({ operation }) =>
      (operation.parameters ?? []).some((p: any) => resolveRef(doc, p).required && resolveRef(doc, p).in === 'query'),
    );
    const withBody = operationsOf(doc).find(
      ({ operation }) =>
        resolveRef(doc, operation.requestBody?.content?.['application/json']?.schema ?? {}).required?.length,
    );
    const chosen = withRequired ?? withBody;
    expect(chosen, 'an operation with a required query parameter or body member').toBeDefined();
    const req = exampleRequest(doc, chosen!.path, chosen!.method, { accessToken: 'token', apiKey: 'key' });
    if (withRequired) {
      const required = (withRequired.operation.parameters ?? [])
        .map((p: any) => resolveRef(doc, p))
        .find((p: any) => p.required && p.in === 'query');
      delete req.query[required.name];
    } else {
      const schema = resolveRef(doc, chosen!.operation.requestBody.content['application/json'].schema);
      const body = JSON.parse(String(req.body));
      delete body[schema.required[0]];
      req.body = JSON.stringify(body);
    }
    const res = await fetch(requestUrl(prism.baseUrl, req), {
      method: req.method,
      headers: { ...req.headers, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
      body: req.body as string | undefined,
    });
    const text = await res.text();
    expect(
      res.status,
      `${req.method} ${req.path} ${String(req.body).slice(0, 200)} -> ${text.slice(0, 300)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
