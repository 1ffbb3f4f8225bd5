// Emits the README.md of a generated package from templates/package-readme.hbs.
import type { ServiceModel } from '../model/types.js';
import { allOptional, helperName } from './client.js';
import { documentedErrors, errorHelperName } from './server-types.js';
import { renderTemplate } from './templates.js';

export interface ReadmeSource {
  /** The package holds openapi.json, the bundled document. */
  bundled: boolean;
  /** The spec file the package was made from, as the banner names it. */
  source: string;
  /** How the package is made again (`run \`npm run generate\``, `run \`generate --spec F\``). */
  regenerate: string;
  /** The package's folder name: the examples import `./<folder>/client.js` from the folder that holds it. */
  folder: string;
  /** Only the client side was written (`--client-only`): no server, validators or server runtime to describe. */
  clientOnly?: boolean;
  /** The shared runtime folder as the package imports it (`--shared-runtime`), else undefined: its own runtime/. */
  runtimeFrom?: string;
}

export function emitReadme(
  service: ServiceModel,
  { bundled, source, regenerate, folder, clientOnly = false, runtimeFrom }: ReadmeSource,
): string {
  // The credential option of the kind most operations take (what the spec's security schemes say).
  const kinds = service.operations.flatMap((o) => [...new Set(o.credentialSources.map((c) => c.kind))]);
  const count = (k: string) => kinds.filter((x) => x === k).length;
  const kind = (['accessToken', 'apiKey', 'bearerToken'] as const).reduce(
    (best, k) => (count(k) > count(best) ? k : best),
    'accessToken' as string,
  );
  const credentialExample =
    count(kind) > 0 ? `${kind}: process.env.${kind === 'apiKey' ? 'API_KEY' : 'ACCESS_TOKEN'}` : `headers: {}`;
  const example = service.operations.find((o) => !o.streaming && allOptional(o))?.id;
  return renderTemplate('package-readme.hbs', {
    bundled,
    source,
    regenerate,
    clientOnly,
    runtimeFrom,
    server: serverExample(service),
    folder,
    title: service.title,
    version: service.version,
    name: service.name,
    clientName: `${service.name}Client`,
    handlersName: `${service.name}Handlers`,
    credentialExample,
    example,
    paginated: service.operations.some((o) => o.pagination),
    streaming: service.operations.some((o) => o.streaming),
    uploads: service.operations
      .flatMap((o) => [
        ...(o.requestBodies.some((b) => b.kind === 'multipart-related')
          ? [`\`${helperName(service, o, 'Multipart')}()\``]
          : []),
        ...(o.mediaUpload?.resumable ? [`\`${helperName(service, o, 'Resumable')}()\``] : []),
      ])
      .join(', '),
    // The class client.ts exports for the spec's error family (problem details: the base ApiError).
    errorClass: { graph: 'GraphApiError', status: 'StatusApiError', problem: 'ApiError' }[service.errorStyle.family],
    errorShape: {
      graph: `\`{"error": {"message", "type", "code", "error_subcode", ${JSON.stringify(service.errorStyle.traceField)}}}\``,
      status: '`{"error": {"code", "message", "status", "details"}}`',
      problem: 'RFC 9457 problem details, or the error response the spec documents',
    }[service.errorStyle.family],
    operations: service.operations.map((o) => ({
      id: o.id,
      method: o.method,
      path: o.path,
      rules: o.ruleIds.join(', ') || '—',
    })),
    ruleCount: service.rules.length,
  });
}

/** The server snippet's operation: the one with the most request content types that documents an error. */
function serverExample(service: ServiceModel) {
  const op = [...service.operations]
    .filter((o) => o.errors.length > 0)
    .sort((a, b) => b.requestBodies.length - a.requestBodies.length)[0];
  if (!op) return undefined;
  return {
    id: op.id,
    errors: `${op.id}Errors`,
    error: errorHelperName(documentedErrors(op)[0]!),
    contentTypes: op.requestBodies.map((b) => b.contentType),
  };
}
