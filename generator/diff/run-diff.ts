// A diff from two inputs to a result: each resolved (file or git revision) and loaded, compared, the ignore file
// applied. Both the command line and generate's change summary start here.
import type { Finding, Level } from './finding.js';
import { applyIgnores, readIgnoreFile } from './ignore-file.js';
import { diffSides } from './diff.js';
import { resolveInput } from './input.js';
import { loadSide, type Side } from './load.js';
import { type DiffResult, result } from './result.js';

export interface RunOptions {
  exclude?: string[];
  ignoreFile?: string;
  failOn?: Level;
  now?: Date;
}

export interface RunOutput {
  result: DiffResult;
  base: Side;
  revision: Side;
  findings: Finding[];
}

export async function runDiff(
  baseSource: string,
  revisionSource: string,
  options: RunOptions = {},
): Promise<RunOutput> {
  const [base, revision] = await Promise.all([
    loadSide(resolveInput(baseSource)),
    loadSide(resolveInput(revisionSource)),
  ]);
  const findings = diffSides(base, revision, { exclude: options.exclude, now: options.now });
  if (options.ignoreFile) applyIgnores(findings, readIgnoreFile(options.ignoreFile));
  return {
    result: result(
      { source: base.source, openapi: base.openapi },
      { source: revision.source, openapi: revision.openapi },
      findings,
      options.failOn ?? 'error',
    ),
    base,
    revision,
    findings,
  };
}
