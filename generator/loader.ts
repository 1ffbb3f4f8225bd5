// Loads one service's spec and bundles its $refs with Redocly's openapi-core (no hand-written resolution).
// Its OpenAPI-only entry point: the full one also loads the linter, its rule sets and their dependencies.
import { bundleOas, createEmptyRedoclyConfig } from '@redocly/openapi-core/lib/bundle-oas';
import path from 'node:path';
import { ROOT } from './root.js';
import type { ServiceKey } from './services.js';

export { ROOT };

/** A bundled OpenAPI document: one object, internal `#/components/...` refs kept. */
export type OpenApiDocument = Record<string, any>;

export function specPath(service: ServiceKey): string {
  return path.join(ROOT, 'specs', service, 'openapi.yaml');
}

export interface LoadedSpec {
  service: string;
  document: OpenApiDocument;
  /** Every file the bundle read, so that watch mode knows what to watch. */
  files: string[];
}

export async function loadSpec(service: ServiceKey): Promise<LoadedSpec> {
  return loadSpecFile(service, specPath(service));
}

/** Bundles the spec at `file` (any OpenAPI file, not only the project's three) under the package key `service`. */
export async function loadSpecFile(service: string, file: string): Promise<LoadedSpec> {
  const result = await bundleOas({ ref: file, config: createEmptyRedoclyConfig(), dereference: false });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((p) => `${p.message} (${p.location?.[0]?.pointer ?? ''})`);
    throw new Error(`Spec ${service} does not bundle:\n  ${lines.join('\n  ')}`);
  }
  return {
    service,
    document: result.bundle.parsed as OpenApiDocument,
    files: [...result.fileDependencies].sort(),
  };
}
