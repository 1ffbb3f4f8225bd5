// Findings made from the comparisons' raw changes: the registry gives level and direction, the written documents
// check each pointer (cut back to the nearest node that exists) and give YAML lines, the model names the code.
import { type CodeEffect, check } from './checks.js';
import { codeVerdict } from './code-impact.js';
import type { Finding, Level, OperationRef, Place } from './finding.js';
import { fingerprint } from './fingerprint.js';
import type { Side } from './load.js';
import type { OperationModel } from '../model/types.js';
import { existing } from './pointer.js';

export interface Raw {
  id: string;
  operation?: { ref: OperationRef; base?: OperationModel; revision?: OperationModel };
  location: string;
  base?: string;
  revision?: string;
  message: string;
  level?: Level;
  member?: string;
  tsTypes?: [string[], string[]];
  /** A code effect other than the check's. */
  code?: CodeEffect;
}

export class Reporter {
  readonly findings: Finding[] = [];

  constructor(
    private readonly base: Side,
    private readonly revision: Side,
  ) {}

  private place(side: Side, pointer: string | undefined): Place | undefined {
    if (pointer === undefined) return undefined;
    const at = existing(side.written, pointer);
    const line = side.lineOf?.(at);
    return line === undefined ? { pointer: at } : { pointer: at, line };
  }

  add(raw: Raw): void {
    const meta = check(raw.id);
    const level = raw.level ?? meta.level;
    const model = raw.operation?.revision ?? raw.operation?.base;
    const base = this.place(this.base, raw.base);
    const revision = this.place(this.revision, raw.revision);
    this.findings.push({
      id: meta.id,
      ...(meta.oasdiff ? { oasdiff: meta.oasdiff } : {}),
      level,
      direction: meta.direction,
      ...(raw.operation ? { operation: raw.operation.ref } : {}),
      location: raw.location,
      ...(base ? { base } : {}),
      ...(revision ? { revision } : {}),
      message: raw.message,
      fingerprint: fingerprint([
        meta.id,
        raw.operation?.ref.method,
        raw.operation?.ref.path.replace(/\{[^}]*\}/g, '{}'),
        raw.location,
        raw.message,
      ]),
      code: codeVerdict({
        effect: raw.code ?? meta.code,
        level,
        direction: meta.direction,
        operation: model,
        // Only the rename itself names the old function: the operation's other changes are the new one's.
        renamedFrom: meta.id === 'endpoint.operation-id-changed' ? raw.operation?.base : undefined,
        member: raw.member,
        pointers: [base?.pointer, revision?.pointer],
        tsTypes: raw.tsTypes,
      }),
    });
  }
}
