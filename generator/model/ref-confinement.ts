// Where a document's `$ref`s may lead: files inside the root document's folder, and nothing else unless the user
// allows a folder or an origin (`generate --allow-ref <dir or origin>`). A document is outside input: without
// this a `$ref` reads any JSON or YAML file of the machine, or fetches an internal URL, into the package's
// openapi.json. Given to Redocly's bundler as its `externalRefResolver` (the option for resolving documents), it
// loads each file or URL itself: symlinks judged by where they lead, a redirect followed only inside its origin,
// every document read through parse-document.ts's limits.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Document, Source as SourceType } from '@redocly/openapi-core/lib/bundle-oas';
import { checkDocumentBytes, parseDocumentText } from './parse-document.js';

/** What the user allowed beyond the root document's folder. */
export interface RefAllowance {
  /** Real paths of folders whose files may be read. */
  folders: string[];
  /** Origins (`https://host:port`) that may be fetched. */
  origins: string[];
}

/** Reads `--allow-ref` values: an http(s) URL allows its origin, anything else names a folder (which must exist). */
export function refAllowance(values: readonly string[] = []): RefAllowance {
  const allowance: RefAllowance = { folders: [], origins: [] };
  for (const value of values) {
    if (/^https?:\/\//i.test(value)) {
      allowance.origins.push(new URL(value).origin);
      continue;
    }
    const folder = value.startsWith('file:') ? fileURLToPath(value) : path.resolve(value);
    let real: string;
    try {
      real = fs.realpathSync(folder);
    } catch {
      throw new Error(`--allow-ref ${value}: no such folder`);
    }
    allowance.folders.push(real);
  }
  return allowance;
}

/** The most redirects followed inside one origin for one remote document. */
const MAX_REDIRECTS = 5;
/** How long a remote document may take to arrive. */
const FETCH_TIMEOUT_MS = 30_000;

const isUrl = (ref: string) => /^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref);

function inside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** A `$ref` target the confinement refuses; Redocly reports it with the pointer of the `$ref`. */
export class RefRefusedError extends Error {}

/**
 * Redocly's resolver interface (resolveExternalRef, resolveDocument, getFiles), confined. `SourceClass` is
 * Redocly's Source, handed in because openapi-core is imported on first use.
 */
export class ConfinedResolver {
  readonly cache = new Map<string, Promise<Document>>();
  private readonly rootFolder: string;

  constructor(
    rootFile: string,
    private readonly allowance: RefAllowance,
    private readonly SourceClass: typeof SourceType,
    private readonly onLenient?: (message: string) => void,
  ) {
    this.rootFolder = fs.realpathSync(path.dirname(path.resolve(rootFile)));
  }

  getFiles(): Set<string> {
    return new Set(this.cache.keys());
  }

  resolveExternalRef(base: string | null, ref: string): string {
    if (isUrl(ref)) return ref;
    if (base && isUrl(base)) return new URL(ref, base).href;
    return path.resolve(base ? path.dirname(base) : process.cwd(), ref);
  }

  resolveDocument(base: string | null, ref: string): Promise<Document> {
    const absolute = this.resolveExternalRef(base, ref);
    let document = this.cache.get(absolute);
    if (!document) {
      document = this.load(absolute);
      this.cache.set(absolute, document);
    }
    return document;
  }

  private async load(absolute: string): Promise<Document> {
    if (isUrl(absolute)) {
      const url = new URL(absolute);
      if (url.protocol === 'file:') return this.loadFile(fileURLToPath(url), absolute);
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new RefRefusedError(`${absolute}: a ${url.protocol} reference is refused`);
      return this.loadUrl(url);
    }
    return this.loadFile(absolute, absolute);
  }

  private async loadFile(file: string, name: string): Promise<Document> {
    let real: string;
    try {
      real = fs.realpathSync(file);
    } catch {
      throw new Error(`${name}: no such file`);
    }
    const allowed = [this.rootFolder, ...this.allowance.folders].some((folder) => inside(folder, real));
    if (!allowed)
      throw new RefRefusedError(
        `${name} is outside the document's folder ${this.rootFolder}: refused (--allow-ref <folder> allows a folder)`,
      );
    const stat = fs.statSync(real);
    if (!stat.isFile()) throw new Error(`${name} is not a file`);
    checkDocumentBytes(name, stat.size);
    const text = fs.readFileSync(real, 'utf8').replace(/\r\n/g, '\n');
    return this.parse(name, text);
  }

  private async loadUrl(start: URL): Promise<Document> {
    if (!this.allowance.origins.includes(start.origin))
      throw new RefRefusedError(`${start.href}: a remote reference is refused (--allow-ref ${start.origin} allows it)`);
    let url = start;
    for (let hop = 0; ; hop++) {
      const answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      const location = answer.headers.get('location');
      if (answer.status >= 300 && answer.status < 400 && location) {
        await answer.body?.cancel();
        const next = new URL(location, url);
        if (next.origin !== start.origin)
          throw new RefRefusedError(`${start.href} redirects to another origin (${next.origin}): refused`);
        if (hop >= MAX_REDIRECTS) throw new Error(`${start.href}: more than ${MAX_REDIRECTS} redirects`);
        url = next;
        continue;
      }
      if (!answer.ok) {
        await answer.body?.cancel();
        throw new Error(`${url.href} answered ${answer.status}`);
      }
      const text = await readCapped(answer, url.href);
      const json = /json/i.test(answer.headers.get('content-type') ?? '') || url.pathname.endsWith('.json');
      return this.parse(start.href, text, json);
    }
  }

  private parse(name: string, text: string, json = name.endsWith('.json')): Document {
    const parsed = parseDocumentText(name, text, json, this.onLenient);
    return { source: new this.SourceClass(name, text), parsed };
  }
}

/** The answer's text, refused past the document size limit without reading further. */
async function readCapped(answer: Response, name: string): Promise<string> {
  checkDocumentBytes(name, Number(answer.headers.get('content-length') ?? 0));
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const chunk of answer.body ?? []) {
    bytes += chunk.byteLength;
    checkDocumentBytes(name, bytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
