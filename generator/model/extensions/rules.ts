// `x-rules` (root, operation, schema): the rule catalogue, each rule with its evidence.
import { METHODS } from '../methods.js';
import type { OpenApiDocument } from '../ref.js';
import type { EvidenceModel, RuleModel } from '../types.js';

const EVIDENCE_KINDS = new Set(['document', 'public', 'convention']);

/** An `evidence` list as the model keeps it: entries of a known kind with a ref (others are the spec lint's to flag). */
export function evidenceOf(raw: unknown): EvidenceModel[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((e: any) => e && EVIDENCE_KINDS.has(e.kind) && typeof e.ref === 'string')
    .map(
      (e: any): EvidenceModel => ({
        kind: e.kind,
        ref: e.ref,
        ...(e.covers === 'code' || e.covers === 'http' ? { covers: e.covers } : {}),
      }),
    );
}

export function collectRules(service: string, document: OpenApiDocument): RuleModel[] {
  const rules: RuleModel[] = [];
  const add = (raw: any[] | undefined, operationId?: string) => {
    for (const r of raw ?? []) {
      rules.push({
        id: r.id,
        service,
        text: r.text,
        source: r.source,
        statefulOnly: r.statefulOnly === true,
        reason: r.reason,
        operationId,
        violation: r.violation,
        evidence: evidenceOf(r.evidence),
        ...(r.violationEvidence ? { violationEvidence: evidenceOf(r.violationEvidence) } : {}),
      });
    }
  };
  add(document['x-rules']);
  for (const item of Object.values<any>(document.paths ?? {})) {
    for (const m of METHODS) if (item[m]) add(item[m]['x-rules'], item[m].operationId);
  }
  for (const schema of Object.values<any>(document.components?.schemas ?? {})) add(schema['x-rules']);
  const seen = new Set<string>();
  for (const r of rules) {
    if (seen.has(r.id)) throw new Error(`${service}: rule id ${r.id} appears twice`);
    seen.add(r.id);
  }
  return rules.sort((a, b) => compareRuleIds(a.id, b.id));
}

/** X-TEXT-2 before X-TEXT-10: numeric parts compare as numbers. */
export function compareRuleIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The ids of the rules an operation declares. */
export function operationRuleIds(op: any): string[] {
  return (op['x-rules'] ?? []).map((r: any) => r.id);
}
