// The names the runtime declares (templates/runtime/client and server): a package's client and server import and
// re-export them beside each operation's types, so no operation's type may take one (an operation `service` would
// declare ServiceError beside the runtime's, `api` ApiError, `handler` HandlerInput), which does not compile.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './root.js';

/** What the emitters append to an operation's type name: its Params, Result, Error, Input, Body, ... */
const SUFFIXES = ['Params', 'Result', 'Error', 'Input', 'Response', 'Reply', 'Body', 'Lines', 'Field'];

const DECLARED =
  /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:class|interface|type|function\*?|async\s+function|const|let|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;

let names: Set<string> | undefined;

/** Every name the runtime's modules export (read once). */
export function runtimeNames(): ReadonlySet<string> {
  if (names) return names;
  const found = new Set<string>();
  for (const side of ['client', 'server']) {
    const dir = path.join(ROOT, 'templates', 'runtime', side);
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(DECLARED)) found.add(m[1]!);
      for (const m of text.matchAll(LISTED))
        for (const part of m[1]!.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop();
          if (name) found.add(name);
        }
    }
  }
  names = found;
  return found;
}

/**
 * An operation's type name: its identifier's, or where a name made from that is the runtime's, that with
 * `Operation` (and a number where another operation's type has it).
 */
export function operationTypeName(name: string, taken: ReadonlySet<string>): string {
  const runtime = runtimeNames();
  if (!SUFFIXES.some((suffix) => runtime.has(`${name}${suffix}`))) return name;
  let out = `${name}Operation`;
  for (let n = 2; taken.has(out); n++) out = `${name}Operation${n}`;
  return out;
}
