// Issue 2: Prism serves each spec: every operation answers its documented success example, the answer
// validates against the spec's response schema, and an invalid request is refused.
import fs from 'node:fs';
import nodePath from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest, requestUrl } from '../../contracts/harness/example-request.js';
import { bundleToTempFile } from '../../contracts/targets/bundle-to-file.js';
import { startPrism, type PrismProcess } from '../../contracts/targets/prism-process.js';
import {
  loadModel,
  type OpenApiDocument,
  type OperationSource,
  operationsOf,
  resolveRef,
  type ServiceModel,
} from '../../generator/model/index.js';
import { SERVICE_KEYS } from '../../contracts/harness/services.js';
import { cleanSchema } from '../../generator/emitters/validator-schemas.js';

const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

describe.each(SERVICE_KEYS)('Prism mock of %s', (service) => {
  let prism: PrismProcess;
  let doc: OpenApiDocument;
  let model: ServiceModel;
  let ajv: Ajv2020;
  let specFile: string | undefined;

  beforeAll(async () => {
    model = await loadModel(service);
    doc = model.document;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // The generator's own cleaning: OpenAPI formats (int32, uint64, byte, ...) become plain keywords.
    ajv.addSchema({ $id: 'spec', components: cleanSchema(doc.components, 'spec') });
    specFile = await bundleToTempFile(service);
    prism = await startPrism(specFile);
  }, 90_000);
  afterAll(async () => {
    await prism?.stop();
    if (specFile) fs.rmSync(nodePath.dirname(specFile), { recursive: true, force: true });
  });

  it('answers every operation with a documented status and a body valid against its schema', async () => {
    const seen: string[] = [];
    for (const { path, method, operation } of operationsOf(model)) {
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
      const response = resolveRef(doc, operation.responses?.[String(res.status)] ?? {});
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!;
      const schema = response.content?.[contentType]?.schema;
      if (schema && contentType.includes('json')) {
        const validate = ajv.compile(cleanSchema(schema, 'spec'));
        const ok = validate(JSON.parse(text));
        expect.soft(ok, `${operation.operationId}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
      seen.push(operation.operationId);
    }
    expect(seen.length).toBe(operationsOf(model).length);
  });

  it('refuses a request that breaks the spec', async () => {
    // A required query parameter left out, or (a spec without one: generative) a required body member.
    const requiredQuery = (o: OperationSource) => o.model.parameters.find((p) => p.required && p.in === 'query');
    const jsonBody = (o: OperationSource) => o.model.requestBodies.find((b) => b.contentType === 'application/json');
    const withRequired = operationsOf(model).find((o) => requiredQuery(o));
    const withBody = operationsOf(model).find((o) => jsonBody(o)?.requiredFields.length);
    const chosen = withRequired ?? withBody;
    expect(chosen, 'an operation with a required query parameter or body member').toBeDefined();
    const req = exampleRequest(doc, chosen!.path, chosen!.method, { accessToken: 'token', apiKey: 'key' });
    if (withRequired) {
      delete req.query[requiredQuery(withRequired)!.name];
    } else {
      const body = JSON.parse(String(req.body));
      delete body[jsonBody(chosen!)!.requiredFields[0]!];
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
