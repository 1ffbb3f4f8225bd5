// The three services' specs against the version before their last change in git: the diff runs to its end
// (exit 0 or 1, never 2), its JSON is valid against the published schema, and every pointer it gives resolves in
// the document it names. A clone without that history (a shallow CI checkout) skips with the reason.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { followPointer, loadSpecList, ROOT } from '../../../generator/model/index.js';

const BIN = path.join(ROOT, 'generator', 'bin.mjs');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The commit before the spec's last change, or why there is none here. */
function previousVersion(spec: string): { commit: string } | { reason: string } {
  try {
    const commits = git('log', '-n', '2', '--format=%H', '--', spec).split('\n').filter(Boolean);
    return commits.length === 2 ? { commit: commits[1]! } : { reason: `${spec} has one commit in this clone` };
  } catch (error) {
    return { reason: `no git history here (${(error as Error).message.split('\n')[0]})` };
  }
}

const schema = JSON.parse(
  spawnSync(process.execPath, [BIN, 'diff', '--schema'], { cwd: ROOT, encoding: 'utf8' }).stdout,
) as object;

describe("the services' specs against their previous committed versions", () => {
  for (const entry of loadSpecList()) {
    const spec = path.relative(ROOT, entry.spec);
    const previous = previousVersion(spec);
    it.skipIf('reason' in previous)(
      `${spec}${'reason' in previous ? ` (SKIPPED: ${previous.reason})` : ''}`,
      () => {
        const base = `${(previous as { commit: string }).commit}:${spec}`;
        const run = spawnSync(process.execPath, [BIN, 'diff', base, spec, '--format', 'json'], {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: 300_000,
        });
        expect([0, 1], run.stderr).toContain(run.status);
        const output = JSON.parse(run.stdout) as {
          changes: Array<{ id: string; base?: { pointer: string }; revision?: { pointer: string } }>;
        };
        const ajv = new Ajv2020({ strict: false });
        expect(ajv.validate(schema, output), JSON.stringify(ajv.errors)).toBe(true);
        const before = parse(git('show', base)) as unknown;
        const after = parse(fs.readFileSync(entry.spec, 'utf8')) as unknown;
        for (const change of output.changes) {
          if (change.base) expect(followPointer(before, change.base.pointer), `${change.id} base`).not.toBeUndefined();
          if (change.revision)
            expect(followPointer(after, change.revision.pointer), `${change.id} revision`).not.toBeUndefined();
        }
      },
      300_000,
    );
  }
});
