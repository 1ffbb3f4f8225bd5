// npm run generate [-- --check | --watch] [--service <key>] [--config <spec list>]
// npm run generate -- --spec <openapi file> --out <folder> [--key <name>]: one package from any spec.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './model/root.js';
import { loadSpecList } from './config.js';
import { generateAll, generatePackage, type GenerateOptions } from './pipeline.js';
import { defaultPackageKey } from './package-key.js';
import type { TypeCheckThread } from './typecheck-thread.js';
import { compare, isClean, write, type Drift } from './writer.js';
import { specChanges } from './diff/generate-summary.js';

const USAGE = [
  'usage: npm run generate [-- --check | --watch] [--service <key>] [--config <spec list>] [--typecheck | --skip-typecheck]',
  '       npm run generate -- --spec <openapi file> --out <folder> [--key <name>] [--allow-ref <folder or origin>]... [--typecheck | --skip-typecheck]',
  '       npx spec-first generate --spec <openapi file> --out <folder> [--key <name>] [--allow-ref <folder or origin>]... [--typecheck | --skip-typecheck]',
].join('\n');

const FLAGS = {
  check: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  service: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  config: { type: 'string' },
  spec: { type: 'string' },
  out: { type: 'string' },
  key: { type: 'string' },
  'skip-typecheck': { type: 'boolean', default: false },
  typecheck: { type: 'boolean', default: false },
  'allow-ref': { type: 'string', multiple: true },
} as const;

/** The flags, or one line and the usage (exit 2) for a flag this command does not take: no stack trace. */
function readFlags() {
  try {
    return parseArgs({ options: FLAGS });
  } catch (error) {
    console.error(`generate: ${(error as Error).message.split('\n')[0]}\n${USAGE}`);
    process.exit(2);
  }
}

const { values } = readFlags();
if (values.typecheck && values['skip-typecheck']) usage('--typecheck and --skip-typecheck exclude each other');
const specList = values.spec ? [] : loadSpecList(values.config ? path.resolve(values.config) : undefined);
const services: string[] = values.service
  ? specList.some((e) => e.key === values.service)
    ? [values.service]
    : usage(`unknown service ${values.service}`)
  : specList.map((e) => e.key);
const scopes = values.service ? services : undefined;

const options: GenerateOptions = { specs: specList, allowRefs: values['allow-ref'] };

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function describe(drift: Drift): string[] {
  return [
    ...drift.changed.map((f) => `  changed  generated/${f}`),
    ...drift.missing.map((f) => `  new      generated/${f}`),
    ...drift.extra.map((f) => `  removed  generated/${f}`),
  ];
}

/**
 * Whether the packages type-check (strict, noUnusedLocals): each error printed as `file:line: message` under the
 * package's folder. Nothing is written when one does not. Not checked: with --skip-typecheck, and by default a
 * package of more generated TypeScript than the default limit (one line says so; --typecheck checks it).
 */
async function typeChecks(
  packages: Map<string, Map<string, string>>,
  folderOf: (key: string) => string,
  thread?: TypeCheckThread,
): Promise<boolean> {
  if (values['skip-typecheck']) return true;
  const { DEFAULT_TYPECHECK_LIMIT_BYTES, generatedTypeScriptBytes, typeCheckPackages } = await import('./typecheck.js');
  // SPEC_FIRST_TYPECHECK_LIMIT (bytes) moves the limit.
  const limit = Number(process.env.SPEC_FIRST_TYPECHECK_LIMIT || DEFAULT_TYPECHECK_LIMIT_BYTES);
  const checked = new Map<string, Map<string, string>>();
  for (const [key, files] of packages) {
    const bytes = generatedTypeScriptBytes(files);
    if (values.typecheck || bytes <= limit) checked.set(key, files);
    else
      console.error(
        `generate: note: the package ${key} is ${(bytes / 2 ** 20).toFixed(1)} MB of TypeScript, more than the ${(limit / 2 ** 20).toFixed(1)} MB checked by default: not type-checked (--typecheck checks it; docs/adr/0007)`,
      );
  }
  if (checked.size === 0) {
    await thread?.close();
    return true;
  }
  let clean = true;
  // A worker that fails (not a type error: its thread) leaves the check to this thread.
  const results = thread
    ? await thread.check(checked).catch(() => typeCheckPackages(checked))
    : typeCheckPackages(checked);
  for (const [key, errors] of results) {
    if (errors.length === 0) continue;
    clean = false;
    console.error(`generate: the package ${key} would not compile (${errors.length} error(s)); nothing was written:`);
    for (const e of errors.slice(0, 20)) console.error(`  ${path.join(folderOf(key), e.file)}:${e.line}: ${e.message}`);
    if (errors.length > 20) console.error(`  ... and ${errors.length - 20} more`);
  }
  return clean;
}

/**
 * The type-check's worker thread, started before the package is made (the bundle names its file; run through tsx
 * the check runs in this thread), so that it parses and binds the standard library and @types/node meanwhile; only
 * when the check will likely run (a spec of more than the default limit's bytes makes a package above it). The
 * worker costs its own start (a second compiler loaded, about a fifth more CPU and 75 MB more peak memory) and
 * pays off only with a core to spare: it is used from four cores up. SPEC_FIRST_TYPECHECK_THREAD=worker or =main
 * chooses (to compare them side by side, or to test the worker on a small machine).
 */
async function startTypeCheck(specBytes: number): Promise<TypeCheckThread | undefined> {
  const workerFile = process.env.SPEC_FIRST_TYPECHECK_WORKER;
  const choice = process.env.SPEC_FIRST_TYPECHECK_THREAD ?? (os.availableParallelism() >= 4 ? 'worker' : 'main');
  if (values['skip-typecheck'] || !workerFile || choice !== 'worker') return undefined;
  const { DEFAULT_TYPECHECK_LIMIT_BYTES } = await import('./typecheck.js');
  if (!values.typecheck && specBytes > DEFAULT_TYPECHECK_LIMIT_BYTES) return undefined;
  const { typeCheckThread } = await import('./typecheck-thread.js');
  return typeCheckThread(workerFile);
}

/** One package from any spec, written into a folder of the caller's choice. */
async function single(spec: string, out: string): Promise<number> {
  const key = values.key ?? defaultPackageKey(spec);
  const folder = path.resolve(out);
  const writeFile = (name: string, content: string) => {
    const target = path.join(folder, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  };
  if (values['skip-typecheck']) {
    // Nothing to check before writing: each file is written as soon as it is made, the package never held whole.
    let count = 0;
    await generatePackage(
      { key, spec: path.resolve(spec) },
      {
        ...options,
        onFile: (name, content) => {
          writeFile(name, content);
          count++;
        },
      },
    );
    if (!values.quiet) console.log(`${count} files of package ${key} written to ${out}`);
    return 0;
  }
  const thread = await startTypeCheck(fs.statSync(spec, { throwIfNoEntry: false })?.size ?? 0);
  const files = await generatePackage({ key, spec: path.resolve(spec) }, options).catch(async (error) => {
    await thread?.close();
    throw error;
  });
  if (!(await typeChecks(new Map([[key, files]]), () => out, thread))) return 1;
  for (const [name, content] of files) writeFile(name, content);
  if (!values.quiet) console.log(`${files.size} files of package ${key} written to ${out}`);
  return 0;
}

async function once(): Promise<number> {
  if (values.spec) return single(values.spec, values.out ?? usage('--spec needs --out <folder>'));
  const started = performance.now();
  const thread = values.check ? undefined : await startTypeCheck(0);
  const { files } = await generateAll(services, options).catch(async (error) => {
    await thread?.close();
    throw error;
  });
  if (values.check) {
    const drift = compare(files, scopes);
    if (isClean(drift)) {
      console.log(`generated/ is up to date (${files.size} files).`);
      return 0;
    }
    console.error('generated/ is stale; run `npm run generate`. Differences:');
    console.error(describe(drift).join('\n'));
    return 1;
  }
  // Each package of the list on its own (generated/rules.ts, the catalogues' index, is the typecheck step's).
  const packages = new Map<string, Map<string, string>>();
  for (const [name, content] of files) {
    const [key, ...rest] = name.split('/');
    if (rest.length === 0) continue;
    if (!packages.has(key!)) packages.set(key!, new Map());
    packages.get(key!)!.set(rest.join('/'), content);
  }
  if (!(await typeChecks(packages, (key) => path.join('generated', key), thread))) return 1;
  // What changed in each spec, against the package it replaces (generator/diff/).
  if (!values.quiet)
    for (const line of specChanges(files, (name) => path.join(ROOT, 'generated', name))) console.log(line);
  const drift = write(files, scopes);
  if (!values.quiet) {
    const lines = describe(drift);
    console.log(
      `${files.size} files generated in ${Math.round(performance.now() - started)} ms; ${lines.length} changed.`,
    );
    if (lines.length) console.log(lines.join('\n'));
  }
  return 0;
}

async function watch(): Promise<void> {
  await once();
  console.log('watching specs/ and templates/ (Ctrl-C stops)');
  let pending: NodeJS.Timeout | undefined;
  const changed = new Set<string>();
  const run = async () => {
    const targets = changed.has('all') ? services : services.filter((s) => changed.has(s));
    changed.clear();
    if (targets.length === 0) return;
    const started = performance.now();
    try {
      const { files } = await generateAll(targets, options);
      const drift = write(files, targets);
      const lines = describe(drift);
      console.log(
        `[${new Date().toISOString()}] ${targets.join(', ')} regenerated in ${Math.round(performance.now() - started)} ms; ${lines.length} file(s) changed`,
      );
      if (lines.length) console.log(lines.join('\n'));
    } catch (error) {
      console.error(`regeneration failed: ${(error as Error).message}`);
    }
  };
  const onChange = (kind: string) => {
    changed.add(kind);
    clearTimeout(pending);
    pending = setTimeout(run, 40);
  };
  fs.watch(path.join(ROOT, 'specs'), { recursive: true }, (_e, file) => {
    const service = String(file ?? '').split(/[\\/]/)[0] ?? '';
    onChange(services.includes(service) ? service : 'all');
  });
  fs.watch(path.join(ROOT, 'templates'), { recursive: true }, () => onChange('all'));
}

// No top-level await: generator/run.mjs bundles this file as CommonJS.
if (values.watch) void watch();
else {
  void once().then(
    (code) => (process.exitCode = code),
    (error: Error) => {
      // A spec that does not bundle, a template error: the message says what; no stack trace.
      console.error(`generate failed: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
