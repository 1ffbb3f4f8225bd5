// The result of a diff as every format reads it: both inputs, the findings in a stable order, and the summary.
import type { CodeCheck } from './check-code.js';
import type { Finding, Level } from './finding.js';
import { reaches } from './finding.js';

export interface DiffResult {
  tool: 'spec-first';
  base: { source: string; openapi: string };
  revision: { source: string; openapi: string };
  failOn: Level;
  summary: { error: number; warning: number; info: number; ignored: number; breaking: boolean; codeBreaking: number };
  changes: Finding[];
  /** With `--check-code`: the project checked and the type errors no finding explains. */
  codeCheck?: CodeCheck;
}

const ORDER: Record<Level, number> = { error: 0, warning: 1, info: 2 };

export function result(
  base: DiffResult['base'],
  revision: DiffResult['revision'],
  findings: Finding[],
  failOn: Level,
): DiffResult {
  const changes = [...findings].sort(
    (a, b) =>
      ORDER[a.level] - ORDER[b.level] ||
      (a.operation?.path ?? '').localeCompare(b.operation?.path ?? '') ||
      (a.operation?.method ?? '').localeCompare(b.operation?.method ?? '') ||
      a.id.localeCompare(b.id) ||
      a.location.localeCompare(b.location),
  );
  const counted = changes.filter((c) => !c.ignored);
  const count = (level: Level) => counted.filter((c) => c.level === level).length;
  return {
    tool: 'spec-first',
    base,
    revision,
    failOn,
    summary: {
      error: count('error'),
      warning: count('warning'),
      info: count('info'),
      ignored: changes.length - counted.length,
      breaking: counted.some((c) => reaches(c.level, failOn)),
      codeBreaking: counted.filter((c) => c.code.verdict === 'breaks').length,
    },
    changes,
  };
}

export const operationText = (f: Finding): string =>
  f.operation
    ? `${f.operation.method} ${f.operation.path}${f.operation.operationId ? ` (${f.operation.operationId})` : ''}`
    : 'document';
