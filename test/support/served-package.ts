// A package generated from a test's own document with its server listening on a loopback port, for one test
// file: made before its tests, closed and its folder removed after them.
import { afterAll, beforeAll } from 'vitest';
import { listenLocal, type RunningServer } from '../../contracts/targets/listen-local.js';
import { type InlinePackage, inlinePackage } from './inline-package.js';

export interface ServedPackage {
  /** The package; set once the file's beforeAll has run. */
  pkg: InlinePackage;
  /** Where its server listens (`http://127.0.0.1:<port>`). */
  baseUrl: string;
}

/**
 * The package's `create<Key>Server(handlers, options)` served (its router's error log off unless the options say
 * otherwise); `handlers` may read the package (its validators, say).
 */
export function servedPackage(
  key: string,
  document: object,
  handlers: Record<string, unknown> | ((pkg: InlinePackage) => Record<string, unknown>),
  options: Record<string, unknown> = {},
): ServedPackage {
  const served = {} as ServedPackage;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    served.pkg = await inlinePackage(key, document);
    const create = Object.entries(served.pkg.server).find(([name]) => /^create\w+Server$/.test(name))?.[1];
    if (typeof create !== 'function') throw new Error(`the ${key} package has no create...Server`);
    const routes = typeof handlers === 'function' ? handlers(served.pkg) : handlers;
    server = await listenLocal(create(routes, { logger: false, ...options }));
    served.baseUrl = server.baseUrl;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    served.pkg?.remove();
  });
  return served;
}
