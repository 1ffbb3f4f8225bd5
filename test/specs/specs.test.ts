// Issue 2: the specs parse and bundle, hold every enum list of the documents, a well-formed rule
// catalogue, and every documented error code on the operations the documents list it for.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadModel,
  type OpenApiDocument,
  operationsOf,
  resolveRef,
  type ServiceModel,
} from '../../generator/model/index.js';
import { SERVICE_KEYS, type ServiceKey } from '../../contracts/harness/services.js';
import { documentEnums, documentsAvailable, parseDocumentEnums, SNAPSHOT_FILE } from '../support/document-enums.js';
import { enumsOf } from '../support/enums-of.js';

const models = {} as Record<ServiceKey, ServiceModel>;
const docs = {} as Record<ServiceKey, OpenApiDocument>;
beforeAll(async () => {
  for (const service of SERVICE_KEYS) {
    models[service] = await loadModel(service);
    docs[service] = models[service].document;
  }
});

const OPERATION_IDS: Record<ServiceKey, string[]> = {
  'ad-creative': [
    'getAdCreative',
    'updateAdCreative',
    'deleteAdCreative',
    'listAdCreatives',
    'createAdCreative',
    'getAdCreativePreviews',
    'listPromotablePosts',
  ],
  analytics: [
    'queryReports',
    'listGroups',
    'insertGroup',
    'updateGroup',
    'deleteGroup',
    'listGroupItems',
    'insertGroupItem',
    'deleteGroupItem',
  ],
  generative: [
    'generateContent',
    'streamGenerateContent',
    'uploadFile',
    'createFile',
    'listFiles',
    'getFile',
    'deleteFile',
    'createCachedContent',
    'listCachedContents',
    'getCachedContent',
    'updateCachedContent',
    'deleteCachedContent',
  ],
};

const RULE_PREFIX: Record<ServiceKey, string> = { 'ad-creative': 'ADC', analytics: 'ANA', generative: 'GEN' };

function rulesOf(model: ServiceModel): any[] {
  const document = model.document;
  const rules = [...(document['x-rules'] ?? [])];
  for (const { operation } of operationsOf(model)) rules.push(...(operation['x-rules'] ?? []));
  for (const schema of Object.values<any>(document.components?.schemas ?? {})) rules.push(...(schema['x-rules'] ?? []));
  return rules;
}

describe.each(SERVICE_KEYS)('spec %s', (service) => {
  it('bundles as an OpenAPI 3.1 document with servers and paths', () => {
    const doc = docs[service];
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThanOrEqual(3);
    expect(doc.servers?.[0]?.url).toContain('{base_url}');
  });

  it('has exactly the fixed operationIds', () => {
    const ids = operationsOf(models[service])
      .map((o) => o.operation.operationId)
      .sort();
    expect(ids).toEqual([...OPERATION_IDS[service]].sort());
  });

  it('holds every enum list of its document, whole', () => {
    const all = enumsOf(docs[service]).map((values) => new Set(values));
    for (const expected of documentEnums().filter((e) => e.service === service && e.name !== 'OAuth scopes')) {
      const missing = expected.values.filter((v) => !all.some((set) => set.has(v)));
      const whole = all.some((set) => expected.values.every((v) => set.has(v)));
      expect({ enum: expected.name, missing }).toEqual({ enum: expected.name, missing: [] });
      expect(whole, `${expected.name}: no single enum holds all ${expected.count} values`).toBe(true);
    }
  });

  it('gives every operation a success example and a response with a named example for each of its x-errors', () => {
    const doc = docs[service];
    for (const { operation } of operationsOf(models[service])) {
      const success = Object.entries<any>(operation.responses ?? {}).find(([status]) => status.startsWith('2'));
      expect(success, `${operation.operationId}: no 2xx response`).toBeDefined();
      const errors: any[] = operation['x-errors'] ?? [];
      expect(errors.length, `${operation.operationId}: empty x-errors`).toBeGreaterThan(0);
      for (const error of errors) {
        const response = resolveRef(doc, operation.responses?.[String(error.http)]);
        expect(response, `${operation.operationId}: no ${error.http} response`).toBeDefined();
        const exampleName = service === 'ad-creative' ? `code${error.code}` : error.status;
        const examples = Object.values<any>(response.content ?? {}).map((media) => media.examples ?? {});
        const example = examples
          .map((e) => (e[exampleName] ? resolveRef(doc, e[exampleName]) : undefined))
          .find(Boolean);
        expect(example, `${operation.operationId}: no example ${exampleName} under ${error.http}`).toBeDefined();
        const body = example.value;
        if (service === 'ad-creative') {
          expect(body.error).toMatchObject({
            code: error.code,
            message: expect.any(String),
            type: expect.any(String),
            fbtrace_id: expect.any(String),
          });
        } else {
          expect(body.error).toMatchObject({ code: error.http, status: error.status, message: expect.any(String) });
        }
      }
    }
  });

  it('catalogues rules with well-formed, unique ids and complete entries', () => {
    const rules = rulesOf(models[service]);
    expect(rules.length).toBeGreaterThan(10);
    const pattern = new RegExp(`^${RULE_PREFIX[service]}(-[A-Z0-9]+)+$`);
    const seen = new Set<string>();
    for (const rule of rules) {
      expect(rule.id, JSON.stringify(rule)).toMatch(pattern);
      expect(seen.has(rule.id), `duplicate rule id ${rule.id}`).toBe(false);
      seen.add(rule.id);
      expect(typeof rule.text === 'string' && rule.text.length > 10, `${rule.id}: text`).toBe(true);
      expect(typeof rule.source === 'string' && rule.source.length > 2, `${rule.id}: source`).toBe(true);
      expect(typeof rule.statefulOnly, `${rule.id}: statefulOnly`).toBe('boolean');
      if (rule.statefulOnly)
        expect(typeof rule.reason === 'string' && rule.reason.length > 5, `${rule.id}: reason`).toBe(true);
      if (rule.violation) {
        expect(typeof rule.violation.http, `${rule.id}: violation.http`).toBe('number');
        if (service === 'ad-creative') expect(typeof rule.violation.code).toBe('number');
        else expect(rule.violation.status).toMatch(/^[A-Z_]+$/);
      }
    }
  });

  it('uses no operator brand names', () => {
    // Allowed: wire names the public services fix (trace id, upload headers, @type URLs) and values the documents use themselves.
    const text = JSON.stringify(docs[service]).replace(
      /fbtrace_id|x-goog-[a-z-]+|X-Goog-[A-Za-z-]+|type\.googleapis\.com\/[\w.]+|WHATSAPP_MESSAGE/g,
      '',
    );
    expect(text).not.toMatch(/facebook|instagram|youtube|gemini|google|whatsapp|messenger/i);
  });
});

describe('rule catalogue across services', () => {
  it('has no id twice across the three specs', () => {
    const ids = SERVICE_KEYS.flatMap((s) => rulesOf(models[s]).map((r) => r.id));
    expect(ids.length).toBe(new Set(ids).size);
  });
});

describe('documented error codes (ad creative Errors table)', () => {
  const listedFor: Record<string, string> = {
    read: 'getAdCreative',
    update: 'updateAdCreative',
    delete: 'deleteAdCreative',
  };
  const table: Array<[number, string[]]> = [
    [100, ['read', 'update', 'delete']],
    [190, ['read']],
    [200, ['read', 'update', 'delete']],
    [270, ['read']],
    [2500, ['read']],
    [80004, ['read', 'update', 'delete']],
  ];
  it.each(table)('code %i is in x-errors of every operation it is listed for', (code, ops) => {
    const byId = Object.fromEntries(
      operationsOf(models['ad-creative']).map((o) => [o.operation.operationId, o.operation]),
    );
    for (const op of ops) {
      const codes = (byId[listedFor[op]!]['x-errors'] as any[]).map((e) => e.code);
      expect(codes, `${listedFor[op]} lacks ${code}`).toContain(code);
    }
  });
});

describe('analytics OAuth scopes', () => {
  it('declares the four documented scopes and every operation names the scopes it accepts', () => {
    const doc = docs.analytics;
    const flows = doc.components.securitySchemes.oauth2.flows;
    const scopes = Object.values<any>(flows).flatMap((f) => Object.keys(f.scopes));
    for (const scope of documentEnums().find((e) => e.name === 'OAuth scopes')!.values) {
      expect(
        scopes.some((s) => s.endsWith(`/${scope}`)),
        scope,
      ).toBe(true);
    }
    for (const { operation } of operationsOf(models.analytics)) {
      const named = (operation.security ?? doc.security).flatMap((req: any) => req.oauth2 ?? []);
      expect(named.length, operation.operationId).toBeGreaterThan(0);
    }
  });
});

describe('document enum snapshot', () => {
  it.runIf(documentsAvailable())('matches the service documents beside the clone', () => {
    expect(parseDocumentEnums()).toEqual(JSON.parse(fs.readFileSync(SNAPSHOT_FILE, 'utf8')));
  });
  // Guards the parsing: only meaningful on the documents themselves (the snapshot is the parse's own output).
  it.runIf(documentsAvailable())('counts what each document lists', () => {
    for (const e of parseDocumentEnums()) expect(e.values.length, e.name).toBe(e.count);
  });
});
