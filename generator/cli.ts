// npm run generate [-- --check | --watch] [--service <key>] [--config <spec list>]
// npm run generate -- --spec <openapi file> --out <folder> [--key <name>] [--client-only] [--shared-runtime <folder>]:
// one package from any spec.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './model/root.js';
import { loadSpecList } from './config.js';
import { generateAll, generatePackage, type GenerateOptions } from './pipeline.js';
import { defaultPackageKey } from './model/package-key.js';
import type { TypeCheckThread } from './typecheck-thread.js';
import { StagedFolder } from './safe-write.js';
import { watchThenSay } from './watch-then-say.js';
import { compare, compareFolder, isClean, write, type Drift } from './writer.js';
import {
  placeFile,
  removeCopiedRuntime,
  runtimeSpecifier,
  sharedRuntimeProblem,
  splitPackage,
} from './shared-runtime.js';

const USAGE = [
  'usage: spec-first generate --spec <openapi file> --out <folder> [--key <name>] [--client-only] [--shared-runtime <folder>] [--allow-ref <folder or origin>]... [--check | --watch] [--typecheck | --skip-typecheck] [--quiet]',
  '       spec-first generate [--check | --watch] [--service <key>] [--config <spec list>] [--typecheck | --skip-typecheck] [--quiet]',
  '',
  '  --spec F --out D   one package from any OpenAPI 3.0/3.1 document F, written to the folder D',
  '  --key NAME         the package key (class names: NAME -> <Name>Client); default: from the file name',
  '  --client-only      only what a program calling the API needs: types, client and their runtime (no server.ts,',
  '                     validators.ts or server runtime)',
  '  --shared-runtime R the package imports its runtime from the folder R, which packages generated with the same',
  '                     R share, instead of carrying a copy in D/runtime/; the files it needs are written into R',
  '  --check            write nothing; exit 1 when the package (or generated/) differs from what would be written',
  "  --watch            regenerate whenever a file in the spec's folder (or specs/, templates/) changes",
  '  --allow-ref X      $refs may also read the folder X or fetch from the origin X (repeatable)',
  '  --typecheck        type-check the package before writing it (default: not; docs/adr/0008)',
  '  --skip-typecheck   write without type-checking (the default)',
  '  --service KEY      only this package of the spec list (generator/specs.config.json or --config)',
  '  --config FILE      another spec list',
  '  --quiet            print nothing on success',
  '',
  'exit codes: 0 done (or up to date), 1 the package would not compile, is stale (--check) or the spec cannot be',
  'read, 2 a usage error.',
].join('\n');

/** What a package written without the type-check was checked for, said on the line that reports it. */
const UNCHECKED = ' (every file parsed; not type-checked: --typecheck checks it, docs/adr/0008)';

const FLAGS = {
  check: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  service: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  config: { type: 'string' },
  spec: { type: 'string' },
  out: { type: 'string' },
  key: { type: 'string' },
  'client-only': { type: 'boolean', default: false },
  'shared-runtime': { type: 'string' },
  'skip-typecheck': { type: 'boolean', default: false },
  typecheck: { type: 'boolean', default: false },
  'allow-ref': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h', default: false },
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
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.typecheck && values['skip-typecheck']) usage('--typecheck and --skip-typecheck exclude each other');
if (values.check && values.watch) usage('--check and --watch exclude each other');
if (values.spec && (values.service || values.config))
  usage('--spec makes one package; --service and --config choose from the spec list');
if (!values.spec && (values.out || values.key || values['client-only'] || values['shared-runtime']))
  usage(
    `${values.out ? '--out' : values.key ? '--key' : values['client-only'] ? '--client-only' : '--shared-runtime'} goes with --spec <file>`,
  );
if (values.spec && !values.out) usage('--spec needs --out <folder>');
const sharedRuntime = values['shared-runtime'];
if (sharedRuntime !== undefined) {
  const problem = sharedRuntimeProblem(values.out!, sharedRuntime);
  if (problem) usage(problem);
}
if (values.spec && !fs.statSync(values.spec, { throwIfNoEntry: false })?.isFile())
  usage(`--spec ${values.spec}: no such file`);
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

function describe(drift: Drift, folder = 'generated'): string[] {
  const at = (f: string) => path.posix.join(folder.split(path.sep).join('/'), f);
  return [
    ...drift.changed.map((f) => `  changed  ${at(f)}`),
    ...drift.missing.map((f) => `  new      ${at(f)}`),
    ...drift.extra.map((f) => `  removed  ${at(f)}`),
  ];
}

/**
 * Whether the packages type-check (strict, noUnusedLocals): each error printed as `file:line: message` under the
 * package's folder. Nothing is written when one does not. Checked only when asked (`--typecheck`): by default the
 * guarantee is the corpus's (docs/adr/0008).
 */
async function typeChecks(
  packages: Map<string, Map<string, string>>,
  folderOf: (key: string) => string,
  thread?: TypeCheckThread,
): Promise<boolean> {
  if (!values.typecheck) return true;
  const { typeCheckPackages } = await import('./typecheck.js');
  let clean = true;
  // A worker that fails (not a type error: its thread) leaves the check to this thread.
  const results = thread
    ? await thread.check(packages).catch(() => typeCheckPackages(packages))
    : typeCheckPackages(packages);
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
 * when the check was asked for (`--typecheck`). The worker costs its own start (a second compiler loaded, about a
 * fifth more CPU and 75 MB more peak memory) and pays off only with a core to spare: it is used from four cores up. SPEC_FIRST_TYPECHECK_THREAD=worker or =main
 * chooses (to compare them side by side, or to test the worker on a small machine).
 */
async function startTypeCheck(): Promise<TypeCheckThread | undefined> {
  const workerFile = process.env.SPEC_FIRST_TYPECHECK_WORKER;
  const choice = process.env.SPEC_FIRST_TYPECHECK_THREAD ?? (os.availableParallelism() >= 4 ? 'worker' : 'main');
  if (!values.typecheck || !workerFile || choice !== 'worker') return undefined;
  const { typeCheckThread } = await import('./typecheck-thread.js');
  return typeCheckThread(workerFile);
}

/**
 * The TypeScript files of a package that do not parse, one line each naming the file; nothing is written when
 * there is one (syntax-check.ts). Every file, whatever the package's size.
 */
async function unparsed(files: Iterable<[string, string]>, folder: string): Promise<string[]> {
  const { isTypeScript, syntaxError } = await import('./syntax-check.js');
  const lines: string[] = [];
  for (const [name, content] of files) {
    if (!isTypeScript(name)) continue;
    const error = syntaxError(name, content);
    if (error) lines.push(`generate: ${path.join(folder, name)} does not parse (${error}); nothing was written`);
  }
  return lines;
}

/**
 * A client-only package written over a full one: the server side that package left (server.ts, validators.ts,
 * runtime/server/) goes, each only where it is the generator's (its banner), so that `--check` finds the folder up to date.
 */
function removeServerSide(folder: string): void {
  const ours = (file: string, banner: string) => {
    const stat = fs.lstatSync(file, { throwIfNoEntry: false });
    return stat?.isFile() === true && fs.readFileSync(file, 'utf8').startsWith(banner);
  };
  for (const name of ['server.ts', 'validators.ts']) {
    const file = path.join(folder, name);
    if (ours(file, '// Generated by spec-first-toolkit')) fs.rmSync(file);
  }
  const server = path.join(folder, 'runtime', 'server');
  if (
    fs.lstatSync(server, { throwIfNoEntry: false })?.isDirectory() &&
    ours(path.join(server, 'index.ts'), '// Copied from templates/runtime/server/')
  )
    fs.rmSync(server, { recursive: true });
}

/** One package from any spec, written into a folder of the caller's choice. */
async function single(spec: string, out: string): Promise<number> {
  const key = values.key ?? defaultPackageKey(spec);
  const folder = path.resolve(out);
  // The README and the banners name the folder as the user did.
  const packageOptions = { ...options, out, clientOnly: values['client-only'], sharedRuntime };
  // With --shared-runtime the runtime files go to that folder and the package's imports name it.
  const specifier = sharedRuntime !== undefined ? runtimeSpecifier(out, sharedRuntime) : undefined;
  const sharedFolder = sharedRuntime !== undefined ? path.resolve(sharedRuntime) : undefined;
  /** What was written where: the package's files, and the runtime files it put in the shared folder. */
  function written(files: number, runtimeFiles: number): string {
    const runtime = runtimeFiles > 0 ? ` and ${runtimeFiles} of its runtime to ${sharedRuntime}` : '';
    return `${files} files of package ${key} written to ${out}${runtime}`;
  }
  /** After a package is written: what a former package left that this one does not have. */
  const removeLeftovers = () => {
    if (values['client-only']) removeServerSide(folder);
    if (specifier !== undefined) removeCopiedRuntime(folder);
  };
  if (values.check) {
    const made = await generatePackage({ key, spec: path.resolve(spec) }, packageOptions);
    const { own: files, shared } =
      specifier !== undefined ? splitPackage(made, specifier) : { own: made, shared: undefined };
    const drift = compareFolder(folder, files);
    if (shared) {
      // The shared folder's other files are other packages': only this package's are compared.
      const runtimeDrift = compareFolder(sharedFolder!, shared);
      const within = (f: string) => path.relative(folder, path.join(sharedFolder!, f)).split(path.sep).join('/');
      drift.changed.push(...runtimeDrift.changed.map(within));
      drift.missing.push(...runtimeDrift.missing.map(within));
    }
    if (isClean(drift)) {
      if (!values.quiet) console.log(`${out} is up to date (${files.size} files).`);
      return 0;
    }
    console.error(`${out} is stale; run the same command without --check. Differences:`);
    console.error(describe(drift, out).join('\n'));
    return 1;
  }
  if (!values.typecheck) {
    // Nothing to check but the parse: each file is parsed and staged as soon as it is made (the package is never
    // held whole), and moved into the folder only when every file parsed.
    const { isTypeScript, syntaxError } = await import('./syntax-check.js');
    const staged = new StagedFolder(folder);
    const stagedShared = sharedFolder !== undefined ? new StagedFolder(sharedFolder) : undefined;
    const failures: string[] = [];
    let count = 0;
    let sharedCount = 0;
    try {
      await generatePackage(
        { key, spec: path.resolve(spec) },
        {
          ...packageOptions,
          onFile: (made, text) => {
            const placed = specifier !== undefined ? placeFile(made, text, specifier) : undefined;
            const [name, content] = placed ? [placed.name, placed.content] : [made, text];
            const where = placed?.shared ? sharedRuntime! : out;
            const error = isTypeScript(name) ? syntaxError(name, content) : undefined;
            if (error)
              failures.push(`generate: ${path.join(where, name)} does not parse (${error}); nothing was written`);
            (placed?.shared ? stagedShared! : staged).put(name, content);
            if (placed?.shared) sharedCount++;
            else count++;
          },
        },
      );
    } catch (error) {
      staged.discard();
      stagedShared?.discard();
      throw error;
    }
    if (failures.length) {
      staged.discard();
      stagedShared?.discard();
      for (const line of failures) console.error(line);
      return 1;
    }
    stagedShared?.commit();
    staged.commit();
    removeLeftovers();
    if (!values.quiet) console.log(`${written(count, sharedCount)}${UNCHECKED}`);
    return 0;
  }
  const thread = await startTypeCheck();
  const files = await generatePackage({ key, spec: path.resolve(spec) }, packageOptions).catch(async (error) => {
    await thread?.close();
    throw error;
  });
  const failures = await unparsed(files, out);
  if (failures.length) {
    await thread?.close();
    for (const line of failures) console.error(line);
    return 1;
  }
  // Checked as a package with its own runtime/: the same code, its imports naming the shared folder once written.
  if (!(await typeChecks(new Map([[key, files]]), () => out, thread))) return 1;
  const { own, shared } = specifier !== undefined ? splitPackage(files, specifier) : { own: files, shared: undefined };
  const staged = new StagedFolder(folder);
  const stagedShared = shared && sharedFolder !== undefined ? new StagedFolder(sharedFolder) : undefined;
  try {
    for (const [name, content] of own) staged.put(name, content);
    for (const [name, content] of shared ?? []) stagedShared!.put(name, content);
  } catch (error) {
    staged.discard();
    stagedShared?.discard();
    throw error;
  }
  stagedShared?.commit();
  staged.commit();
  removeLeftovers();
  if (!values.quiet)
    console.log(`${written(own.size, shared?.size ?? 0)}${values.typecheck ? ', type-checked' : UNCHECKED}`);
  return 0;
}

async function once(): Promise<number> {
  if (values.spec) return single(values.spec, values.out!);
  const started = performance.now();
  const thread = values.check ? undefined : await startTypeCheck();
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
  const failures = await unparsed(files, 'generated');
  if (failures.length) {
    await thread?.close();
    for (const line of failures) console.error(line);
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
  // Loaded here only: the diff's modules (YAML's parser among them) are a twentieth of a small `generate --spec`.
  if (!values.quiet) {
    const { specChanges } = await import('./diff/generate-summary.js');
    for (const line of specChanges(files, (name) => path.join(ROOT, 'generated', name))) console.log(line);
  }
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

/** Regenerates on every change, a change at a time: changes during a run make one more run after it. */
function debounced(run: () => Promise<void>): () => void {
  let pending: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const start = () => {
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        start();
      }
    });
  };
  return () => {
    clearTimeout(pending);
    pending = setTimeout(start, 40);
  };
}

const SPEC_FILE = /\.(ya?ml|json)$/i;

/** --spec F --watch: the package again whenever a document in F's folder changes (a $ref may name a sibling). */
async function watchSingle(spec: string, out: string): Promise<void> {
  await once().catch((error: Error) => console.error(`generate failed: ${error.message}`));
  const folder = path.dirname(path.resolve(spec));
  const outFolder = path.resolve(out);
  const rerun = debounced(async () => {
    const started = performance.now();
    try {
      await single(spec, out);
      console.log(`[${new Date().toISOString()}] ${out} regenerated in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      console.error(`regeneration failed: ${(error as Error).message}`);
    }
  });
  watchThenSay(
    [folder],
    (file) => {
      if (SPEC_FILE.test(file) && !file.startsWith(outFolder + path.sep)) rerun();
    },
    console.log,
    `watching ${path.relative(process.cwd(), folder) || '.'} for changes to ${path.basename(spec)} and the documents beside it (Ctrl-C stops)`,
  );
}

async function watch(): Promise<void> {
  if (values.spec) return watchSingle(values.spec, values.out!);
  await once();
  const changed = new Set<string>();
  const rerun = debounced(async () => {
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
  });
  const specs = path.join(ROOT, 'specs');
  watchThenSay(
    [specs, path.join(ROOT, 'templates')],
    (file) => {
      // A service's own spec regenerates that service; a template (or a shared spec file) regenerates all.
      const service = file.startsWith(specs + path.sep) ? (path.relative(specs, file).split(path.sep)[0] ?? '') : '';
      changed.add(services.includes(service) ? service : 'all');
      rerun();
    },
    console.log,
    'watching specs/ and templates/ (Ctrl-C stops)',
  );
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
