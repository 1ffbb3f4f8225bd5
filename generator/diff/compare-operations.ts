// One operation against its counterpart: lifecycle, names, parameters, request body, responses and security.
// Schemas go to the schema comparer with the direction they travel in (request: what the client sends; response:
// what it reads), which decides each change's level.
import type { SchemaChangeFound, SchemaComparer } from './compare-schemas.js';
import { CHECKS, type RECEIVER_KINDS, type SchemaSubject } from './checks.js';
import type { Side } from './load.js';
import type { OperationEntry } from './operations.js';
import { type ReceiverOperation, receiverMethods } from './receivers.js';
import { stable } from './schema-key.js';
import { type Located, located } from './located.js';
import { childPointer } from '../model/json-pointer.js';
import type { Raw, Reporter } from './report.js';
import { compareSecurity } from './compare-security.js';

type ReceiverKind = (typeof RECEIVER_KINDS)[number];

const STABILITY = ['draft', 'alpha', 'beta', 'stable'];

export class OperationComparer {
  constructor(
    private readonly base: Side,
    private readonly revision: Side,
    private readonly schemas: SchemaComparer,
    private readonly reporter: Reporter,
  ) {}

  compare(b: OperationEntry, r: OperationEntry): void {
    const operation = { ref: r.ref, base: b.model, revision: r.model };
    const emit = (raw: Omit<Raw, 'operation'>) => this.reporter.add({ ...raw, operation });
    const bo = b.operation;
    const ro = r.operation;
    if (!!bo.deprecated !== !!ro.deprecated)
      emit({
        id: ro.deprecated ? 'endpoint.deprecated' : 'endpoint.reactivated',
        location: 'operation',
        base: childPointer(b.pointer, 'deprecated'),
        revision: childPointer(r.pointer, 'deprecated'),
        message: ro.deprecated
          ? `deprecated${ro['x-sunset'] ? ` (sunset ${ro['x-sunset']})` : ''}`
          : 'no longer deprecated',
      });
    const sb = STABILITY.indexOf(String(bo['x-stability-level'] ?? 'stable'));
    const sr = STABILITY.indexOf(String(ro['x-stability-level'] ?? 'stable'));
    if (sb >= 0 && sr >= 0 && sb !== sr)
      emit({
        id: sr < sb ? 'endpoint.stability-decreased' : 'endpoint.stability-increased',
        location: 'operation',
        base: childPointer(b.pointer, 'x-stability-level'),
        revision: childPointer(r.pointer, 'x-stability-level'),
        message: `x-stability-level ${STABILITY[sb]} -> ${STABILITY[sr]}`,
      });
    if (bo.operationId !== ro.operationId && ro.operationId !== undefined)
      emit({
        id: bo.operationId === undefined ? 'endpoint.operation-id-added' : 'endpoint.operation-id-changed',
        location: 'operation',
        base: childPointer(b.pointer, 'operationId'),
        revision: childPointer(r.pointer, 'operationId'),
        message: `operationId ${bo.operationId ?? '(none)'} -> ${ro.operationId}${
          b.model && r.model && b.model.id !== r.model.id ? `: client function ${b.model.id} is now ${r.model.id}` : ''
        }`,
      });
    const tb: string[] = Array.isArray(bo.tags) ? bo.tags : [];
    const tr: string[] = Array.isArray(ro.tags) ? ro.tags : [];
    for (const tag of tr)
      if (!tb.includes(tag))
        emit({
          id: 'endpoint.tag-added',
          location: 'tags',
          base: childPointer(b.pointer, 'tags'),
          revision: childPointer(r.pointer, 'tags', tr.indexOf(tag)),
          message: `tag ${tag} added`,
        });
    for (const tag of tb)
      if (!tr.includes(tag))
        emit({
          id: 'endpoint.tag-removed',
          location: 'tags',
          base: childPointer(b.pointer, 'tags', tb.indexOf(tag)),
          revision: childPointer(r.pointer, 'tags'),
          message: `tag ${tag} removed`,
        });
    this.parameters(b, r, emit);
    this.requestBody(b, r, emit);
    this.responses(b, r, emit);
    compareSecurity(this.base, this.revision, b, r, emit);
    this.callbacks(b, r, emit);
  }

  /** Schema changes as findings: the subject is the body, parameter or header itself, or a property below it. */
  private schemaFindings(
    found: SchemaChangeFound[],
    direction: 'request' | 'response',
    subject: SchemaSubject,
    location: string,
    emit: (raw: Omit<Raw, 'operation'>) => void,
    member?: string,
    kind?: ReceiverKind,
  ) {
    for (const f of found) {
      const nested = subject === 'parameter' ? 'parameter-property' : 'property';
      let id = `${kind ? `${kind}.` : ''}${direction}.${f.path.length > 0 ? nested : subject}.${f.change}`;
      // Items of an array parameter are the parameter's own values.
      if (subject === 'parameter' && f.path.every((p) => p === '[]')) id = `${direction}.parameter.${f.change}`;
      if (!CHECKS.has(id)) continue;
      const where = f.path.length > 0 ? `${location}: property ${f.path.join('.').replace(/\.\[/g, '[')}` : location;
      emit({
        id,
        location: where,
        base: f.base,
        revision: f.revision,
        message: f.detail,
        level: f.level,
        member,
        tsTypes: f.tsTypes,
        code: f.code,
      });
    }
  }

  private parameterList(side: Side, entry: OperationEntry): Map<string, Located> {
    const out = new Map<string, Located>();
    const names = [...entry.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const add = (list: unknown, pointer: string) => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, i) => {
        const p = located(side, raw, childPointer(pointer, i));
        if (!p.value || typeof p.value.name !== 'string') return;
        const where = String(p.value.in);
        // Path parameters are matched by their place in the path: renaming a placeholder changes nothing.
        const key =
          where === 'path'
            ? `path:#${names.indexOf(p.value.name)}`
            : `${where}:${where === 'header' ? p.value.name.toLowerCase() : p.value.name}`;
        out.set(key, p);
      });
    };
    add(entry.item.parameters, childPointer('', 'paths', entry.path, 'parameters'));
    add(entry.operation.parameters, childPointer(entry.pointer, 'parameters'));
    return out;
  }

  private parameters(b: OperationEntry, r: OperationEntry, emit: (raw: Omit<Raw, 'operation'>) => void) {
    const pb = this.parameterList(this.base, b);
    const pr = this.parameterList(this.revision, r);
    const identifier = (entry: OperationEntry, p: any) =>
      entry.model?.parameters.find((m) => m.name === p.name && m.in === p.in)?.identifier ?? p.name;
    for (const [key, p] of pr) {
      if (pb.has(key)) continue;
      const label = `parameter ${p.value.in} ${p.value.name}`;
      const id =
        p.value.in === 'path'
          ? 'request.parameter.added-path'
          : p.value.required
            ? 'request.parameter.added-required'
            : 'request.parameter.added-optional';
      emit({
        id,
        location: label,
        revision: p.pointer,
        message: `${label} added${p.value.required ? ' (required)' : ''}`,
        member: identifier(r, p.value),
      });
    }
    for (const [key, p] of pb) {
      if (pr.has(key)) continue;
      const label = `parameter ${p.value.in} ${p.value.name}`;
      const id = p.value.deprecated ? 'request.parameter.removed-deprecated' : 'request.parameter.removed';
      emit({ id, location: label, base: p.pointer, message: `${label} removed`, member: identifier(b, p.value) });
    }
    for (const [key, x] of pb) {
      const y = pr.get(key);
      if (!y) continue;
      const bv = x.value;
      const rv = y.value;
      const label = `parameter ${rv.in} ${rv.name}`;
      const member = identifier(r, rv);
      if (!!bv.required !== !!rv.required && rv.in !== 'path')
        emit({
          id: rv.required ? 'request.parameter.became-required' : 'request.parameter.became-optional',
          location: label,
          base: childPointer(x.pointer, 'required'),
          revision: childPointer(y.pointer, 'required'),
          message: `${label} became ${rv.required ? 'required' : 'optional'}`,
          member,
        });
      if (!bv.deprecated && rv.deprecated)
        emit({
          id: 'request.parameter.deprecated',
          location: label,
          base: x.pointer,
          revision: childPointer(y.pointer, 'deprecated'),
          message: `${label} deprecated`,
          member,
        });
      const sb = serialisation(bv);
      const sr = serialisation(rv);
      if (sb !== sr)
        emit({
          id: 'request.parameter.serialization-changed',
          location: label,
          base: x.pointer,
          revision: y.pointer,
          message: `${label} is written ${sb} -> ${sr}`,
          member,
        });
      const schemaB = parameterSchema(x);
      const schemaR = parameterSchema(y);
      if (schemaB && schemaR)
        this.schemaFindings(
          this.schemas.compare(schemaB, schemaR, 'request'),
          'request',
          'parameter',
          label,
          emit,
          member,
        );
    }
  }

  /** The request body: added, removed, made required or optional, its content; a webhook's or callback's (`kind`) too. */
  private requestBody(
    b: Pick<OperationEntry, 'operation' | 'pointer'>,
    r: Pick<OperationEntry, 'operation' | 'pointer'>,
    emit: (raw: Omit<Raw, 'operation'>) => void,
    kind?: ReceiverKind,
    label = 'request body',
  ) {
    const prefix = kind ? `${kind}.` : '';
    const hasB = b.operation.requestBody !== undefined;
    const hasR = r.operation.requestBody !== undefined;
    if (!hasB && !hasR) return;
    const x = hasB ? located(this.base, b.operation.requestBody, childPointer(b.pointer, 'requestBody')) : undefined;
    const y = hasR
      ? located(this.revision, r.operation.requestBody, childPointer(r.pointer, 'requestBody'))
      : undefined;
    if (!x) {
      emit({
        id: `${prefix}${y!.value?.required ? 'request.body.added-required' : 'request.body.added-optional'}`,
        location: label,
        revision: y!.pointer,
        message: `${label} added${y!.value?.required ? ' (required)' : ''}`,
        member: 'body',
      });
      return;
    }
    if (!y) {
      emit({
        id: `${prefix}request.body.removed`,
        location: label,
        base: x.pointer,
        message: `${label} removed`,
        member: 'body',
      });
      return;
    }
    if (!!x.value?.required !== !!y.value?.required)
      emit({
        id: `${prefix}${y.value?.required ? 'request.body.became-required' : 'request.body.became-optional'}`,
        location: label,
        base: childPointer(x.pointer, 'required'),
        revision: childPointer(y.pointer, 'required'),
        message: `${label} became ${y.value?.required ? 'required' : 'optional'}`,
        member: 'body',
      });
    this.content(x, y, 'request', label, emit, 'body', kind);
  }

  /**
   * Media types and their schemas. A webhook's or callback's (`kind`) request is sent by the API: its schemas are
   * compared as an answer's (a readOnly property is sent), and its answer as a request.
   */
  private content(
    x: Located,
    y: Located,
    direction: 'request' | 'response',
    label: string,
    emit: (raw: Omit<Raw, 'operation'>) => void,
    member?: string,
    kind?: ReceiverKind,
  ) {
    const cb = mediaTypes(x);
    const cr = mediaTypes(y);
    const prefix = kind ? `${kind}.` : '';
    const travels = kind ? (direction === 'request' ? 'response' : 'request') : direction;
    for (const [type, m] of cr)
      if (!cb.has(type))
        emit({
          id: `${prefix}${direction}.media-type.added`,
          location: `${label} ${type}`,
          base: childPointer(x.pointer, 'content'),
          revision: m.pointer,
          message: `${label}: media type ${type} added`,
          member,
        });
    for (const [type, m] of cb)
      if (!cr.has(type))
        emit({
          id: `${prefix}${direction}.media-type.removed`,
          location: `${label} ${type}`,
          base: m.pointer,
          revision: childPointer(y.pointer, 'content'),
          message: `${label}: media type ${type} removed`,
          member,
        });
    for (const [type, m] of cb) {
      const n = cr.get(type);
      if (!n) continue;
      if (!m.value?.schema !== !n.value?.schema)
        emit({
          id: `${prefix}${direction}.media-type.schema-${n.value?.schema ? 'added' : 'removed'}`,
          location: `${label} ${type}`,
          base: childPointer(m.pointer, 'schema'),
          revision: childPointer(n.pointer, 'schema'),
          message: `${label}: media type ${type} ${n.value?.schema ? 'now has a schema' : 'no longer has a schema'}`,
          member,
        });
      if (!m.value?.schema || !n.value?.schema) continue;
      const found = this.schemas.compare(
        { schema: m.value.schema, pointer: childPointer(m.pointer, 'schema') },
        { schema: n.value.schema, pointer: childPointer(n.pointer, 'schema') },
        travels,
      );
      this.schemaFindings(found, direction, 'body', `${label} ${type}`, emit, member, kind);
    }
  }

  private responses(b: OperationEntry, r: OperationEntry, emit: (raw: Omit<Raw, 'operation'>) => void) {
    const rb: Record<string, unknown> = b.operation.responses ?? {};
    const rr: Record<string, unknown> = r.operation.responses ?? {};
    const success = (status: string) => /^2/.test(status);
    for (const status of Object.keys(rr))
      if (!(status in rb))
        emit({
          id: 'response.status.added',
          location: `response ${status}`,
          base: childPointer(b.pointer, 'responses'),
          revision: childPointer(r.pointer, 'responses', status),
          message: `response ${status} added`,
        });
    for (const status of Object.keys(rb))
      if (!(status in rr))
        emit({
          id: success(status) ? 'response.status.removed' : 'response.status.removed-non-success',
          location: `response ${status}`,
          base: childPointer(b.pointer, 'responses', status),
          revision: childPointer(r.pointer, 'responses'),
          message: `response ${status} removed`,
        });
    for (const status of Object.keys(rb)) {
      if (!(status in rr)) continue;
      const x = located(this.base, rb[status], childPointer(b.pointer, 'responses', status));
      const y = located(this.revision, rr[status], childPointer(r.pointer, 'responses', status));
      this.content(x, y, 'response', `response ${status}`, emit);
      this.headers(x, y, `response ${status}`, emit);
      this.links(x, y, `response ${status}`, emit);
    }
  }

  /** A webhook's or callback's request against its counterpart: its body, and the receiver's answers. */
  compareReceiver(
    b: ReceiverOperation,
    r: ReceiverOperation,
    kind: ReceiverKind,
    label: string,
    emit: (raw: Omit<Raw, 'operation'>) => void,
  ) {
    this.requestBody(b, r, emit, kind, `${label} request body`);
    const rb: Record<string, unknown> = b.operation.responses ?? {};
    const rr: Record<string, unknown> = r.operation.responses ?? {};
    for (const status of Object.keys(rb)) {
      if (!(status in rr)) continue;
      const x = located(this.base, rb[status], childPointer(b.pointer, 'responses', status));
      const y = located(this.revision, rr[status], childPointer(r.pointer, 'responses', status));
      this.content(x, y, 'response', `${label} response ${status}`, emit, undefined, kind);
    }
  }

  /** An operation's callbacks: each added or removed, each kept compared as the request the API sends. */
  private callbacks(b: OperationEntry, r: OperationEntry, emit: (raw: Omit<Raw, 'operation'>) => void) {
    const list = (side: Side, entry: OperationEntry) => {
      const out = new Map<string, Map<string, ReceiverOperation>>();
      const at = childPointer(entry.pointer, 'callbacks');
      for (const [name, raw] of Object.entries<any>(entry.operation.callbacks ?? {})) {
        const callback = located(side, raw, childPointer(at, name));
        for (const expression of Object.keys(callback.value ?? {}).filter((k) => !k.startsWith('x-')))
          out.set(
            `${name} ${expression}`,
            receiverMethods(side, callback.value[expression], childPointer(callback.pointer, expression)),
          );
      }
      return out;
    };
    const cb = list(this.base, b);
    const cr = list(this.revision, r);
    const keys = new Set([...cb.keys(), ...cr.keys()]);
    for (const key of keys) {
      const mb = cb.get(key) ?? new Map<string, ReceiverOperation>();
      const mr = cr.get(key) ?? new Map<string, ReceiverOperation>();
      for (const [method, o] of mr)
        if (!mb.has(method))
          emit({
            id: 'callback.added',
            location: `callback ${key} ${method.toUpperCase()}`,
            revision: o.pointer,
            base: childPointer(b.pointer, 'callbacks'),
            message: `callback ${key} ${method.toUpperCase()} added`,
          });
      for (const [method, o] of mb) {
        const n = mr.get(method);
        const label = `callback ${key} ${method.toUpperCase()}`;
        if (!n)
          emit({
            id: 'callback.removed',
            location: label,
            base: o.pointer,
            revision: childPointer(r.pointer, 'callbacks'),
            message: `${label} removed`,
          });
        else
          this.compareReceiver(o, n, 'callback', label, (raw) =>
            this.reporter.add({
              ...raw,
              operation: { ref: r.ref, base: o.model ?? b.model, revision: n.model ?? r.model },
            }),
          );
      }
    }
  }

  /** A response's links: design-time ways from this answer to another operation (nothing on the wire). */
  private links(x: Located, y: Located, label: string, emit: (raw: Omit<Raw, 'operation'>) => void) {
    const list = (side: Side, l: Located) =>
      new Map(
        Object.entries<any>(l.value?.links ?? {}).map(([name, link]) => [
          name,
          located(side, link, childPointer(l.pointer, 'links', name)),
        ]),
      );
    const lb = list(this.base, x);
    const lr = list(this.revision, y);
    for (const [name, link] of lr)
      if (!lb.has(name))
        emit({
          id: 'link.added',
          location: `${label} link ${name}`,
          base: childPointer(x.pointer, 'links'),
          revision: link.pointer,
          message: `${label}: link ${name} added`,
        });
    for (const [name, link] of lb) {
      const other = lr.get(name);
      if (!other) {
        emit({
          id: 'link.removed',
          location: `${label} link ${name}`,
          base: link.pointer,
          revision: childPointer(y.pointer, 'links'),
          message: `${label}: link ${name} removed`,
        });
        continue;
      }
      // What the link does: the operation it leads to and the values it passes; its description is documentation.
      const changed = ['operationId', 'operationRef', 'parameters', 'requestBody', 'server'].filter(
        (k) => stable(link.value?.[k]) !== stable(other.value?.[k]),
      );
      const only = changed.length === 1 ? changed[0] : undefined;
      const at = (l: Located) => (only && l.value?.[only] !== undefined ? childPointer(l.pointer, only) : l.pointer);
      const shown = (v: unknown) => (v === undefined ? 'none' : stable(v));
      if (changed.length > 0)
        emit({
          id: 'link.changed',
          location: `${label} link ${name}`,
          base: at(link),
          revision: at(other),
          message: `${label}: link ${name} changed (${changed
            .map((k) => `${k} ${shown(link.value?.[k])} -> ${shown(other.value?.[k])}`)
            .join('; ')})`,
        });
    }
  }

  private headers(x: Located, y: Located, label: string, emit: (raw: Omit<Raw, 'operation'>) => void) {
    const list = (side: Side, l: Located) =>
      new Map(
        Object.entries<any>(l.value?.headers ?? {}).map(([name, h]) => [
          name.toLowerCase(),
          { name, ...located(side, h, childPointer(l.pointer, 'headers', name)) },
        ]),
      );
    const hb = list(this.base, x);
    const hr = list(this.revision, y);
    for (const [key, h] of hr)
      if (!hb.has(key))
        emit({
          id: 'response.header.added',
          location: `${label} header ${h.name}`,
          revision: h.pointer,
          base: childPointer(x.pointer, 'headers'),
          message: `${label}: header ${h.name} added`,
        });
    for (const [key, h] of hb) {
      const n = hr.get(key);
      const where = `${label} header ${h.name}`;
      if (!n) {
        emit({
          id: h.value?.required ? 'response.header.removed-required' : 'response.header.removed-optional',
          location: where,
          base: h.pointer,
          revision: childPointer(y.pointer, 'headers'),
          message: `${label}: header ${h.name} removed`,
        });
        continue;
      }
      if (!!h.value?.required !== !!n.value?.required)
        emit({
          id: n.value?.required ? 'response.header.became-required' : 'response.header.became-optional',
          location: where,
          base: childPointer(h.pointer, 'required'),
          revision: childPointer(n.pointer, 'required'),
          message: `${label}: header ${h.name} became ${n.value?.required ? 'required' : 'optional'}`,
        });
      const sb = parameterSchema(h);
      const sr = parameterSchema(n);
      if (sb && sr) this.schemaFindings(this.schemas.compare(sb, sr, 'response'), 'response', 'header', where, emit);
    }
  }
}

/** How a parameter is written on the wire, with OpenAPI's defaults made explicit. */
function serialisation(p: any): string {
  const style = p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
  const explode = p.explode ?? style === 'form';
  return `style=${style}, explode=${explode}${p.allowReserved ? ', allowReserved' : ''}`;
}

function parameterSchema(p: Located): { schema: any; pointer: string } | undefined {
  if (p.value?.schema) return { schema: p.value.schema, pointer: childPointer(p.pointer, 'schema') };
  const content = p.value?.content;
  if (content && typeof content === 'object') {
    const [type] = Object.keys(content);
    if (type && content[type]?.schema)
      return { schema: content[type].schema, pointer: childPointer(p.pointer, 'content', type, 'schema') };
  }
  return undefined;
}

function mediaTypes(l: Located): Map<string, Located> {
  const out = new Map<string, Located>();
  for (const [type, value] of Object.entries<any>(l.value?.content ?? {}))
    out.set(type.toLowerCase().replace(/\s+/g, ''), { value, pointer: childPointer(l.pointer, 'content', type) });
  return out;
}
