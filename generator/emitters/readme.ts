// Emits the README.md of a generated package from templates/package-readme.hbs.
import type { ServiceModel } from '../model/types.js';
import { renderTemplate } from './templates.js';

export function emitReadme(service: ServiceModel): string {
  const credentialExample = {
    graph: "accessToken: '<ACCESS_TOKEN>'",
    status: service.securitySchemes.some((s) => s.type === 'oauth2') ? "bearerToken: '<OAUTH_TOKEN>'" : "apiKey: '<API_KEY>'",
  }[service.errorStyle];
  return renderTemplate('package-readme.hbs', {
    service: service.key,
    title: service.title,
    version: service.version,
    name: service.name,
    clientName: `${service.name}Client`,
    handlersName: `${service.name}Handlers`,
    credentialExample,
    errorClass: service.errorStyle === 'graph' ? 'GraphApiError' : 'StatusApiError',
    errorShape: service.errorStyle === 'graph' ? '`{"error": {"message", "type", "code", "error_subcode", "fbtrace_id"}}`' : '`{"error": {"code", "message", "status", "details"}}`',
    operations: service.operations.map((o) => ({ id: o.id, method: o.method, path: o.path, rules: o.ruleIds.join(', ') || '—' })),
    ruleCount: service.rules.length,
  });
}
