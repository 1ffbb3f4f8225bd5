// Small helpers to look through a bundled OpenAPI document in tests.
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface OperationRef {
  path: string;
  method: string;
  operation: Record<string, any>;
}

export function operationsOf(document: Record<string, any>): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [p, item] of Object.entries<Record<string, any>>(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (item[method]) out.push({ path: p, method, operation: item[method] });
    }
  }
  return out;
}

/** Every `enum` array anywhere in the document. */
export function enumsOf(node: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(node)) node.forEach((n) => enumsOf(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value)) found.push(value);
      else enumsOf(value, found);
    }
  }
  return found;
}

/** Follows one internal `#/...` reference. */
export function deref<T = any>(document: Record<string, any>, node: any): T {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc: any, key: string) => acc?.[key], document);
  }
  return current as T;
}
