// Issue 10: every expectation of the analytics and generative specs says where it comes from. Each x-rules
// and x-errors entry has `evidence: [{kind, ref}]` (document / public / convention), `violationEvidence`
// where a rule's exact status has other backing than its behaviour, and each rule's violation is one of
// the errors its operation lists (so the suite can find the exact status's evidence there too).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadModel, type OpenApiDocument, operationsOf, type ServiceModel } from '../../generator/model/index.js';

const SERVICES: Partial<Record<'analytics' | 'generative', string>> = {
  analytics: 'analytics-service.md',
  generative: 'generative-service.md',
};
type Service = 'analytics' | 'generative';

const models = {} as Record<Service, ServiceModel>;
const docs = {} as Record<Service, OpenApiDocument>;
beforeAll(async () => {
  for (const service of Object.keys(SERVICES) as Service[]) {
    models[service] = await loadModel(service);
    docs[service] = models[service].document;
  }
});

function checkEvidence(where: string, evidence: unknown, documentName: string): void {
  expect(Array.isArray(evidence) && evidence.length > 0, `${where}: evidence`).toBe(true);
  for (const entry of evidence as Array<{ kind: string; ref: string }>) {
    expect(['document', 'public', 'convention'], `${where}: kind ${entry.kind}`).toContain(entry.kind);
    expect(typeof entry.ref === 'string' && entry.ref.length > 10, `${where}: ref`).toBe(true);
    if (entry.kind === 'document') expect(entry.ref, where).toContain(documentName);
    if (entry.kind === 'public')
      expect(entry.ref, where).toMatch(
        /public-service-notes|public reference|public client|cookbook|recorded public traffic/,
      );
    if (entry.kind === 'convention') expect(entry.ref, where).toContain('spec-conventions');
  }
}

function rulesWithOperation(model: ServiceModel): Array<{ rule: any; operation?: any }> {
  const out: Array<{ rule: any; operation?: any }> = (model.document['x-rules'] ?? []).map((rule: any) => ({ rule }));
  for (const { operation } of operationsOf(model))
    for (const rule of operation['x-rules'] ?? []) out.push({ rule, operation });
  return out;
}

describe.each(Object.keys(SERVICES) as Service[])('evidence in the %s spec', (service) => {
  it('every rule has evidence, and violationEvidence is well-formed where given', () => {
    for (const { rule } of rulesWithOperation(models[service])) {
      checkEvidence(rule.id, rule.evidence, SERVICES[service]!);
      if (rule.violationEvidence !== undefined) {
        expect(rule.violation, `${rule.id}: violationEvidence without violation`).toBeDefined();
        checkEvidence(`${rule.id} violation`, rule.violationEvidence, SERVICES[service]!);
      }
    }
  });

  it('every x-errors entry has evidence', () => {
    for (const { operation } of operationsOf(models[service])) {
      for (const error of operation['x-errors'])
        checkEvidence(`${operation.operationId} ${error.http} ${error.status}`, error.evidence, SERVICES[service]!);
    }
  });

  it("every rule's violation is an error its operation (or, for a service-wide rule, some operation) lists", () => {
    const all = operationsOf(models[service]).map((o) => o.operation);
    for (const { rule, operation } of rulesWithOperation(models[service])) {
      if (!rule.violation) continue;
      const candidates = operation ? [operation] : all;
      const listed = candidates.some((op) =>
        op['x-errors'].some((e: any) => e.http === rule.violation.http && e.status === rule.violation.status),
      );
      expect(listed, `${rule.id}: ${rule.violation.http} ${rule.violation.status}`).toBe(true);
    }
  });

  it('every x-evidence beside a schema keyword is well-formed', () => {
    const found: Array<{ kind: string; ref: string }> = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === 'x-evidence') found.push(value as { kind: string; ref: string });
          else walk(value);
        }
      }
    };
    walk(docs[service]);
    expect(found.length).toBeGreaterThan(5);
    for (const entry of found) checkEvidence('x-evidence', [entry], SERVICES[service]!);
  });
});
