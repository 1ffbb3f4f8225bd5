// An input of the diff: a file, or `<revision>:<path>` read from git (`main:specs/ads/openapi.yaml`). A revision's
// spec is written out with the rest of its folder at that revision, so that references to other files resolve.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Input {
  /** As given on the command line. */
  source: string;
  /** The file to read. */
  file: string;
}

const GIT_REVISION = /^([^:\\/][^:]*):(.+)$/;

export function resolveInput(source: string, cwd = process.cwd()): Input {
  const direct = path.resolve(cwd, source);
  if (fs.existsSync(direct)) return { source, file: direct };
  const match = GIT_REVISION.exec(source);
  if (!match) throw new Error(`${source}: no such file (a git revision is written <revision>:<path>)`);
  const [, revision, specPath] = match as unknown as [string, string, string];
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'buffer', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
  let top: string;
  let text: Buffer;
  try {
    top = git('rev-parse', '--show-toplevel').toString().trim();
    // `<rev>:./path` is relative to the working folder; `<rev>:path` to the repository's top, as git reads them.
    const inRepo = specPath.startsWith('./') ? path.relative(top, path.resolve(cwd, specPath)) : specPath;
    text = git('show', `${revision}:${inRepo}`);
    const folder = path.posix.dirname(inRepo.split(path.sep).join('/'));
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-first-diff-'));
    if (folder !== '.') {
      const archive = git('archive', '--format=tar', revision, '--', folder);
      execFileSync('tar', ['-x', '-C', target], { input: archive });
    }
    const file = path.join(target, inRepo);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return { source, file };
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`${source}: not a file, and git cannot show it${stderr ? ` (${stderr.split('\n')[0]})` : ''}`);
  }
}
