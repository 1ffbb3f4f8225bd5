// The validators' reading of an allOf with a closed member the other members extend (model/closed-members.ts): as
// Prism reads it, the members merged. The closed member is checked open (a copy of a component, named beside it),
// and what it said of other properties is said at the allOf's node of those no member evaluates
// (`unevaluatedProperties: false`, or its schema): the other members' properties are taken as their members say,
// any other still refused or held to that schema.
import { closedBeside, closedMembers } from '../model/closed-members.js';
import { escapeToken, unescapeToken } from '../model/json-pointer.js';

/** The validators' schemas as validators.ts writes them. */
export interface ValidatorFile {
  components: unknown;
  requestComponents?: unknown;
  answerComponents?: unknown;
  schemas: object[];
  unevaluated: boolean;
}

/** Rewrites `file` in place; whether anything changed (the validators then track evaluated properties). */
export function mergeClosedAllOfMembers(file: ValidatorFile, specId: string): boolean {
  const prefix = `${specId}#/components/schemas/`;
  const maps = [file.components, file.requestComponents, file.answerComponents]
    .map((c) => (c as { schemas?: Record<string, unknown> } | undefined)?.schemas)
    .filter((m): m is Record<string, unknown> => !!m && typeof m === 'object');
  const base = maps[0] ?? {};
  const resolve = (ref: string) => (ref.startsWith(prefix) ? base[unescapeToken(ref.slice(prefix.length))] : undefined);
  const opened = new Map<string, string>();
  /** The name of a component's open copy, made in every map once. */
  const openCopy = (name: string): string => {
    let copy = opened.get(name);
    if (copy) return copy;
    copy = `${name}~open`;
    while (Object.hasOwn(base, copy) && !opened.has(name)) copy += '~';
    for (const map of maps) {
      const { additionalProperties: _, ...open } = (map[name] ?? base[name]) as Record<string, unknown>;
      map[copy] = open;
    }
    opened.set(name, copy);
    return copy;
  };
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      Object.defineProperty(out, key, { value: walk(value), enumerable: true, writable: true, configurable: true });
    const allOf = out.allOf;
    if (!Array.isArray(allOf)) return out;
    const closed = closedMembers(out, resolve);
    const beside = closedBeside(out, resolve);
    if (closed.length === 0 && !beside) return out;
    changed = true;
    const members = [...allOf];
    for (const { index } of closed) {
      const member = members[index] as Record<string, unknown>;
      if (typeof member.$ref === 'string') {
        const name = unescapeToken(member.$ref.slice(prefix.length));
        members[index] = { ...member, $ref: `${prefix}${escapeToken(openCopy(name))}` };
      } else {
        const { additionalProperties: _, ...open } = member;
        members[index] = open;
      }
    }
    // What the members (and the schema beside them) said of other properties, now said of those no member (nor the
    // schema) evaluates.
    const said = [...closed.map((c) => c.additional), ...(beside ? [beside.additional] : [])];
    const unevaluated = said.includes(false) ? false : said.length === 1 ? said[0] : { allOf: said };
    const { additionalProperties: _, ...rest } = out;
    return { ...(beside ? rest : out), allOf: members, unevaluatedProperties: unevaluated };
  };
  for (const map of maps) for (const name of Object.keys(map)) if (!opened.has(name)) map[name] = walk(map[name]);
  for (const [i, schema] of file.schemas.entries()) file.schemas[i] = walk(schema) as object;
  if (changed) file.unevaluated = true;
  return changed;
}
