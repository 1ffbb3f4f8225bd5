// A test's serve script bundled once into one ES module (esbuild, packages left to node_modules): a test that
// starts the script many times (the crash test restarts it after every SIGKILL) then starts plain Node on one
// file, instead of tsx transforming and resolving each of the sources' hundreds of modules in every child.
// The sources' own import.meta.dirname/filename/url keep naming the source file, as under tsx (the seed file
// and the SQLite read pool's worker are found from them). The bundle is written under node_modules/.cache, so
// the packages it imports resolve from the project's node_modules; `remove` deletes it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(ROOT, 'node_modules', '.cache', 'test-serve-bundles');

export interface ServeBundle {
  /** The bundle's absolute path: run it with `node <file>`. */
  file: string;
  remove(): void;
}

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

/** Bundles `script` (relative to the project) into one .mjs file. */
export async function bundleServeScript(script: string): Promise<ServeBundle> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const dir = fs.mkdtempSync(path.join(OUT_DIR, `${path.basename(script, '.ts')}-`));
  const file = path.join(dir, 'serve.mjs');
  await build({
    entryPoints: [path.join(ROOT, script)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
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
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
