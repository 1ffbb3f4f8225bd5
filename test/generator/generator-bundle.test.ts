// What generator/run.mjs bundles for a cold `generate`: openapi-typescript's CommonJS build (its entry's `require`
// condition: one require of the compiler, not a namespace copy per module), and Redocly's core, which that entry
// requires for a command generate never runs, behind a module that loads it on first use.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../generator/model/root.js';

const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'generator-bundle-'));
afterAll(() => fs.rmSync(cache, { recursive: true, force: true }));

let bundle = '';
beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'generator', 'run.mjs'), '--help'], {
    env: { ...process.env, SPEC_FIRST_GENERATOR_CACHE: cache },
  });
  const [key] = fs.readdirSync(cache).filter((name) => !name.startsWith('v8-'));
  bundle = fs.readFileSync(path.join(cache, key!, 'cli.cjs'), 'utf8');
}, 300_000);

describe("generate's bundle", () => {
  it("takes openapi-typescript's CommonJS build", () => {
    expect(bundle).toContain('\n// node_modules/openapi-typescript/dist/index.cjs\n');
    expect(bundle).not.toContain('\n// node_modules/openapi-typescript/dist/index.mjs\n');
  });

  it("loads Redocly's core that openapi-typescript requires only when it is first used", () => {
    const core = /\n\/\/ on-first-use:(\S+@redocly\/openapi-core\/lib\/index\.js)\n/.exec(bundle)?.[1];
    expect(core).toBeDefined();
    // The module is required from the stand-in's getter, not where openapi-typescript's modules are initialised.
    const stand = bundle.slice(bundle.indexOf(`// on-first-use:${core}`));
    expect(stand.slice(0, 600)).toMatch(/new Proxy\(\{\}, \{ get: \(_, key\) => load\(\)\[key\]/);
  });
});
