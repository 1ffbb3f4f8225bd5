// YAML that js-yaml 5 (Redocly's reader) refuses and the other tools read: openapi-typescript's js-yaml 4, hey-api
// and eemeli/yaml take a flow mapping whose closing `}` sits at its key's indentation (Apache Iceberg's REST
// catalog), strictly invalid YAML 1.2. Such a text is read by the yaml package (eemeli/yaml, as published) with
// the core schema and merge keys, as js-yaml reads it; a text it finds errors in too stays refused.
import { parseAllDocuments } from 'yaml';

/** The documents of `text` as the yaml package reads them, or undefined where it finds an error too. */
export function lenientYaml(text: string): unknown[] | undefined {
  let documents: ReturnType<typeof parseAllDocuments>;
  try {
    documents = parseAllDocuments(text, { schema: 'core', merge: true });
  } catch {
    return undefined;
  }
  const all = Array.isArray(documents) ? documents : [documents];
  if (all.some((d) => d.errors.length > 0)) return undefined;
  try {
    // At most 100 aliases, the package's own bound: a text of aliased aliases cannot grow without end here.
    return all.map((d) => d.toJS({ maxAliasCount: 100 }));
  } catch {
    return undefined;
  }
}
