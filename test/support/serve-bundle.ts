// A test's serve script bundled once into one ES module (esbuild, packages left to node_modules): a test that
// starts the script many times (the crash test restarts it after every SIGKILL) then starts plain Node on one
// file, instead of tsx transforming and resolving each of the sources' hundreds of modules in every child.
// The sources' own import.meta.dirname/filename/url keep naming the source file, as under tsx (the seed file
// and the SQLite read pool's worker are found from them). The bundle is written under node_modules/.cache, so
// the packages it imports resolve from the project's node_modules. It is kept there, named by a hash of every
// source it was built from: the next test file (in this run or the next) that asks for the same script with the
// same sources starts the bundle already built instead of building it again (about 1 s of CPU each).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'test-serve-bundles');

export interface ServeBundle {
  /** The bundle's absolute path: run it with `node <file>`. */
  file: string;
}

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

/** What a bundle depends on besides its sources: how it is built (this file) and how TypeScript reads them. */
const BUILD_INPUTS = ['test/support/serve-bundle.ts', 'tsconfig.json'];

/**
 * A hash of the project's place, `script`'s name and the contents of `sources` and BUILD_INPUTS, or undefined when
 * one of them is gone (the place too: a bundle names its sources by their absolute paths).
 */
function digestOf(script: string, sources: readonly string[]): string | undefined {
  const hash = createHash('sha256').update(`${ROOT}\0${script}`);
  for (const source of [...BUILD_INPUTS, ...sources]) {
    let contents: Buffer;
    try {
      contents = fs.readFileSync(path.join(ROOT, source));
    } catch {
      return undefined;
    }
    hash.update(`\0${source}\0`).update(contents);
  }
  return hash.digest('hex').slice(0, 16);
}

/** Bundles `script` (relative to the project) into one .mjs file, or answers the bundle of the same sources. */
export async function bundleServeScript(script: string): Promise<ServeBundle> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const name = path.basename(script, path.extname(script));
  // The sources the last build of this script read: if none changed since, its bundle is this one.
  const scriptKey = createHash('sha256').update(script).digest('hex').slice(0, 8);
  const lastBuildFile = path.join(OUT_DIR, `${name}-${scriptKey}.last-build.json`);
  const last = fs.existsSync(lastBuildFile)
    ? (JSON.parse(fs.readFileSync(lastBuildFile, 'utf8')) as { bundle: string; sources: string[] })
    : undefined;
  const digest = last && digestOf(script, last.sources);
  const same = digest && path.join(OUT_DIR, `${name}-${digest}.mjs`);
  if (same && fs.existsSync(same)) return { file: same };

  // Built under a name of its own and renamed when whole: a test file in the other worker may build it at once.
  const temporary = path.join(OUT_DIR, `${name}-${process.pid}-${Date.now()}.tmp.mjs`);
  const result = await build({
    entryPoints: [path.join(ROOT, script)],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    absWorkingDir: ROOT,
    metafile: true,
    // Bundled CommonJS (a generated server's vendored validator) may call require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'silent',
    plugins: [
      {
        name: 'source-import-meta',
        setup(b) {
          b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const source = fs.readFileSync(args.path, 'utf8');
            const contents = source
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
              .replaceAll('import.meta.filename', JSON.stringify(args.path))
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
            return { contents, loader: LOADERS[path.extname(args.path)]! };
          });
        },
      },
    ],
  });
  const sources = Object.keys(result.metafile.inputs).sort();
  const bundle = `${name}-${digestOf(script, sources)}.mjs`;
  fs.renameSync(temporary, path.join(OUT_DIR, bundle));
  const lastBuildTemporary = `${temporary}.last-build.json`;
  fs.writeFileSync(lastBuildTemporary, JSON.stringify({ bundle, sources }));
  fs.renameSync(lastBuildTemporary, lastBuildFile);
  // The bundle of sources since changed goes, unless a run may still be starting it (built within the hour).
  const previous = last && path.join(OUT_DIR, path.basename(last.bundle));
  if (
    previous &&
    last.bundle !== bundle &&
    fs.existsSync(previous) &&
    Date.now() - fs.statSync(previous).mtimeMs > 3_600_000
  )
    fs.rmSync(previous, { force: true });
  return { file: path.join(OUT_DIR, bundle) };
}
