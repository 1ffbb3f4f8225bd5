// Component schemas as generated types: a schema renamed with its content unchanged is no change on the wire (the
// operations compare their resolved schemas) but renames its generated type; one removed takes its type away.
import type { SchemaComparer } from './compare-schemas.js';
import type { Side } from './load.js';
import { childPointer } from '../model/json-pointer.js';
import type { Raw } from './report.js';

export function compareComponents(
  base: Side,
  revision: Side,
  schemas: SchemaComparer,
  emit: (raw: Omit<Raw, 'operation'>) => void,
): void {
  const cb: Record<string, unknown> = base.document.components?.schemas ?? {};
  const cr: Record<string, unknown> = revision.document.components?.schemas ?? {};
  const at = (name: string) => childPointer('', 'components', 'schemas', name);
  const added = Object.keys(cr).filter((name) => !(name in cb));
  for (const name of Object.keys(cb)) {
    if (name in cr) continue;
    const node = { schema: cb[name] as object, pointer: at(name) };
    const twin = added.find((other) => schemas.equal(node, { schema: cr[other] as object, pointer: at(other) }));
    if (twin) {
      added.splice(added.indexOf(twin), 1);
      emit({
        id: 'components.schema-renamed',
        location: `schema ${name}`,
        base: at(name),
        revision: at(twin),
        message: `schema ${name} renamed ${twin}, its content equal`,
      });
    } else
      emit({
        id: 'components.schema-removed',
        location: `schema ${name}`,
        base: at(name),
        message: `schema ${name} removed`,
      });
  }
}
