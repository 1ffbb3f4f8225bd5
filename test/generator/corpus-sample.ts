// Seeded samples of the corpus: a draw of documents from a list, and a document cut down to a draw of its
// operations (paths and webhooks) with only the components they reach. Large documents (GitHub's 13 MB) enter
// the test run as such a sample, written once to a temporary folder and reused by every test file that reads it;
// the whole document is the bench's (bench/corpus-directory.ts, `npm run bench:corpus`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The seed of every draw: SPEC_FIRST_CORPUS_SEED=<n> draws another sample (a nightly run's), 1 by default. */
export function corpusSeed(): number {
  const given = Number(process.env.SPEC_FIRST_CORPUS_SEED ?? 1);
  return Number.isSafeInteger(given) ? given : 1;
}

/** A seeded pseudo-random number generator (mulberry32): the same seed gives the same draws on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items` drawn without replacement, in their original order. */
export function draw<T>(items: readonly T[], count: number, seed: number): T[] {
  const next = random(seed);
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}

/** Where operations are: paths, and the webhooks of 3.1 or of the `x-webhooks` extension (3.0). */
const ITEMS = ['paths', 'webhooks', 'x-webhooks'] as const;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
type Json = Record<string, any>;

/** `#/a/b~1c` as its decoded segments. */
const segments = (pointer: string) =>
  pointer
    .slice(2)
    .split('/')
    .map((s) => {
      let decoded = s;
      try {
        decoded = decodeURIComponent(s);
      } catch {
        // Not percent-encoded: the segment as written.
      }
      return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    });

/** Every local reference in a node: `$ref`s and a discriminator's mapping values. */
function referencesIn(node: unknown, out: string[]): void {
  if (Array.isArray(node)) for (const item of node) referencesIn(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.push(value);
      else if (key === 'mapping' && value && typeof value === 'object' && !Array.isArray(value))
        for (const target of Object.values(value))
          if (typeof target === 'string' && target.startsWith('#/')) out.push(target);
      referencesIn(value, out);
    }
  }
}

/**
 * The document with `count` of its operations (paths' and webhooks' together, a seeded draw), each path or webhook
 * item keeping only its drawn methods, and the components reached from what is kept (by `$ref` or a discriminator
 * mapping, transitively); every security scheme is kept (requirements name them, they are not references).
 */
export function operationSample(document: Json, count: number, seed: number): Json {
  const operations: Array<{ where: (typeof ITEMS)[number]; key: string; method: string }> = [];
  for (const where of ITEMS)
    for (const [key, item] of Object.entries<Json>(document[where] ?? {}))
      for (const method of Object.keys(item ?? {})) if (METHODS.has(method)) operations.push({ where, key, method });
  const kept: Json = {};
  for (const { where, key, method } of draw(operations, count, seed)) {
    const item = document[where][key] as Json;
    kept[where] ??= {};
    kept[where][key] ??= Object.fromEntries(Object.entries(item).filter(([k]) => !METHODS.has(k)));
    kept[where][key][method] = item[method];
  }
  const sample: Json = { ...document, paths: kept.paths ?? {} };
  for (const where of ITEMS) if (document[where]) sample[where] = kept[where] ?? {};
  const components: Json = {};
  if (document.components?.securitySchemes) components.securitySchemes = document.components.securitySchemes;
  const pending: string[] = [];
  referencesIn({ ...sample, components: undefined }, pending);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const pointer = pending.pop()!;
    const [root, kind, name] = segments(pointer);
    if (root === 'components' && kind && name && document.components?.[kind]?.[name] !== undefined) {
      const id = `${root}/${kind}/${name}`;
      if (seen.has(id)) continue;
      seen.add(id);
      components[kind] ??= {};
      components[kind][name] = document.components[kind][name];
      referencesIn(components[kind][name], pending);
    } else if (ITEMS.includes(root as never) && kind && document[root!]?.[kind]) {
      // A reference into an operation that was not drawn (bundlers point at the first use of a value): that
      // operation comes along, in an item with the item's own members.
      const items = sample[root!] as Json;
      const item = document[root!][kind] as Json;
      if (!items[kind]) {
        items[kind] = Object.fromEntries(Object.entries(item).filter(([k]) => !METHODS.has(k)));
        referencesIn(items[kind], pending);
      }
      if (name && METHODS.has(name) && !items[kind][name]) {
        items[kind][name] = item[name];
        referencesIn(item[name], pending);
      }
    }
  }
  if (document.components) sample.components = components;
  return sample;
}

/**
 * The file of `spec` cut down to `count` operations (operationSample), written once per machine under the
 * system's temporary folder (keyed by the source file's path, size and time, the count, the seed and this module) and reused by
 * every later caller; written to a unique name, then renamed, so that test files racing for it read a whole file.
 */
export function sampledSpecFile(spec: string, name: string, count: number, seed: number): string {
  const stat = fs.statSync(spec);
  const key = crypto
    .createHash('sha256')
    .update(`${path.resolve(spec)}\0${stat.size}\0${stat.mtimeMs}\0${count}\0${seed}\0`)
    // This module's own text: a change to how samples are cut makes new ones.
    .update(fs.readFileSync(import.meta.filename))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), 'spec-first-corpus-samples');
  const target = path.join(dir, `${name}-${key}.json`);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(dir, { recursive: true });
  const document = JSON.parse(fs.readFileSync(spec, 'utf8')) as Json;
  const partial = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, JSON.stringify(operationSample(document, count, seed)));
  fs.renameSync(partial, target);
  return target;
}
