// The diff of two loaded documents: endpoints added and removed (deprecation-, sunset- and stability-aware),
// each matched operation compared, root security and security schemes once, component schemas as types.
// Operations excluded by tag or extension are left out on both sides.
import { compareComponents } from './compare-components.js';
import { OperationComparer } from './compare-operations.js';
import { SchemaComparer } from './compare-schemas.js';
import { compareRequirements, compareSchemes } from './compare-security.js';
import type { Finding, Level } from './finding.js';
import type { Side } from './load.js';
import { type OperationEntry, operationEntries } from './operations.js';
import { childPointer } from '../model/json-pointer.js';
import { receiverMethods, webhookItems } from './receivers.js';
import { Reporter } from './report.js';
import { changedComponents } from './unchanged.js';

export interface DiffOptions {
  /** `tag:<name>`, `<x-extension>` (present and truthy) or `<x-extension>=<value>`. */
  exclude?: string[];
  /** The date sunsets are read against. */
  now?: Date;
}

export function excludes(patterns: string[]): (entry: OperationEntry) => boolean {
  const tests = patterns.map((pattern) => {
    if (pattern.startsWith('tag:')) {
      const tag = pattern.slice(4);
      return (e: OperationEntry) => Array.isArray(e.operation.tags) && e.operation.tags.includes(tag);
    }
    const [name, value] = pattern.split('=', 2) as [string, string | undefined];
    return (e: OperationEntry) => {
      const v = e.operation[name] ?? e.item[name];
      return value === undefined ? v !== undefined && v !== false : String(v) === value;
    };
  });
  return (entry) => tests.some((t) => t(entry));
}

export function diffSides(base: Side, revision: Side, options: DiffOptions = {}): Finding[] {
  const now = options.now ?? new Date();
  const excluded = excludes(options.exclude ?? []);
  const reporter = new Reporter(base, revision);
  const schemas = new SchemaComparer(base.document, revision.document);
  const operations = new OperationComparer(base, revision, schemas, reporter);
  const ob = operationEntries(base.document, base.model);
  const or = operationEntries(revision.document, revision.model);
  const emit = (raw: Parameters<Reporter['add']>[0]) => reporter.add(raw);
  const touchesChanged = changedComponents(base.written, revision.written);
  const securityChanged = JSON.stringify(base.written.security) !== JSON.stringify(revision.written.security);
  const revisionPaths = new Set([...or.values()].map((e) => e.pathKey));
  const removedPaths = new Map<string, OperationEntry[]>();
  for (const [key, b] of ob) {
    const r = or.get(key);
    if (r && (excluded(b) || excluded(r))) continue;
    if (!r && excluded(b)) continue;
    if (r) {
      const text = JSON.stringify([b.operation, b.item.parameters]);
      const same =
        !securityChanged && text === JSON.stringify([r.operation, r.item.parameters]) && !touchesChanged(text);
      if (!same) operations.compare(b, r);
      continue;
    }
    if (!revisionPaths.has(b.pathKey)) {
      const list = removedPaths.get(b.path) ?? [];
      list.push(b);
      removedPaths.set(b.path, list);
      continue;
    }
    const removal = removalOf(b.operation, now);
    emit({
      id: `endpoint.${removal.kind}`,
      operation: { ref: b.ref, base: b.model },
      location: 'operation',
      base: b.pointer,
      revision: childPointer('', 'paths', b.path),
      message: `${b.ref.method} ${b.path} removed${removal.note}`,
      level: removal.level,
    });
  }
  for (const [path, entries] of removedPaths) {
    // Each operation of a removed path is a removal of its own, so that each client function is named.
    for (const b of entries) {
      const removal = removalOf(
        b.operation.deprecated ? b.operation : { ...b.operation, deprecated: b.item.deprecated },
        now,
      );
      emit({
        id: `path.${removal.kind}`,
        operation: { ref: b.ref, base: b.model },
        location: 'operation',
        base: b.pointer,
        revision: '/paths',
        message: `path ${path} removed (its ${b.ref.method})${removal.note}`,
        level: removal.level,
      });
    }
  }
  for (const [key, r] of or) {
    if (ob.has(key) || excluded(r)) continue;
    emit({
      id: 'endpoint.added',
      operation: { ref: r.ref, revision: r.model },
      location: 'operation',
      revision: r.pointer,
      message: `${r.ref.method} ${r.path} added`,
    });
  }
  compareRequirements(base.document.security, revision.document.security, '/security', '/security', (raw) => {
    // Only where some operation inherits the root's requirement in both documents.
    const inherits = [...ob.values()].some(
      (b) => b.operation.security === undefined && or.get(b.key)?.operation.security === undefined,
    );
    if (inherits) emit({ ...raw, message: `root security: ${raw.message}` });
  });
  compareWebhooks(base, revision, operations, emit);
  compareSchemes(base, revision, emit);
  compareComponents(base, revision, schemas, emit);
  return reporter.findings;
}

/** How an operation's removal counts: deprecated first (and past its sunset) is info, an unstable one too. */
function removalOf(
  operation: Record<string, any>,
  now: Date,
): { kind: 'removed' | 'removed-deprecated' | 'removed-before-sunset'; level?: Level; note: string } {
  const stability = operation['x-stability-level'];
  if (stability === 'draft' || stability === 'alpha')
    return { kind: 'removed', level: 'info', note: ` (x-stability-level ${stability}: no promise was made)` };
  if (!operation.deprecated) return { kind: 'removed', note: ' without deprecation' };
  const sunset = operation['x-sunset'];
  if (sunset !== undefined) {
    const date = new Date(String(sunset));
    if (!Number.isNaN(date.getTime()) && date > now)
      return { kind: 'removed-before-sunset', note: ` before its sunset ${String(sunset)}` };
  }
  return { kind: 'removed-deprecated', note: ' after deprecation' };
}

/**
 * Webhooks added or removed (by name, then by method), and each kept compared as the request the API sends: its
 * body at a response's levels, the receiver's answer at a request's (docs/diff.md).
 */
function compareWebhooks(
  base: Side,
  revision: Side,
  operations: OperationComparer,
  emit: (raw: Parameters<Reporter['add']>[0]) => void,
): void {
  const wb = webhookItems(base.document);
  const wr = webhookItems(revision.document);
  for (const [name, [, at]] of wr)
    if (!wb.has(name))
      emit({ id: 'webhook.added', location: `webhook ${name}`, revision: at, message: `webhook ${name} added` });
  for (const [name, [item, at]] of wb) {
    const other = wr.get(name);
    if (!other) {
      emit({ id: 'webhook.removed', location: `webhook ${name}`, base: at, message: `webhook ${name} removed` });
      continue;
    }
    const mb = receiverMethods(base, item, at);
    const mr = receiverMethods(revision, other[0], other[1]);
    for (const [method, o] of mr)
      if (!mb.has(method))
        emit({
          id: 'webhook.added',
          location: `webhook ${name} ${method.toUpperCase()}`,
          base: at,
          revision: o.pointer,
          message: `webhook ${name} ${method.toUpperCase()} added`,
        });
    for (const [method, o] of mb) {
      const n = mr.get(method);
      const label = `webhook ${name} ${method.toUpperCase()}`;
      if (!n) {
        emit({
          id: 'webhook.removed',
          location: label,
          base: o.pointer,
          revision: other[1],
          message: `${label} removed`,
        });
        continue;
      }
      const ref = {
        method: method.toUpperCase(),
        path: `webhook:${name}`,
        ...(typeof n.operation.operationId === 'string' ? { operationId: n.operation.operationId } : {}),
      };
      operations.compareReceiver(o, n, 'webhook', label, (raw) =>
        emit({ ...raw, operation: { ref, base: o.model, revision: n.model } }),
      );
    }
  }
}
