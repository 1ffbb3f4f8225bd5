// Security: the document's schemes, an operation's alternatives (AND within one, OR across), where each credential
// is read, and which alternatives no request can meet.
import { escapeToken } from './json-pointer.js';
import type { SchemaWarning } from './normalise-schemas.js';
import type { OpenApiDocument } from './ref.js';
import type { CredentialPlacement, CredentialSourceModel, SecuritySchemeModel } from './types.js';
import type { CredentialIn } from './extensions/credential-in.js';

export function buildSecuritySchemes(document: OpenApiDocument): SecuritySchemeModel[] {
  return Object.entries<any>(document.components?.securitySchemes ?? {})
    .map(([name, s]) => ({
      name,
      type: s.type,
      in: s.in,
      paramName: s.name,
      scheme: s.scheme,
      scopes: s.flows
        ? [...new Set(Object.values<any>(s.flows).flatMap((f) => Object.keys(f.scopes ?? {})))].sort()
        : undefined,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** An HTTP field name (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** An apiKey scheme no request can carry: a header whose name is not an HTTP field name (`advicement api key`). */
export function unsendableKey(scheme: SecuritySchemeModel): boolean {
  return scheme.type === 'apiKey' && scheme.in === 'header' && !HEADER_NAME.test(String(scheme.paramName ?? ''));
}

/**
 * A scheme whose credential the client sends as a key of its name (ClientOptions.apiKeys): a sendable apiKey, or an
 * http scheme other than bearer and basic, whose whole Authorization value is the key (buildCredentialSources).
 */
export function sentAsKey(scheme: SecuritySchemeModel): boolean {
  if (scheme.type === 'apiKey') return !unsendableKey(scheme);
  return scheme.type === 'http' && !['bearer', 'basic'].includes(scheme.scheme?.toLowerCase() ?? '');
}

/** One warning per scheme no request can carry (its alternatives are refused, and not warned about again). */
export function warnUnsendableSchemes(schemes: SecuritySchemeModel[], warn: (warning: SchemaWarning) => void): void {
  for (const scheme of schemes.filter(unsendableKey))
    warn({
      pointer: `#/components/securitySchemes/${escapeToken(scheme.name)}/name`,
      message: `the API key header ${JSON.stringify(scheme.paramName)} is not an HTTP header name: no request can carry it, the client never sends it, and requests only it would admit are refused`,
    });
}

/**
 * The operation's security alternatives (the root's when it has none; no security at all is one empty
 * alternative). An operation that declares `x-credential-in` takes its token where OpenAPI cannot say
 * (a form field); an empty alternative beside it is that placeholder, not an offer of anonymous calls.
 */
export function securityAlternatives(
  op: any,
  document: OpenApiDocument,
  credentialIn: CredentialIn | undefined,
): Array<Record<string, string[]>> {
  const raw: Array<Record<string, string[]>> = op.security ?? document.security ?? [];
  if (raw.length === 0) return [{}];
  const declared = credentialIn !== undefined;
  const kept = declared ? raw.filter((req) => Object.keys(req).length > 0) : raw;
  return kept.map((req) =>
    Object.fromEntries(Object.entries(req).map(([name, scopes]) => [name, [...(scopes ?? [])]])),
  );
}

/** Where each scheme of the alternatives takes its credential: the scheme's own place, plus `x-credential-in`. */
export function buildCredentialSources(
  declared: CredentialIn | undefined,
  security: Array<Record<string, string[]>>,
  schemes: SecuritySchemeModel[],
): CredentialSourceModel[] {
  const sources: CredentialSourceModel[] = [];
  const add = (source: CredentialSourceModel) => {
    if (!sources.some((s) => s.scheme === source.scheme && s.in === source.in && s.name === source.name))
      sources.push(source);
  };
  for (const name of [...new Set(security.flatMap((req) => Object.keys(req)))].sort()) {
    const scheme = schemes.find((s) => s.name === name);
    // An undeclared scheme has no place to read, an unsendable one no request carries: its alternative is never met.
    if (!scheme || unsendableKey(scheme)) continue;
    if (
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect' ||
      (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')
    ) {
      add({ scheme: name, kind: 'bearerToken', in: 'header', name: 'authorization' });
    } else if (
      scheme.type === 'apiKey' &&
      scheme.paramName &&
      (scheme.in === 'query' || scheme.in === 'header' || scheme.in === 'cookie')
    ) {
      const kind = declared ? 'accessToken' : 'apiKey';
      add({ scheme: name, kind, in: scheme.in, name: scheme.paramName });
      if (declared && declared !== scheme.in) add({ scheme: name, kind, in: declared, name: scheme.paramName });
    } else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      add({ scheme: name, kind: 'basic', in: 'header', name: 'authorization' });
    } else if (scheme.type === 'mutualTLS') {
      // The client certificate is the transport's (an https.Agent / a TLS-terminating proxy), not the request's.
    } else {
      // Another http scheme (digest, a vendor's): the Authorization header as sent, for the handler to judge.
      add({ scheme: name, kind: 'apiKey', in: 'header', name: 'authorization' });
    }
  }
  return sources;
}

export function transportSchemes(
  security: Array<Record<string, string[]>>,
  schemes: SecuritySchemeModel[],
): { transportSchemes?: string[] } {
  const names = [...new Set(security.flatMap((req) => Object.keys(req)))]
    .filter((name) => schemes.find((s) => s.name === name)?.type === 'mutualTLS')
    .sort();
  return names.length ? { transportSchemes: names } : {};
}

/**
 * Why one security alternative can never be met by a request, or undefined when it can: it names a scheme the
 * document does not declare (there is no place to read its credential from), or it asks for two schemes that both
 * use the Authorization header with different credentials (basic and bearer, say: RFC 9110 gives that header one
 * credential, and a request one such header).
 */
export function unmetSecurityReason(
  alternative: Record<string, unknown>,
  schemes: SecuritySchemeModel[],
): string | undefined {
  const authorization = new Set<string>();
  for (const name of Object.keys(alternative)) {
    const scheme = schemes.find((s) => s.name === name);
    if (!scheme) return `it names the undeclared security scheme ${name}`;
    if (unsendableKey(scheme))
      return `the API key header ${JSON.stringify(scheme.paramName)} is not an HTTP header name`;
    if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') authorization.add('bearer');
    else if (scheme.type === 'http') authorization.add(scheme.scheme?.toLowerCase() ?? '');
  }
  if (authorization.size > 1)
    return `it asks for ${[...authorization].sort().join(' and ')} credentials together, and a request has one Authorization header`;
  return undefined;
}

/** A warning for each security alternative no request can meet: the server refuses it (401) as any unmet one. */
export function warnUnmetSecurity(
  alternatives: Array<Record<string, unknown>>,
  pointer: string,
  schemes: SecuritySchemeModel[],
  warn: (warning: SchemaWarning) => void,
): void {
  alternatives.forEach((alternative, i) => {
    // An unsendable key is warned about once, at its scheme (warnUnsendableSchemes).
    if (Object.keys(alternative ?? {}).some((name) => schemes.some((s) => s.name === name && unsendableKey(s)))) return;
    const reason = unmetSecurityReason(alternative ?? {}, schemes);
    if (reason)
      warn({
        pointer: `${pointer}/security/${i}`,
        message: `this security requirement can never be met: ${reason}; requests that only it would admit are refused`,
      });
  });
}

/** The placement of the operation's credential, and its choices where its alternatives take different kinds. */
export function credentialsOf(
  credentialIn: CredentialIn | undefined,
  security: Array<Record<string, string[]>>,
  schemes: SecuritySchemeModel[],
): { credentials: CredentialPlacement; credentialChoices?: CredentialPlacement[] } {
  const credentials = credentialPlacement(credentialIn, security, schemes);
  if (credentialIn !== undefined) return { credentials };
  // Each alternative on its own: the kinds a request may carry, the preferred one first.
  const kinds = security.map((alternative) => credentialPlacement(credentialIn, [alternative], schemes));
  const choices = [credentials, ...kinds.filter((k) => k !== credentials && k !== 'none')];
  const distinct = [...new Set(choices)];
  return distinct.length > 1 ? { credentials, credentialChoices: distinct } : { credentials };
}

function credentialPlacement(
  declared: CredentialIn | undefined,
  security: Array<Record<string, string[]>>,
  schemes: SecuritySchemeModel[],
): CredentialPlacement {
  if (declared === 'query') return 'access-token-query';
  if (declared === 'form') return 'access-token-form';
  const names = security.flatMap((req) => Object.keys(req));
  const types = names.map((n) => schemes.find((s) => s.name === n));
  const http = (s: SecuritySchemeModel | undefined, name: string) =>
    s?.type === 'http' && s.scheme?.toLowerCase() === name;
  if (types.some((s) => s?.type === 'oauth2' || s?.type === 'openIdConnect' || http(s, 'bearer'))) return 'bearer';
  if (types.some((s) => http(s, 'basic'))) return 'basic';
  // Another http scheme (digest, a vendor's signature) is sent as its server reads it (buildCredentialSources): the
  // whole Authorization value, an API key of the scheme's name.
  if (types.some((s) => s?.type === 'apiKey' || s?.type === 'http')) return 'api-key';
  return 'none';
}
