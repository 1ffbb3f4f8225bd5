// Two schemas compared as what they accept: each difference is a change name of the registry's schema table
// (checks.ts), at a property path, with the pointers where each side writes it. Equal schemas (by their canonical
// key) end the walk at once; a pair already compared in this direction is answered from memory, so that a
// component shared by many operations is walked once.
import { type CodeEffect, schemaLevel } from './checks.js';
import type { Level } from './finding.js';
import { childPointer } from '../model/json-pointer.js';
import { SchemaKeys, stable } from './schema-key.js';
import { covers, type SchemaNode, Schemas, type SchemaView } from './schema-view.js';

export type SchemaDirection = 'request' | 'response';

export interface SchemaChangeFound {
  change: string;
  /** Property names (and `[]` for items, `[n]` for prefixItems, `{pattern}` for patternProperties) below the root. */
  path: string[];
  base?: string;
  revision?: string;
  detail: string;
  /** A lower level than the registry's, with why (a readOnly property in a request). */
  level?: Level;
  /** The TypeScript types on each side, for the code verdict of a type change. */
  tsTypes?: [string[], string[]];
  /** A code effect other than the registry's (a change inside `not`, which the generated types do not read). */
  code?: CodeEffect;
}

const UNBOUNDED = ['max', 'min'] as const;

const LIMITS: Array<[string, string, 'max' | 'min']> = [
  ['maxLength', 'max-length', 'max'],
  ['minLength', 'min-length', 'min'],
  ['maxItems', 'max-items', 'max'],
  ['minItems', 'min-items', 'min'],
  ['maxProperties', 'max-properties', 'max'],
  ['minProperties', 'min-properties', 'min'],
  ['maxContains', 'max-contains', 'max'],
  ['minContains', 'min-contains', 'min'],
];

const KEYWORD_SCHEMAS: Array<[string, string]> = [
  ['if', 'if'],
  ['then', 'then'],
  ['else', 'else'],
  ['contains', 'contains'],
  ['propertyNames', 'property-names'],
  ['unevaluatedProperties', 'unevaluated-properties'],
  ['unevaluatedItems', 'unevaluated-items'],
  ['not', 'not'],
];

const MATCH_ANYTHING = new Set(['.*', '^.*$', '^.*', '.*$', '[\\s\\S]*', '^[\\s\\S]*$']);

export class SchemaComparer {
  readonly base: Schemas;
  readonly revision: Schemas;
  private readonly baseKeys: SchemaKeys;
  private readonly revisionKeys: SchemaKeys;
  private readonly memory = new Map<string, WeakMap<object, WeakMap<object, SchemaChangeFound[]>>>();
  private readonly active = new Set<string>();
  private pairIds = new WeakMap<object, number>();
  private nextId = 1;

  constructor(base: Record<string, unknown>, revision: Record<string, unknown>) {
    this.base = new Schemas(base);
    this.revision = new Schemas(revision);
    this.baseKeys = new SchemaKeys(this.base);
    this.revisionKeys = new SchemaKeys(this.revision);
  }

  /** Whether two schemas accept the same values (documentation aside). */
  equal(b: SchemaNode, r: SchemaNode): boolean {
    return this.baseKeys.key(b) === this.revisionKeys.key(r);
  }

  compare(b: SchemaNode, r: SchemaNode, direction: SchemaDirection): SchemaChangeFound[] {
    const vb = this.base.view(b);
    const vr = this.revision.view(r);
    const bs = vb.node.schema;
    const rs = vr.node.schema;
    if (!bs || !rs || typeof bs !== 'object' || typeof rs !== 'object') return [];
    let byDirection = this.memory.get(direction);
    if (!byDirection) this.memory.set(direction, (byDirection = new WeakMap()));
    let byBase = byDirection.get(bs);
    if (!byBase) byDirection.set(bs, (byBase = new WeakMap()));
    const known = byBase.get(rs);
    if (known) return known;
    const activeKey = `${direction}:${this.idOf(bs)}:${this.idOf(rs)}`;
    if (this.active.has(activeKey)) return [];
    this.active.add(activeKey);
    const found = this.equal(b, r) ? [] : this.walk(vb, vr, direction);
    this.active.delete(activeKey);
    byBase.set(rs, found);
    return found;
  }

  private idOf(o: object): number {
    let id = this.pairIds.get(o);
    if (id === undefined) this.pairIds.set(o, (id = this.nextId++));
    return id;
  }

  private walk(vb: SchemaView, vr: SchemaView, direction: SchemaDirection): SchemaChangeFound[] {
    const out: SchemaChangeFound[] = [];
    const bp = vb.node.pointer;
    const rp = vr.node.pointer;
    const add = (change: string, detail: string, base: string | undefined, revision: string | undefined, extra = {}) =>
      out.push({ change, path: [], base, revision, detail, ...extra });
    const atB = (k: string) => vb.keywords.get(k)?.at ?? bp;
    const atR = (k: string) => vr.keywords.get(k)?.at ?? rp;
    const kb = (k: string) => vb.keywords.get(k)?.value;
    const kr = (k: string) => vr.keywords.get(k)?.value;

    // Nullability, whatever spelling each side uses.
    if (vb.nullable !== vr.nullable)
      add(
        vr.nullable ? 'became-nullable' : 'became-not-nullable',
        vr.nullable ? 'null is now allowed' : 'null is no longer allowed',
        bp,
        rp,
      );

    // Alternatives: one side without them is one alternative of its own.
    if (vb.union || vr.union) {
      out.push(...this.unions(vb, vr, direction));
      if (!vb.union || !vr.union) return out;
    }

    // Types.
    if (vb.types || vr.types) {
      const tb = vb.types ?? new Set<string>();
      const tr = vr.types ?? new Set<string>();
      const widened = !vr.types || (!!vb.types && [...tb].every((t) => covers(tr, t)));
      const narrowed = !vb.types || (!!vr.types && [...tr].every((t) => covers(tb, t)));
      const same = widened && narrowed;
      if (!same) {
        const change = widened ? 'type-generalized' : narrowed ? 'type-specialized' : 'type-changed';
        add(change, `type ${typeText(vb.types)} -> ${typeText(vr.types)}`, atB('type'), atR('type'), {
          tsTypes: [tsTypes(vb), tsTypes(vr)],
        });
        // A type changed outright still has its other keywords compared.
      }
    }

    // Format.
    const fb = kb('format');
    const fr = kr('format');
    if (fb !== fr) {
      if (fb === undefined) add('format-added', `format ${fr} added`, bp, atR('format'));
      else if (fr === undefined) add('format-removed', `format ${fb} removed`, atB('format'), rp);
      else add('format-changed', `format ${fb} -> ${fr}`, atB('format'), atR('format'));
    }

    // Enums and const.
    const eb = kb('enum');
    const er = kr('enum');
    if (Array.isArray(eb) || Array.isArray(er)) {
      if (!Array.isArray(eb)) add('became-enum', `values restricted to ${values(er)}`, bp, atR('enum'));
      else if (!Array.isArray(er))
        add('enum-removed', 'the enum is gone: any value of the type is allowed', atB('enum'), rp);
      else {
        const sb = new Map(eb.filter((v) => v !== null).map((v, i) => [stable(v), i]));
        const sr = new Map(er.filter((v) => v !== null).map((v, i) => [stable(v), i]));
        for (const [v, i] of sr)
          if (!sb.has(v))
            add(
              'enum-value-added',
              `enum value ${v} added`,
              atB('enum'),
              childPointer(atR('enum'), er.indexOf(er.filter((x) => x !== null)[i])),
            );
        for (const [v, i] of sb)
          if (!sr.has(v))
            add(
              'enum-value-removed',
              `enum value ${v} removed`,
              childPointer(atB('enum'), eb.indexOf(eb.filter((x) => x !== null)[i])),
              atR('enum'),
            );
      }
    }
    // x-extensible-enum: the values known today, more may come; a value removed still refuses old requests.
    const xb = kb('x-extensible-enum');
    const xr = kr('x-extensible-enum');
    if (Array.isArray(xb) && Array.isArray(xr)) {
      for (const v of xr)
        if (!xb.some((w) => stable(w) === stable(v)))
          add(
            'x-extensible-enum-value-added',
            `extensible enum value ${stable(v)} added`,
            atB('x-extensible-enum'),
            childPointer(atR('x-extensible-enum'), xr.indexOf(v)),
          );
      for (const v of xb)
        if (!xr.some((w) => stable(w) === stable(v)))
          add(
            'x-extensible-enum-value-removed',
            `extensible enum value ${stable(v)} removed`,
            childPointer(atB('x-extensible-enum'), xb.indexOf(v)),
            atR('x-extensible-enum'),
          );
    }
    const cb = kb('const');
    const cr = kr('const');
    if (stable(cb) !== stable(cr)) {
      if (cb === undefined) add('const-added', `const ${stable(cr)} added`, bp, atR('const'));
      else if (cr === undefined) add('const-removed', `const ${stable(cb)} removed`, atB('const'), rp);
      else add('const-changed', `const ${stable(cb)} -> ${stable(cr)}`, atB('const'), atR('const'));
    }

    // Numeric bounds (exclusive ones read as bounds that exclude their value).
    for (const side of UNBOUNDED) {
      const b = numericBound(vb, side);
      const r = numericBound(vr, side);
      if (!b && !r) continue;
      // A bound exclusive on the revision's side (or the base's, when removed) is reported as an exclusive one.
      const name = (r ?? b)!.exclusive ? `exclusive-${side}` : side;
      const where = (v: SchemaView, bound: Bound | undefined, fallback: string) =>
        bound ? (v.keywords.get(bound.keyword)?.at ?? fallback) : fallback;
      const pb = where(vb, b, bp);
      const pr = where(vr, r, rp);
      if (!b) add(`${name}-set`, `${name} ${describeBound(r!)} set`, pb, pr);
      else if (!r) add(`${name}-unset`, `${name} ${describeBound(b)} removed`, pb, pr);
      else {
        const order = compareBounds(b, r, side);
        if (order === 'tighter')
          add(
            side === 'max' ? `${name}-decreased` : `${name}-increased`,
            `${name} ${describeBound(b)} -> ${describeBound(r)}`,
            pb,
            pr,
          );
        else if (order === 'looser')
          add(
            side === 'max' ? `${name}-increased` : `${name}-decreased`,
            `${name} ${describeBound(b)} -> ${describeBound(r)}`,
            pb,
            pr,
          );
      }
    }
    for (const [keyword, name, side] of LIMITS) {
      const b = kb(keyword);
      const r = kr(keyword);
      if (b === r || (typeof b !== 'number' && typeof r !== 'number')) continue;
      // A minimum of 0 says nothing: setting or dropping it is no change.
      if (side === 'min' && (b ?? 0) === (r ?? 0)) continue;
      if (typeof b !== 'number') add(`${name}-set`, `${keyword} ${r} set`, bp, atR(keyword));
      else if (typeof r !== 'number') add(`${name}-unset`, `${keyword} ${b} removed`, atB(keyword), rp);
      else {
        const tighter = side === 'max' ? r < b : r > b;
        const change =
          side === 'max' ? (tighter ? 'max-decreased' : 'max-increased') : tighter ? 'min-increased' : 'min-decreased';
        add(change.replace(/^(max|min)/, name), `${keyword} ${b} -> ${r}`, atB(keyword), atR(keyword));
      }
    }
    const pb = kb('pattern');
    const pr = kr('pattern');
    if (pb !== pr) {
      if (pb === undefined) add('pattern-added', `pattern ${pr} added`, bp, atR('pattern'));
      else if (pr === undefined) add('pattern-removed', `pattern ${pb} removed`, atB('pattern'), rp);
      else if (MATCH_ANYTHING.has(String(pr)))
        add('pattern-generalized', `pattern ${pb} -> ${pr}`, atB('pattern'), atR('pattern'));
      else add('pattern-changed', `pattern ${pb} -> ${pr}`, atB('pattern'), atR('pattern'));
    }
    const sb = kb('contentSchema');
    const sr = kr('contentSchema');
    if (!sb && sr) add('content-schema-added', 'contentSchema added', bp, atR('contentSchema'));
    else if (sb && !sr) add('content-schema-removed', 'contentSchema removed', atB('contentSchema'), rp);
    for (const [keyword, change] of [
      ['contentMediaType', 'content-media-type-changed'],
      ['contentEncoding', 'content-encoding-changed'],
    ] as const)
      if (kb(keyword) !== kr(keyword))
        add(change, `${keyword} ${kb(keyword) ?? 'none'} -> ${kr(keyword) ?? 'none'}`, atB(keyword), atR(keyword));
    if (stable(kb('multipleOf')) !== stable(kr('multipleOf')))
      add(
        'multiple-of-changed',
        `multipleOf ${kb('multipleOf') ?? 'none'} -> ${kr('multipleOf') ?? 'none'}`,
        atB('multipleOf'),
        atR('multipleOf'),
      );
    if (!!kb('uniqueItems') !== !!kr('uniqueItems'))
      add(
        kr('uniqueItems') ? 'unique-items-added' : 'unique-items-removed',
        `uniqueItems ${!!kb('uniqueItems')} -> ${!!kr('uniqueItems')}`,
        atB('uniqueItems'),
        atR('uniqueItems'),
      );

    // Annotations that change what a side does.
    if (stable(kb('default')) !== stable(kr('default'))) {
      const change =
        kb('default') === undefined
          ? 'default-value-added'
          : kr('default') === undefined
            ? 'default-value-removed'
            : 'default-value-changed';
      add(change, `default ${stable(kb('default'))} -> ${stable(kr('default'))}`, atB('default'), atR('default'));
    }
    for (const [keyword, on, off] of [
      ['readOnly', 'became-read-only', 'became-not-read-only'],
      ['writeOnly', 'became-write-only', 'became-not-write-only'],
      ['deprecated', 'deprecated', 'reactivated'],
    ] as const)
      if (!!kb(keyword) !== !!kr(keyword))
        add(kr(keyword) ? on : off, `${keyword} ${!!kb(keyword)} -> ${!!kr(keyword)}`, atB(keyword), atR(keyword));

    this.properties(vb, vr, direction, out);
    this.additional(vb, vr, direction, out);
    this.subschemas(vb, vr, direction, out);
    this.discriminator(vb, vr, out);
    return out;
  }

  /**
   * The changes inside a `not`: what its schema accepts more, the schema around it refuses, so they are compared as
   * if travelling the other way and keep that way's level (a required property added inside `not` loosens a
   * request). The generated types do not read `not`: the code compiles either way.
   */
  private inverted(
    x: { value: unknown; at: string },
    y: { value: unknown; at: string },
    direction: SchemaDirection,
  ): SchemaChangeFound[] {
    const other: SchemaDirection = direction === 'request' ? 'response' : 'request';
    const found = this.compare(
      { schema: x.value as object, pointer: x.at },
      { schema: y.value as object, pointer: y.at },
      other,
    );
    return found.map((f) => ({
      ...f,
      level: f.level ?? schemaLevel(f.change, other),
      code: 'compiles' as const,
      detail: `inside not: ${f.detail}`,
      tsTypes: undefined,
    }));
  }

  private nested(found: SchemaChangeFound[], segment: string, out: SchemaChangeFound[]) {
    for (const f of found) out.push({ ...f, path: [segment, ...f.path] });
  }

  private properties(vb: SchemaView, vr: SchemaView, direction: SchemaDirection, out: SchemaChangeFound[]) {
    const names = new Set([
      ...vb.properties.keys(),
      ...vr.properties.keys(),
      ...vb.required.keys(),
      ...vr.required.keys(),
    ]);
    for (const name of names) {
      const b = vb.properties.get(name);
      const r = vr.properties.get(name);
      const reqB = vb.required.has(name);
      const reqR = vr.required.has(name);
      const bView = b && this.base.view(b);
      const rView = r && this.revision.view(r);
      // A readOnly property is not sent and a writeOnly one not answered: their requiredness does not bind there.
      const exempt = (v: SchemaView | undefined) =>
        !!v?.keywords.get(direction === 'request' ? 'readOnly' : 'writeOnly')?.value;
      const lower = (v: SchemaView | undefined) => (exempt(v) ? { level: 'info' as Level } : {});
      const push = (change: string, detail: string, base?: string, revision?: string, extra = {}) =>
        out.push({ change, path: [name], base, revision, detail, ...extra });
      if (!b && r) {
        push(
          reqR ? (rView?.keywords.has('default') ? 'added-required-with-default' : 'added-required') : 'added-optional',
          `property ${name} added${reqR ? ' (required)' : ''}`,
          undefined,
          r.pointer,
          lower(rView),
        );
        continue;
      }
      if (b && !r) {
        push(
          reqB ? 'removed-required' : 'removed-optional',
          `property ${name} removed`,
          b.pointer,
          undefined,
          lower(bView),
        );
        continue;
      }
      if (reqB !== reqR) {
        const view = rView ?? bView;
        push(
          reqR
            ? (rView ?? bView)?.keywords.has('default')
              ? 'became-required-with-default'
              : 'became-required'
            : 'became-optional',
          `property ${name} became ${reqR ? 'required' : 'optional'}`,
          vb.required.get(name) ?? b?.pointer ?? vb.node.pointer,
          vr.required.get(name) ?? r?.pointer ?? vr.node.pointer,
          lower(view),
        );
      }
      if (b && r) this.nested(this.compare(b, r, direction), name, out);
    }
  }

  private additional(vb: SchemaView, vr: SchemaView, direction: SchemaDirection, out: SchemaChangeFound[]) {
    const b = vb.keywords.get('additionalProperties');
    const r = vr.keywords.get('additionalProperties');
    const closedB = b?.value === false;
    const closedR = r?.value === false;
    if (closedB !== closedR)
      out.push({
        change: closedR ? 'additional-properties-closed' : 'additional-properties-opened',
        path: [],
        base: b?.at ?? vb.node.pointer,
        revision: r?.at ?? vr.node.pointer,
        detail: closedR ? 'properties not listed are now refused' : 'properties not listed are now allowed',
      });
    else if (b && r && typeof b.value === 'object' && typeof r.value === 'object')
      this.nested(
        this.compare(
          { schema: b.value as object, pointer: b.at },
          { schema: r.value as object, pointer: r.at },
          direction,
        ),
        '{additional}',
        out,
      );
  }

  private subschemas(vb: SchemaView, vr: SchemaView, direction: SchemaDirection, out: SchemaChangeFound[]) {
    const b = (k: string) => vb.keywords.get(k);
    const r = (k: string) => vr.keywords.get(k);
    const items = [b('items'), r('items')];
    if (items[0] && items[1] && typeof items[0].value === 'object' && typeof items[1].value === 'object')
      this.nested(
        this.compare(
          { schema: items[0].value as object, pointer: items[0].at },
          { schema: items[1].value as object, pointer: items[1].at },
          direction,
        ),
        '[]',
        out,
      );
    for (const [keyword, name] of KEYWORD_SCHEMAS) {
      const x = b(keyword);
      const y = r(keyword);
      if (!x && !y) continue;
      if (!x)
        out.push({
          change: `${name}-added`,
          path: [],
          base: vb.node.pointer,
          revision: y!.at,
          detail: `${keyword} added`,
        });
      else if (!y)
        out.push({
          change: `${name}-removed`,
          path: [],
          base: x.at,
          revision: vr.node.pointer,
          detail: `${keyword} removed`,
        });
      else if (keyword === 'not' && typeof x.value === 'object' && typeof y.value === 'object')
        this.nested(this.inverted(x, y, direction), '{not}', out);
      else if (typeof x.value === 'object' && typeof y.value === 'object')
        this.nested(
          this.compare(
            { schema: x.value as object, pointer: x.at },
            { schema: y.value as object, pointer: y.at },
            direction,
          ),
          `{${keyword}}`,
          out,
        );
    }
    const pb = b('prefixItems');
    const pr = r('prefixItems');
    if (pb || pr) {
      const lb = Array.isArray(pb?.value) ? (pb.value as object[]) : [];
      const lr = Array.isArray(pr?.value) ? (pr.value as object[]) : [];
      // Items the revision adds to the tuple constrain more; items it drops constrain less.
      if (lr.length > lb.length)
        out.push({
          change: 'prefix-items-added',
          path: [],
          base: pb?.at ?? vb.node.pointer,
          revision: childPointer(pr!.at, lb.length),
          detail: `prefixItems ${lb.length} -> ${lr.length} items`,
        });
      if (lr.length < lb.length)
        out.push({
          change: 'prefix-items-removed',
          path: [],
          base: childPointer(pb!.at, lr.length),
          revision: pr?.at ?? vr.node.pointer,
          detail: `prefixItems ${lb.length} -> ${lr.length} items`,
        });
      for (let i = 0; i < Math.min(lb.length, lr.length); i++)
        this.nested(
          this.compare(
            { schema: lb[i]!, pointer: childPointer(pb!.at, i) },
            { schema: lr[i]!, pointer: childPointer(pr!.at, i) },
            direction,
          ),
          `[${i}]`,
          out,
        );
    }
    for (const [keyword, name] of [
      ['patternProperties', 'pattern-property'],
      ['dependentSchemas', 'dependent-schema'],
    ] as const) {
      const x = b(keyword);
      const y = r(keyword);
      const mb = (x?.value ?? {}) as Record<string, object>;
      const mr = (y?.value ?? {}) as Record<string, object>;
      for (const key of new Set([...Object.keys(mb), ...Object.keys(mr)])) {
        if (!(key in mb))
          out.push({
            change: `${name}-added`,
            path: [],
            base: x?.at ?? vb.node.pointer,
            revision: childPointer(y!.at, key),
            detail: `${keyword} ${key} added`,
          });
        else if (!(key in mr))
          out.push({
            change: `${name}-removed`,
            path: [],
            base: childPointer(x!.at, key),
            revision: y?.at ?? vr.node.pointer,
            detail: `${keyword} ${key} removed`,
          });
        else
          this.nested(
            this.compare(
              { schema: mb[key]!, pointer: childPointer(x!.at, key) },
              { schema: mr[key]!, pointer: childPointer(y!.at, key) },
              direction,
            ),
            `{${key}}`,
            out,
          );
      }
    }
    const db = (b('dependentRequired')?.value ?? {}) as Record<string, string[]>;
    const dr = (r('dependentRequired')?.value ?? {}) as Record<string, string[]>;
    for (const key of new Set([...Object.keys(db), ...Object.keys(dr)])) {
      const before = new Set(db[key] ?? []);
      const after = new Set(dr[key] ?? []);
      const at = (held: ReturnType<typeof b>, fallback: string) => (held ? childPointer(held.at, key) : fallback);
      if (key in db && key in dr) {
        if ([...after].some((n) => !before.has(n)) || [...before].some((n) => !after.has(n)))
          out.push({
            change: 'dependent-required-changed',
            path: [],
            base: at(b('dependentRequired'), vb.node.pointer),
            revision: at(r('dependentRequired'), vr.node.pointer),
            detail: `dependentRequired ${key}: [${[...before].join(', ')}] -> [${[...after].join(', ')}]`,
          });
        continue;
      }
      if ([...after].some((n) => !before.has(n)))
        out.push({
          change: 'dependent-required-added',
          path: [],
          base: at(b('dependentRequired'), vb.node.pointer),
          revision: at(r('dependentRequired'), vr.node.pointer),
          detail: `dependentRequired ${key}: ${[...after].filter((n) => !before.has(n)).join(', ')} added`,
        });
      if ([...before].some((n) => !after.has(n)))
        out.push({
          change: 'dependent-required-removed',
          path: [],
          base: at(b('dependentRequired'), vb.node.pointer),
          revision: at(r('dependentRequired'), vr.node.pointer),
          detail: `dependentRequired ${key}: ${[...before].filter((n) => !after.has(n)).join(', ')} removed`,
        });
    }
  }

  private discriminator(vb: SchemaView, vr: SchemaView, out: SchemaChangeFound[]) {
    const b = vb.keywords.get('discriminator');
    const r = vr.keywords.get('discriminator');
    if (!b && !r) return;
    const push = (change: string, detail: string, base?: string, revision?: string) =>
      out.push({ change, path: [], base: base ?? vb.node.pointer, revision: revision ?? vr.node.pointer, detail });
    if (!b) return push('discriminator-added', 'discriminator added', undefined, r!.at);
    if (!r) return push('discriminator-removed', 'discriminator removed', b.at);
    const db = b.value as { propertyName?: string; mapping?: Record<string, string> };
    const dr = r.value as { propertyName?: string; mapping?: Record<string, string> };
    if (db.propertyName !== dr.propertyName)
      push(
        'discriminator-property-name-changed',
        `discriminator property ${db.propertyName} -> ${dr.propertyName}`,
        childPointer(b.at, 'propertyName'),
        childPointer(r.at, 'propertyName'),
      );
    const mb = db.mapping ?? {};
    const mr = dr.mapping ?? {};
    for (const key of new Set([...Object.keys(mb), ...Object.keys(mr)])) {
      if (!(key in mb))
        push(
          'discriminator-mapping-added',
          `discriminator value ${key} added`,
          undefined,
          childPointer(r.at, 'mapping', key),
        );
      else if (!(key in mr))
        push('discriminator-mapping-deleted', `discriminator value ${key} removed`, childPointer(b.at, 'mapping', key));
      else {
        const tb = this.base.target(mb[key]!);
        const tr = this.revision.target(mr[key]!);
        // The same schema under another component name maps the value to the same thing.
        if (tb && tr ? !this.equal(tb, tr) : mb[key] !== mr[key])
          push(
            'discriminator-mapping-changed',
            `discriminator value ${key}: ${mb[key]} -> ${mr[key]}`,
            childPointer(b.at, 'mapping', key),
            childPointer(r.at, 'mapping', key),
          );
      }
    }
  }

  /**
   * Alternatives matched by what they accept first (so a renamed or moved member is no change), then by component
   * name or title, then pairwise in order where one was removed and one added; the rest are added or removed.
   */
  private unions(vb: SchemaView, vr: SchemaView, direction: SchemaDirection): SchemaChangeFound[] {
    const out: SchemaChangeFound[] = [];
    const kind = vr.union?.kind ?? vb.union!.kind;
    const mb = vb.union?.members ?? [vb.node];
    const mr = vr.union?.members ?? [vr.node];
    // A schema turned into a oneOf of several alternatives: a value that matches two of them is now refused.
    if (!vb.union && vr.union?.kind === 'oneOf' && mr.length > 1 && !mr.some((m) => this.equal(vb.node, m)))
      return [
        {
          change: 'wrapped-in-one-of',
          path: [],
          base: vb.node.pointer,
          revision: vr.union.at,
          detail: `became a oneOf of ${mr.length} alternatives`,
        },
      ];
    // A single schema that becomes a union keeps its own keywords on the member side only when it had no union.
    const left = new Set(mb.map((_, i) => i));
    const right = new Set(mr.map((_, i) => i));
    const pairs: Array<[number, number]> = [];
    const baseKeys = mb.map((m) => this.baseKeys.key(m));
    const revisionKeys = mr.map((m) => this.revisionKeys.key(m));
    for (const i of left)
      for (const j of right)
        if (baseKeys[i] === revisionKeys[j]) {
          left.delete(i);
          right.delete(j);
          break;
        }
    const label = (m: SchemaNode, s: Schemas) => {
      const ref = typeof m.schema?.$ref === 'string' ? m.schema.$ref.split('/').pop() : undefined;
      return ref ?? (s.view(m).node.schema?.title as string | undefined);
    };
    for (const i of [...left]) {
      const name = label(mb[i]!, this.base);
      if (!name) continue;
      for (const j of right)
        if (label(mr[j]!, this.revision) === name) {
          pairs.push([i, j]);
          left.delete(i);
          right.delete(j);
          break;
        }
    }
    const restB = [...left];
    const restR = [...right];
    while (restB.length > 0 && restR.length > 0 && restB.length === restR.length)
      pairs.push([restB.shift()!, restR.shift()!]);
    for (const [i, j] of pairs) out.push(...this.compare(mb[i]!, mr[j]!, direction));
    const at = (v: SchemaView) => v.union?.at ?? v.node.pointer;
    const name = kind === 'oneOf' ? 'one-of' : 'any-of';
    for (const j of restR)
      out.push({
        change: `${name}-added`,
        path: [],
        base: at(vb),
        revision: mr[j]!.pointer,
        detail: `${kind} alternative ${label(mr[j]!, this.revision) ?? `#${j}`} added`,
      });
    for (const i of restB)
      out.push({
        change: `${name}-removed`,
        path: [],
        base: mb[i]!.pointer,
        revision: at(vr),
        detail: `${kind} alternative ${label(mb[i]!, this.base) ?? `#${i}`} removed`,
      });
    return out;
  }
}

interface Bound {
  value: number;
  exclusive: boolean;
  keyword: string;
}

function numericBound(view: SchemaView, side: 'max' | 'min'): Bound | undefined {
  const inclusive = view.keywords.get(side === 'max' ? 'maximum' : 'minimum')?.value;
  const exclusive = view.keywords.get(side === 'max' ? 'exclusiveMaximum' : 'exclusiveMinimum')?.value;
  const candidates: Bound[] = [];
  if (typeof inclusive === 'number')
    candidates.push({ value: inclusive, exclusive: false, keyword: side === 'max' ? 'maximum' : 'minimum' });
  if (typeof exclusive === 'number')
    candidates.push({
      value: exclusive,
      exclusive: true,
      keyword: side === 'max' ? 'exclusiveMaximum' : 'exclusiveMinimum',
    });
  if (candidates.length === 0) return undefined;
  return candidates.reduce((a, c) => (compareBounds(a, c, side) === 'tighter' ? c : a));
}

/** Whether `r` is tighter or looser than `b`, or the same. */
function compareBounds(b: Bound, r: Bound, side: 'max' | 'min'): 'tighter' | 'looser' | 'same' {
  if (b.value === r.value) return b.exclusive === r.exclusive ? 'same' : r.exclusive ? 'tighter' : 'looser';
  return (side === 'max' ? r.value < b.value : r.value > b.value) ? 'tighter' : 'looser';
}

const describeBound = (b: Bound) => `${b.exclusive ? '(exclusive) ' : ''}${b.value}`;
const typeText = (t: Set<string> | undefined) => (t ? [...t].sort().join('|') || 'none' : 'any');
const values = (v: unknown) => (Array.isArray(v) ? v.map((x) => JSON.stringify(x)).join(', ') : String(v));

/** The TypeScript types a schema's values take in the generated code (integer and number are both `number`). */
export function tsTypes(view: SchemaView): string[] {
  if (!view.types) return ['unknown'];
  const out = new Set([...view.types].map((t) => (t === 'integer' ? 'number' : t)));
  return [...out].sort();
}
