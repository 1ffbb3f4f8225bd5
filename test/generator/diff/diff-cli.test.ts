// `spec-first diff` as CI runs it: exit 1 at --fail-on, 2 on a usage or load error, 0 otherwise; every format;
// the JSON output valid against `--schema`; an ignore file of fingerprints with reasons; --exclude by tag or
// extension; a git revision as an input.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../generator/model/index.js';
import { petstore, write } from './pairs.js';

const BIN = path.join(ROOT, 'generator', 'bin.mjs');
const run = (args: string[], cwd = ROOT) =>
  spawnSync(process.execPath, [BIN, 'diff', ...args], { cwd, encoding: 'utf8', timeout: 300_000 });

const base = write(petstore());
const breaking = write(petstore((d) => d.components.schemas.NewPet.required.push('age')));
const warning = write(petstore((d) => delete d.components.schemas.NewPet.properties.age));

describe('spec-first diff on the command line', () => {
  it('exits 1 on an error, 0 on a warning unless --fail-on warning, 2 on a usage or load error', () => {
    expect(run([base, breaking]).status).toBe(1);
    expect(run([base, warning]).status).toBe(0);
    expect(run([base, warning, '--fail-on', 'warning']).status).toBe(1);
    const usage = run([base]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: spec-first diff');
    const missing = run([base, 'no-such-file.yaml']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no-such-file.yaml');
    expect(run([base, write('openapi: 3.0.0\ninfo: [broken')]).status).toBe(2);
  }, 300_000);

  it('writes JSON valid against its published schema, and every other format', () => {
    const schema = JSON.parse(run(['--schema']).stdout);
    const output = JSON.parse(run([base, breaking, '--format', 'json']).stdout);
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(schema, output), JSON.stringify(ajv.errors)).toBe(true);
    expect(output.changes[0]).toMatchObject({
      id: 'request.property.became-required',
      level: 'error',
      direction: 'request',
    });
    expect(run([base, breaking, '--format', 'markdown']).stdout).toContain('### Generated code affected');
    expect(run([base, breaking, '--format', 'junit']).stdout).toContain('<failure type="error"');
    expect(run([base, breaking, '--format', 'github']).stdout).toMatch(
      /^::error file=.*,line=\d+,title=request\.property\.became-required::/,
    );
  }, 300_000);

  it('an ignore file accepts a break by its fingerprint, with a reason', () => {
    const output = JSON.parse(run([base, breaking, '--format', 'json']).stdout);
    const ignore = write(
      `# accepted\n${output.changes[0].fingerprint} the spec was wrong: age was always required\n`,
      'txt',
    );
    const accepted = run([base, breaking, '--ignore', ignore, '--format', 'json']);
    expect(accepted.status).toBe(0);
    expect(JSON.parse(accepted.stdout).changes[0].ignored).toEqual({
      reason: 'the spec was wrong: age was always required',
    });
    expect(run([base, breaking, '--ignore', write('abc\n', 'txt')]).status).toBe(2);
  }, 300_000);

  it('--exclude leaves out operations by tag or by extension', () => {
    expect(run([base, breaking, '--exclude', 'tag:pets']).status).toBe(0);
    const beta = write(petstore((d) => (d.paths['/pets'].post['x-stability-level'] = 'beta')));
    const betaBreaking = write(
      petstore((d) => {
        d.paths['/pets'].post['x-stability-level'] = 'beta';
        d.components.schemas.NewPet.required.push('age');
      }),
    );
    expect(run([beta, betaBreaking]).status).toBe(1);
    expect(run([beta, betaBreaking, '--exclude', 'x-stability-level=beta']).status).toBe(0);
  }, 300_000);

  it('reads a git revision: <revision>:<path>', () => {
    const repo = path.dirname(base);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    git('init', '-q');
    fs.writeFileSync(path.join(repo, 'spec.yaml'), fs.readFileSync(base));
    git('add', 'spec.yaml');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'spec');
    fs.writeFileSync(path.join(repo, 'spec.yaml'), fs.readFileSync(breaking));
    const result = run(['HEAD:spec.yaml', 'spec.yaml', '--format', 'json'], repo);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).base.source).toBe('HEAD:spec.yaml');
  }, 300_000);
});
