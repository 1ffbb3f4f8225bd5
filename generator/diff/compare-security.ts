// Security requirements as the sets of credentials a request may carry: a request that satisfied one of the old
// alternatives must satisfy one of the new, or it breaks (oasdiff calls every security change info; a credential
// now required refuses every old request, so this is an error here). Root security that both operations inherit
// is compared once, without an operation.
import type { Side } from './load.js';
import type { OperationEntry } from './operations.js';
import { childPointer } from '../model/json-pointer.js';
import type { Raw } from './report.js';

type Alternative = Map<string, Set<string>>;

function alternatives(list: unknown): Alternative[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((a) => a && typeof a === 'object')
    .map(
      (a) =>
        new Map(
          Object.entries<string[]>(a).map(([scheme, scopes]) => [scheme, new Set(Array.isArray(scopes) ? scopes : [])]),
        ),
    );
}

const text = (a: Alternative) =>
  a.size === 0
    ? 'no credential'
    : [...a].map(([s, scopes]) => (scopes.size ? `${s} [${[...scopes].join(', ')}]` : s)).join(' + ');

/** Whether a request carrying `held` satisfies `wanted`. */
const satisfies = (held: Alternative, wanted: Alternative) =>
  [...wanted].every(([scheme, scopes]) => held.has(scheme) && [...scopes].every((s) => held.get(scheme)!.has(s)));

export function compareRequirements(
  before: unknown,
  after: unknown,
  basePointer: string,
  revisionPointer: string,
  emit: (raw: Omit<Raw, 'operation'>) => void,
): void {
  // No requirement at all is one alternative: no credential.
  const ab = alternatives(before);
  const ar = alternatives(after);
  const old = ab.length ? ab : [new Map()];
  const now = ar.length ? ar : [new Map()];
  for (const [i, a] of old.entries()) {
    if (now.some((n) => satisfies(a, n))) continue;
    const sameSchemes = now.find((n) => n.size === a.size && [...a.keys()].every((k) => n.has(k)));
    emit({
      id: sameSchemes ? 'security.scope-added' : 'security.tightened',
      location: 'security',
      base: ab.length ? childPointer(basePointer, i) : basePointer,
      revision: revisionPointer,
      message: sameSchemes
        ? `a request with ${text(a)} now needs ${text(sameSchemes)}`
        : `a request with ${text(a)} is no longer accepted (now: ${now.map(text).join(' or ')})`,
    });
  }
  for (const [j, n] of now.entries()) {
    // Requests carrying this alternative's credentials were accepted before when they satisfied an old one.
    if (old.some((a) => satisfies(n, a))) continue;
    const fewer = old.find((a) => satisfies(a, n) && a.size === n.size);
    emit({
      id: fewer ? 'security.scope-removed' : 'security.loosened',
      location: 'security',
      base: basePointer,
      revision: ar.length ? childPointer(revisionPointer, j) : revisionPointer,
      message: fewer ? `${text(fewer)} relaxed to ${text(n)}` : `${text(n)} now accepted`,
    });
  }
}

export function compareSecurity(
  base: Side,
  revision: Side,
  b: OperationEntry,
  r: OperationEntry,
  emit: (raw: Omit<Raw, 'operation'>) => void,
): void {
  const ownB = b.operation.security !== undefined;
  const ownR = r.operation.security !== undefined;
  if (!ownB && !ownR) return;
  compareRequirements(
    ownB ? b.operation.security : base.document.security,
    ownR ? r.operation.security : revision.document.security,
    ownB ? childPointer(b.pointer, 'security') : '/security',
    ownR ? childPointer(r.pointer, 'security') : '/security',
    emit,
  );
}

/** The security schemes of components: how each sends its credential. */
export function compareSchemes(base: Side, revision: Side, emit: (raw: Omit<Raw, 'operation'>) => void): void {
  const sb: Record<string, any> = base.document.components?.securitySchemes ?? {};
  const sr: Record<string, any> = revision.document.components?.securitySchemes ?? {};
  const at = (name: string) => childPointer('', 'components', 'securitySchemes', name);
  for (const name of Object.keys(sr))
    if (!(name in sb))
      emit({
        id: 'security.scheme-added',
        location: `security scheme ${name}`,
        revision: at(name),
        message: `security scheme ${name} added`,
      });
  for (const name of Object.keys(sb)) {
    if (!(name in sr)) {
      emit({
        id: 'security.scheme-removed',
        location: `security scheme ${name}`,
        base: at(name),
        message: `security scheme ${name} removed`,
      });
      continue;
    }
    const wire = (s: any) => JSON.stringify([s?.type, s?.in, s?.name, String(s?.scheme ?? '').toLowerCase()]);
    if (wire(sb[name]) !== wire(sr[name]))
      emit({
        id: 'security.scheme-changed',
        location: `security scheme ${name}`,
        base: at(name),
        revision: at(name),
        message: `security scheme ${name}: ${wire(sb[name])} -> ${wire(sr[name])}`,
      });
  }
}
