// Emits rules.ts: the service's x-rules catalogue as a typed constant, for the contract suite.
import type { ServiceModel } from '../model/types.js';
import { StructureKind } from 'ts-morph';
import { stringLiteral, valueLiteral } from './escape.js';
import { printStructure } from './print-structure.js';

export function emitRules(service: ServiceModel): string {
  const rules = service.rules.map((r) => {
    const entry: Record<string, unknown> = {
      id: r.id,
      service: r.service,
      text: r.text,
      source: r.source,
      statefulOnly: r.statefulOnly,
    };
    if (r.reason) entry.reason = r.reason;
    if (r.operationId) entry.operationId = r.operationId;
    if (r.violation) entry.violation = r.violation;
    entry.evidence = r.evidence;
    if (r.violationEvidence) entry.violationEvidence = r.violationEvidence;
    return entry;
  });
  return printStructure({
    statements: [
      {
        kind: StructureKind.Interface,
        isExported: true,
        name: 'Evidence',
        docs: [
          'Where an expectation comes from: the service document, the public service, or only a convention of this project.',
        ],
        properties: [
          { name: 'kind', isReadonly: true, type: "'document' | 'public' | 'convention'" },
          {
            name: 'ref',
            isReadonly: true,
            type: 'string',
            docs: ['The section of the document or notes, the public source, or the convention.'],
          },
          {
            name: 'covers',
            isReadonly: true,
            hasQuestionToken: true,
            type: "'code' | 'http'",
            docs: [
              'The part of an error expectation it backs (the code or status name, or the HTTP status); both when absent.',
            ],
          },
        ],
      },
      {
        kind: StructureKind.Interface,
        isExported: true,
        name: 'Rule',
        docs: ['One documented rule: the contract suite keys exactly one test to its id.'],
        properties: [
          { name: 'id', isReadonly: true, type: 'string' },
          { name: 'service', isReadonly: true, type: 'string' },
          { name: 'text', isReadonly: true, type: 'string' },
          {
            name: 'source',
            isReadonly: true,
            type: 'string',
            docs: ['Where the rule is written: section of the service document.'],
          },
          {
            name: 'statefulOnly',
            isReadonly: true,
            type: 'boolean',
            docs: ['True when a stateless mock cannot honour it.'],
          },
          { name: 'reason', isReadonly: true, hasQuestionToken: true, type: 'string' },
          { name: 'operationId', isReadonly: true, hasQuestionToken: true, type: 'string' },
          {
            name: 'violation',
            isReadonly: true,
            hasQuestionToken: true,
            type: '{ readonly http: number; readonly code?: number; readonly status?: string }',
          },
          {
            name: 'evidence',
            isReadonly: true,
            type: 'readonly Evidence[]',
            docs: [
              "What backs the rule's behaviour; only `convention` entries: a broken expectation is a warning unless --strict.",
            ],
          },
          {
            name: 'violationEvidence',
            isReadonly: true,
            hasQuestionToken: true,
            type: 'readonly Evidence[]',
            docs: ['What backs the exact status/code of `violation`, when that differs from `evidence`.'],
          },
        ],
      },
      `export const RULES = ${valueLiteral(rules, 2)} as const satisfies readonly Rule[];`,
      `export type RuleId = (typeof RULES)[number]['id'];`,
      `export const SERVICE = ${stringLiteral(service.key)};`,
    ],
  });
}
