// Copies the hand-written runtime (templates/runtime/) into a generated package. A file under a vendor/
// folder is a shim that re-exports a library: it is replaced by that library's single-file ESM build (or, for a
// library without one, its module bundled to one ESM file by esbuild) and the declaration file kept beside the
// shim, so the package needs no dependency at run time.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { buildSync, version as esbuildVersion } from 'esbuild';
import { ROOT } from '../model/root.js';
import { renderTemplate } from './templates.js';

const require = createRequire(import.meta.url);
const RUNTIME = path.join(ROOT, 'templates', 'runtime');

/** The one module the vendored ajv is bundled from: its 2020-12 class and ajv-formats, as the shim names them. */
const AJV_ENTRY = [
  `export { Ajv2020 } from 'ajv/dist/2020.js';`,
  `import addFormatsModule from 'ajv-formats';`,
  'export const addFormats = addFormatsModule.default ?? addFormatsModule;',
].join('\n');

/**
 * The module the vendored XML library is bundled from: fast-xml-parser's parser, validator and builder through its
 * published entry (a CommonJS module, read by esbuild's interop).
 */
const XML_PARSER_ENTRY = `export { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';`;

/**
 * Library builds that vendor shims stand for: shim name -> package-relative file (`bundle`: an ESM module with
 * imports of its own, bundled into one file).
 */
const VENDORED: Record<string, { pkg: string; file: string; bundle?: boolean; with?: string[]; entry?: string }> = {
  // ajv's 2020-12 validator and ajv-formats in one file: the formats build code with ajv's own code generator.
  ajv: { pkg: 'ajv', file: 'vendor-entry', bundle: true, with: ['ajv-formats'], entry: AJV_ENTRY },
  'eventsource-parser': { pkg: 'eventsource-parser', file: 'dist/index.js' },
  'multipart-parser': { pkg: '@mjackson/multipart-parser', file: 'dist/multipart-parser.node.js' },
  'multipart-stream': { pkg: 'formidable', file: 'src/parsers/Multipart.js', bundle: true },
  re2js: { pkg: 're2js', file: 'build/index.js' },
  // A CommonJS package: bundled from an entry that names its exports.
  'xml-parser': { pkg: 'fast-xml-parser', file: 'vendor-entry', bundle: true, entry: XML_PARSER_ENTRY },
};

/** A package's folder (found from its entry point when its exports do not list package.json). */
function packageDir(pkg: string): string {
  try {
    return path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    let dir = path.dirname(require.resolve(pkg));
    while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    return dir;
  }
}

/** Where bundles are kept between runs. */
const BUNDLES = path.join(ROOT, 'node_modules', '.cache', 'spec-first-vendor');

/** What a bundle depends on besides its entry: esbuild's version and the installed packages' (the lockfile). */
function installed(): string {
  try {
    return fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * One ESM file holding a module and what it imports from its own package (node: built-ins stay imports), bundled
 * once per set of versions: every package carries the same file, and esbuild's run (a process of its own) was
 * repeated for each.
 */
function bundled(pkgDir: string, file: string, versions: string, entry = ''): string {
  const key = createHash('sha256')
    .update(`${esbuildVersion}\0${versions}\0${installed()}\0${file}\0${entry}`)
    .digest('hex');
  const cached = path.join(BUNDLES, `${key.slice(0, 32)}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    // Not bundled yet (or the cache is gone): bundled now.
  }
  const text = bundle(pkgDir, file, entry);
  try {
    fs.mkdirSync(BUNDLES, { recursive: true });
    // Written whole, then renamed: a concurrent run reads the old state or the new, never half a file.
    fs.writeFileSync(`${cached}.${process.pid}.tmp`, text);
    fs.renameSync(`${cached}.${process.pid}.tmp`, cached);
  } catch {
    // Not cached: bundled again next time.
  }
  return text;
}

function bundle(pkgDir: string, file: string, entry: string): string {
  const result = buildSync({
    // Paths in its comments are the package's own, wherever the generator runs.
    absWorkingDir: pkgDir,
    ...(file === 'vendor-entry'
      ? { stdin: { contents: entry, resolveDir: pkgDir, sourcefile: 'vendor-entry.js' } }
      : { entryPoints: [file] }),
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/**
 * Server runtime modules only some servers import (the XML body reader): left out of a package whose server.ts does
 * not import them. The XML modules both sides share (runtime/xml/: the shapes, the writer, the vendored library) are
 * kept only where the client or the server reaches them, so a package without XML bodies does not carry the library.
 */
const OPTIONAL_SERVER_MODULES = ['runtime/server/xml-body.ts'];
const SHARED_XML = 'runtime/xml/';

/** The runtime files a module reaches through its relative imports (with their declaration files), itself included. */
function reached(out: Map<string, string>, from: string, text: string, keep = new Set<string>()): Set<string> {
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*'(\.[^']+)'/gm)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), m[1]!));
    const file = [target.replace(/\.js$/, '.ts'), target].find((f) => out.has(f));
    if (!file || keep.has(file)) continue;
    keep.add(file);
    const declaration = file.replace(/\.js$/, '.d.ts');
    if (out.has(declaration)) keep.add(declaration);
    reached(out, file, out.get(file)!, keep);
  }
  return keep;
}

/**
 * The runtime files of a package. With the package's client.ts text, the client runtime is cut to the
 * modules that client reaches (its error style, and uploads, streams, paging or query styles only where
 * its spec has them); with its server.ts text, the server runtime's optional modules are kept only where that
 * server imports them; the rest of the server runtime is copied whole.
 */
export function runtimeFiles(client?: string, server?: string): Map<string, string> {
  const out = allRuntimeFiles();
  if (client === undefined && server === undefined) return out;
  const used = new Set<string>();
  if (client !== undefined) reached(out, 'client.ts', client, used);
  if (server !== undefined) reached(out, 'server.ts', server, used);
  for (const name of [...out.keys()]) {
    const unused =
      (client !== undefined && name.startsWith('runtime/client/')) ||
      (server !== undefined && OPTIONAL_SERVER_MODULES.includes(name)) ||
      name.startsWith(SHARED_XML);
    if (unused && !used.has(name)) out.delete(name);
  }
  return out;
}

function allRuntimeFiles(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of listFiles(RUNTIME)) {
    const rel = path.relative(RUNTIME, file).split(path.sep).join('/');
    if (rel.endsWith('.test.ts')) continue;
    const banner = renderTemplate('runtime-banner.hbs', { source: `runtime/${rel}` });
    const vendor = rel.match(/(^|\/)vendor\/([^/]+)\.ts$/);
    if (vendor && !rel.endsWith('.d.ts')) {
      const lib = VENDORED[vendor[2]!];
      if (!lib) throw new Error(`vendor shim ${rel} names no known library`);
      const pkgDir = packageDir(lib.pkg);
      const version = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version;
      const licenceOf = (dir: string) =>
        fs.existsSync(path.join(dir, 'LICENSE')) ? fs.readFileSync(path.join(dir, 'LICENSE'), 'utf8').trim() : 'MIT';
      const others = (lib.with ?? []).map((pkg) => {
        const dir = packageDir(pkg);
        const v = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
        return { name: `${pkg}@${v}`, licence: licenceOf(dir) };
      });
      const names = [`${lib.pkg}@${version} (${lib.file})`, ...others.map((o) => o.name)].join(' and ');
      const source = (
        lib.bundle
          ? bundled(pkgDir, lib.file, [`${lib.pkg}@${version}`, ...others.map((o) => o.name)].join(' '), lib.entry)
          : fs.readFileSync(path.join(pkgDir, lib.file), 'utf8')
      ).replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
      const licences = [licenceOf(pkgDir), ...others.map((o) => o.licence)].map((l) => `/*\n${l}\n*/\n`).join('');
      out.set(
        `runtime/${rel.replace(/\.ts$/, '.js')}`,
        `// Vendored ${names}; licence${others.length ? 's' : ''} below.\n${licences}${source}`,
      );
      continue;
    }
    const text = fs.readFileSync(file, 'utf8');
    out.set(`runtime/${rel}`, rel.endsWith('.d.ts') ? text : `${banner}${text}`);
  }
  return out;
}
