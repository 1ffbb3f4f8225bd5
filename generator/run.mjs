// `npm run generate` starts here. It runs the generator as one esbuild-bundled CommonJS file instead of
// through tsx, which makes a cold run about a second faster:
//  - no on-the-fly TypeScript loader (tsx starts a second process and hooks every import);
//  - dependencies are required as CommonJS, so Node does not lex typescript.js for ESM named exports;
//  - ts-morph is bundled without its private copy of the compiler: the plugin below gives it the project's
//    `typescript`, loaded once;
//  - V8's compile cache keeps the compiled code of the bundle and of TypeScript between runs.
// The bundle is cached under node_modules/.cache by a hash of the generator's source files (their names,
// sizes and modification times) and the lockfile's (package.json's in an installed toolkit, which has none);
// delete that folder to force a rebuild. Set GENERATOR_NO_BUNDLE=1 to run the sources through tsx.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const require = createRequire(import.meta.url);

function sources(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    )
    .sort();
}

function bundleKey() {
  const hash = createHash('sha256');
  hash.update(`${root}\0`); // the bundle names absolute paths under it
  // The lockfile where there is one (npm does not pack it: an installed toolkit has its package.json instead).
  const lock = ['package-lock.json', 'package.json'].map((f) => path.join(root, f)).find((f) => fs.existsSync(f));
  for (const file of [...sources(here), path.join(here, 'run.mjs'), lock]) {
    // Size and modification time, not content: cheaper, and any edit or checkout changes them.
    const { size, mtimeMs } = fs.statSync(file);
    hash.update(`${path.relative(root, file)}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildBundle(outdir) {
  const { build } = require('esbuild');
  await build({
    entryPoints: {
      cli: path.join(here, 'cli.ts'),
      diff: path.join(here, 'diff', 'main.ts'),
      // The pipeline on its own, for `diff --check-code` (the diff's bundle stays without the emitters).
      pipeline: path.join(here, 'pipeline.ts'),
      'typecheck-worker': path.join(here, 'typecheck-worker.ts'),
    },
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Prefer packages' CommonJS builds (openapi-typescript ships one) so `typescript` is required, not imported.
    mainFields: ['main', 'module'],
    conditions: ['require', 'node'],
    // The compiler and esbuild's native binary stay outside (see the plugin); everything else bundles.
    // Sources find the project root (generator/model/root.ts: ROOT is two folders up) and node_modules from
    // import.meta.url: point it at the real sources, two folders below the root.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path.join(here, 'model', 'root.ts')).href) },
    logLevel: 'silent',
    plugins: [
      {
        name: 'one-typescript',
        setup(b) {
          // Outside the bundle, by absolute path: the bundle may live outside the project's folder.
          const external = (name) => ({ path: require.resolve(name), external: true });
          b.onResolve({ filter: /^(typescript|esbuild)$/ }, (args) => external(args.path));
          // openapi-typescript's CommonJS build (its entry's `require` condition) requires the compiler once; its ESM
          // build imports it in each of a dozen modules, and each such import copies the compiler's thousands of
          // exports into a namespace object of its own at load.
          // openapi-typescript requires Redocly's core whole at load, for the lint and bundle of its own command
          // (`openapiTS`), which generate never calls: it loads on first use instead (over half a second of every
          // run otherwise, more than the compiler). Its CommonJS build reads the core's exports only when called.
          b.onResolve({ filter: /^@redocly\/openapi-core$/ }, (args) =>
            args.importer.includes(`${path.sep}openapi-typescript${path.sep}`)
              ? { path: require.resolve(args.path, { paths: [args.resolveDir] }), namespace: 'on-first-use' }
              : undefined,
          );
          b.onLoad({ filter: /.*/, namespace: 'on-first-use' }, (args) => ({
            contents: [
              'let loaded;',
              `const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`,
              'module.exports = new Proxy({}, { get: (_, key) => load()[key], has: (_, key) => key in load() });',
            ].join('\n'),
            loader: 'js',
            resolveDir: path.dirname(args.path),
          }));
          b.onResolve({ filter: /^openapi-typescript$/ }, (args) =>
            args.kind === 'import-statement'
              ? b.resolve(args.path, { kind: 'require-call', resolveDir: args.resolveDir })
              : undefined,
          );
          // @ts-morph/common requires its own bundled compiler as './typescript'.
          b.onResolve({ filter: /^\.\/typescript$/ }, (args) =>
            args.importer.includes(`${path.sep}@ts-morph${path.sep}common${path.sep}`)
              ? external('typescript')
              : undefined,
          );
        },
      },
    ],
  });
}

// `run.mjs diff <base> <revision>`: the diff command (generator/diff/), from the same bundle.
const diff = process.argv[2] === 'diff';
if (diff) process.argv.splice(2, 1);
const entry = diff ? 'diff' : 'cli';

if (process.env.GENERATOR_NO_BUNDLE) {
  const { spawnSync } = await import('node:child_process');
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const source = diff ? path.join(here, 'diff', 'main.ts') : path.join(here, 'cli.ts');
  const run = spawnSync(process.execPath, [tsx, source, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}

// SPEC_FIRST_GENERATOR_CACHE moves it (tests that run a copy of the project use their own).
const cacheDir =
  process.env.SPEC_FIRST_GENERATOR_CACHE ?? path.join(root, 'node_modules', '.cache', 'spec-first-generator');
const bundleDir = path.join(cacheDir, bundleKey());
if (!fs.existsSync(bundleDir)) {
  fs.mkdirSync(cacheDir, { recursive: true });
  // A new bundle: old bundles and their code caches go (not another run's bundle still being built).
  for (const old of fs.readdirSync(cacheDir).filter((name) => !name.endsWith('.tmp')))
    fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  const tmp = `${bundleDir}.${process.pid}.tmp`;
  await buildBundle(tmp);
  // Two runs may build at once: the first rename wins, the other keeps it.
  if (fs.existsSync(bundleDir)) fs.rmSync(tmp, { recursive: true, force: true });
  else fs.renameSync(tmp, bundleDir);
}
// V8's compile cache for the bundle and the TypeScript compiler it requires: built in from Node 22,
// the v8-compile-cache require hook on Node 20. Kept beside the bundle, per V8 version.
const codeCache = path.join(cacheDir, `v8-${process.versions.v8}`);
if (typeof module.enableCompileCache === 'function') module.enableCompileCache(codeCache);
else {
  process.env.V8_COMPILE_CACHE_CACHE_DIR ??= codeCache;
  require('v8-compile-cache');
}
// The type-check runs on this worker, beside the main thread (generator/typecheck-thread.ts).
process.env.SPEC_FIRST_TYPECHECK_WORKER = path.join(bundleDir, 'typecheck-worker.cjs');
process.env.SPEC_FIRST_PIPELINE_MODULE = path.join(bundleDir, 'pipeline.cjs');
require(path.join(bundleDir, `${entry}.cjs`));
