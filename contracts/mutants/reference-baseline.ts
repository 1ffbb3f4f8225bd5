// The strict reference run of one service, kept as the mutation gate's baseline: the test run
// (test/reference/reference-suite.test.ts) writes which rules failed there, and `npm run mutants -- --baseline-from
// <dir>` takes that instead of running the same strict suite again, so CI runs it once. A file counts only for the
// sources it was written from: its fingerprint hashes every file a verdict of the reference can depend on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../generator/model/index.js';
import type { ServiceKey } from '../harness/services.js';
import { isCaught } from './report.js';
import type { FailedRule } from './worker.js';

/** Where the test run writes its baselines (`.ci/run` hands this folder to the gate). */
export const REFERENCE_BASELINE_DIR = path.join(ROOT, 'reports', 'reference-baseline');

/** What the contract suite, the reference and their inputs are made of (node_modules: the lock file stands for it). */
const SOURCES = ['contracts', 'reference', 'generated', 'specs', 'templates', 'generator', 'package-lock.json'];

interface VerdictLike {
  ruleId: string;
  verdict: string;
  tests: Array<{ name: string; verdict: string; detail?: string }>;
}

interface BaselineFile {
  fingerprint: string;
  service: ServiceKey;
  failed: FailedRule[];
}

/** The rules reported FAIL or ERROR, each with the first test that gave that verdict. */
export function failedRulesOf(verdicts: readonly VerdictLike[]): FailedRule[] {
  return verdicts
    .filter((v) => isCaught(v.verdict))
    .map((v) => {
      const t = v.tests.find((x) => x.verdict === v.verdict) ?? v.tests[0];
      return { ruleId: v.ruleId, test: t?.name ?? '', detail: (t?.detail ?? '').split('\n')[0]!.slice(0, 300) };
    });
}

function filesUnder(target: string, out: string[]): void {
  if (!fs.existsSync(target)) return;
  if (!fs.statSync(target).isDirectory()) {
    out.push(target);
    return;
  }
  for (const entry of fs.readdirSync(target).sort())
    if (entry !== 'node_modules') filesUnder(path.join(target, entry), out);
}

/** A hash of the path and bytes of every source file (about 60 ms). */
export function sourceFingerprint(root: string = ROOT): string {
  const hash = crypto.createHash('sha256');
  const files: string[] = [];
  for (const source of SOURCES) filesUnder(path.join(root, source), files);
  for (const file of files) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const fileOf = (dir: string, service: ServiceKey) => path.join(dir, `${service}.json`);

/** Records a strict reference run of `service` (its verdicts, as the contract run's JSON report gives them). */
export function writeReferenceBaseline(
  dir: string,
  service: ServiceKey,
  verdicts: readonly VerdictLike[],
  fingerprint: string = sourceFingerprint(),
): void {
  fs.mkdirSync(dir, { recursive: true });
  const file: BaselineFile = { fingerprint, service, failed: failedRulesOf(verdicts) };
  fs.writeFileSync(fileOf(dir, service), `${JSON.stringify(file, null, 2)}\n`);
}

/** The recorded baseline of `service`, or why there is none to reuse. */
export function readReferenceBaseline(
  dir: string,
  service: ServiceKey,
  fingerprint: string,
): { failed: FailedRule[] } | { missing: string } {
  const file = fileOf(dir, service);
  if (!fs.existsSync(file)) return { missing: `no ${path.relative(ROOT, file)}` };
  let recorded: BaselineFile;
  try {
    recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as BaselineFile;
  } catch (error) {
    return { missing: `${path.relative(ROOT, file)} is not JSON (${(error as Error).message})` };
  }
  if (recorded.service !== service || !Array.isArray(recorded.failed))
    return { missing: `${path.relative(ROOT, file)} is not a baseline of ${service}` };
  if (recorded.fingerprint !== fingerprint)
    return { missing: `${path.relative(ROOT, file)} was written from other sources` };
  return { failed: recorded.failed };
}
