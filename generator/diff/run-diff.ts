// A diff from two inputs to a result: each resolved (file or git revision) and loaded, compared, the ignore file
// applied. Both the command line and generate's change summary start here.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CodeCheck } from './check-code.js';
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
  /** `--check-code`: a project's tsconfig.json, type-checked against each side's generated package. */
  checkCode?: { tsconfig: string; package?: string; key?: string };
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
  const codeCheck = options.checkCode && (await projectCheck(options.checkCode, base, revision, findings));
  return {
    result: {
      ...result(
        { source: base.source, openapi: base.openapi },
        { source: revision.source, openapi: revision.openapi },
        findings,
        options.failOn ?? 'error',
      ),
      ...(codeCheck ? { codeCheck } : {}),
    },
    base,
    revision,
    findings,
  };
}

/** The project type-checked against the packages both sides generate (with the key its own package was made with). */
async function projectCheck(
  options: NonNullable<RunOptions['checkCode']>,
  base: Side,
  revision: Side,
  findings: Finding[],
): Promise<CodeCheck> {
  const { checkCode, findPackage, packageKey } = await import('./check-code.js');
  const { generatePackage } = await pipeline();
  const { defaultPackageKey } = await import('../model/package-key.js');
  const tsconfig = path.resolve(options.tsconfig);
  if (!fs.existsSync(tsconfig)) throw new Error(`--check-code ${options.tsconfig}: no such file`);
  const folder = path.resolve(options.package ?? findPackage(tsconfig));
  const key = options.key ?? packageKey(folder) ?? defaultPackageKey(revision.file);
  const make = (side: Side) => generatePackage({ key, spec: side.file }, { onWarning: () => {} });
  const [before, after] = [await make(base), await make(revision)];
  return checkCode(tsconfig, folder, before, after, findings);
}

/**
 * The generator's pipeline, loaded only for `--check-code`: from its own bundle when the command runs from the
 * bundled generator (run.mjs names it), so that the diff's bundle does not carry the emitters; else its source.
 */
async function pipeline(): Promise<typeof import('../pipeline.js')> {
  // The bundle is CommonJS, compiled without a dynamic import callback: it requires.
  const bundled = process.env.SPEC_FIRST_PIPELINE_MODULE;
  if (bundled) return createRequire(import.meta.url)(bundled);
  return import(new URL('../pipeline.js', import.meta.url).href);
}
