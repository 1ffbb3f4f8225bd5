// Identifier sanitising: wire names in, safe TypeScript identifiers out.
const RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'let',
  'static',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'await',
  // Not reserved words, but a class member or object key of these names is not an ordinary one.
  'constructor',
  '__proto__',
]);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** Names already cased: the model and the emitters case the same operation and schema names many times over. */
const pascal = new Map<string, string>();

export function pascalCase(name: string): string {
  let out = pascal.get(name);
  if (out === undefined) {
    out = words(name)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
    pascal.set(name, out);
  }
  return out;
}

/**
 * The base of a package's identifiers (`<Name>Client`, `create<Name>Server`) from its key: a class name, so a key of
 * only digits and symbols (`2020-09-14.yml`, Plaid's document) is prefixed `Api`.
 */
export function serviceName(key: string): string {
  const p = pascalCase(key);
  return p === '' || /^[0-9]/.test(p) ? `Api${p}` : p;
}

/** A name cased for a type (`<Op>Params`, `<Op>Result`): PascalCase, `_` first where that would start with a digit. */
export function typeIdentifier(name: string): string {
  const p = pascalCase(name);
  return p === '' || /^[0-9]/.test(p) ? `_${p}` : p;
}

export function camelCase(name: string): string {
  const p = pascalCase(name);
  // Nothing usable (only symbols), or a leading digit: still an identifier.
  if (p === '') return '_';
  const out = /^[0-9]/.test(p) ? `_${p}` : p[0]!.toLowerCase() + p.slice(1);
  return RESERVED.has(out) ? `${out}_` : out;
}

/** A name usable as it is for a function, method and property: an identifier that is no reserved word. */
export function isPlainIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) && !RESERVED.has(name);
}

/** A wire name kept as is when it is already a plain identifier (creative_id, pageSize). */
export function propertyIdentifier(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name)) return name;
  return camelCase(name);
}
