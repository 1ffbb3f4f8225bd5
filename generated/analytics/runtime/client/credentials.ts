// Copied from templates/runtime/client/credentials.ts by spec-first-toolkit. Do not edit here: edit the template and run `npm run generate`.
// Where a request's credentials go, as its operation's security says (ServiceProfile.credentialWriter): only a client
// whose spec declares security schemes carries it.
import {
  type ApiCore,
  type ClientOptions,
  type CredentialPlacement,
  type CredentialWriter,
  mergeHeaders,
  type RequestSpec,
  type SchemeOnWire,
  type ServiceProfile,
} from './core.js';

type KeyPlace = { in: 'header' | 'query' | 'cookie'; name: string };

export const credentialWriter: CredentialWriter = {
  query(core, spec, url) {
    const pairs: Array<[string, string]> = [];
    const { accessToken, apiKey } = core.options;
    const { accessTokenParam, apiKeyQuery } = core.profile;
    const set = securitySet(core, spec);
    if (set)
      for (const scheme of set)
        if (scheme.kind === 'api-key' && scheme.in === 'query' && scheme.name)
          pairs.push([scheme.name, keyFor(core, scheme)!]);
    const credentials = set ? 'none' : placement(core, spec);
    const tokenInQuery =
      credentials === 'access-token-query' || (credentials === 'access-token-form' && spec.body?.kind !== 'form');
    if (
      accessToken &&
      accessTokenParam &&
      tokenInQuery &&
      spec.query?.[accessTokenParam] == null &&
      !hasParam(url, accessTokenParam)
    )
      pairs.push([accessTokenParam, accessToken]);
    // A scheme's own key goes instead of the client's apiKey: two different keys are conflicting credentials.
    const own = credentials === 'api-key' ? schemeKeys(core, spec) : [];
    if (
      apiKey &&
      apiKeyQuery &&
      credentials === 'api-key' &&
      own.length === 0 &&
      apiKeyPlace(core.options.apiKeyIn, core.profile) === 'query'
    )
      pairs.push([apiKeyQuery, apiKey]);
    for (const [, key, place] of own) if (place.in === 'query') pairs.push([place.name, key]);
    return pairs;
  },

  async headers(core, spec, headers) {
    const { bearerToken, apiKey, basic } = core.options;
    const set = securitySet(core, spec);
    const credentials = set ? 'none' : placement(core, spec);
    if (set) await sendSet(core, set, headers);
    if (credentials === 'bearer' && bearerToken !== undefined) {
      headers.authorization = `Bearer ${typeof bearerToken === 'function' ? await bearerToken() : bearerToken}`;
    } else if ((credentials === 'basic' || credentials === 'bearer') && basic !== undefined) {
      headers.authorization = basicAuthorization(basic);
    } else if (credentials === 'api-key' && apiKey && schemeKeys(core, spec).length === 0) {
      const { apiKeyHeader, apiKeyCookie } = core.profile;
      const place = apiKeyPlace(core.options.apiKeyIn, core.profile);
      if (place === 'header' && apiKeyHeader) headers[apiKeyHeader.toLowerCase()] = apiKey;
      else if (place === 'cookie' && apiKeyCookie)
        mergeHeaders(headers, { cookie: `${apiKeyCookie}=${encodeURIComponent(apiKey)}` });
    }
    if (credentials === 'api-key')
      for (const [, key, place] of schemeKeys(core, spec)) {
        if (place.in === 'header') headers[place.name.toLowerCase()] = key;
        else if (place.in === 'cookie') mergeHeaders(headers, { cookie: `${place.name}=${encodeURIComponent(key)}` });
      }
    return credentials;
  },
};

/** `Basic` and the user and password in base64 (UTF-8 first). */
function basicAuthorization(basic: NonNullable<ClientOptions['basic']>): string {
  const bytes = new TextEncoder().encode(`${basic.username}:${basic.password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Of an operation's alternatives that AND schemes, the first whose every credential the client holds. */
function securitySet(core: ApiCore, spec: RequestSpec): SchemeOnWire[] | undefined {
  return spec.securitySets?.find(
    (set) => set.length > 0 && set.every((scheme) => inHttpHeader(set, scheme) || holdsScheme(core, scheme)),
  );
}

/**
 * An API key in the Authorization header beside an http scheme of the same alternative (Azure's container
 * registry: basic and a key named Authorization, together): one header carries both, the http scheme's value being
 * the key's too (Prism reads it so); the key written over it would leave the http scheme unmet.
 */
function inHttpHeader(set: SchemeOnWire[], scheme: SchemeOnWire): boolean {
  return (
    scheme.kind === 'api-key' &&
    scheme.in === 'header' &&
    scheme.name?.toLowerCase() === 'authorization' &&
    set.some((other) => other.kind === 'basic' || other.kind === 'bearer')
  );
}

function holdsScheme(core: ApiCore, scheme: SchemeOnWire): boolean {
  if (scheme.kind === 'bearer') return core.options.bearerToken !== undefined;
  if (scheme.kind === 'basic') return core.options.basic !== undefined;
  if (scheme.kind === 'api-key') return keyFor(core, scheme) !== undefined;
  return scheme.kind === 'transport';
}

/** An apiKey scheme's key: ClientOptions.apiKeys by the scheme's name or its parameter's, else apiKey. */
function keyFor(core: ApiCore, scheme: SchemeOnWire): string | undefined {
  const keys = core.options.apiKeys;
  const own = keys && (Object.hasOwn(keys, scheme.scheme) ? keys[scheme.scheme] : undefined);
  const byName = keys && scheme.name && Object.hasOwn(keys, scheme.name) ? keys[scheme.name] : undefined;
  return own ?? byName ?? (core.options.apiKey || undefined);
}

/** The header and cookie credentials of an alternative's schemes (its query keys are in the URL). */
async function sendSet(core: ApiCore, set: SchemeOnWire[], headers: Record<string, string>): Promise<void> {
  const { bearerToken, basic } = core.options;
  for (const scheme of set) {
    if (scheme.kind === 'bearer' && bearerToken !== undefined)
      headers.authorization = `Bearer ${typeof bearerToken === 'function' ? await bearerToken() : bearerToken}`;
    else if (scheme.kind === 'basic' && basic !== undefined) headers.authorization = basicAuthorization(basic);
    else if (scheme.kind === 'api-key' && scheme.name && !inHttpHeader(set, scheme)) {
      const key = keyFor(core, scheme)!;
      if (scheme.in === 'header') headers[scheme.name.toLowerCase()] = key;
      else if (scheme.in === 'cookie') mergeHeaders(headers, { cookie: `${scheme.name}=${encodeURIComponent(key)}` });
    }
  }
}

/** Where this request's credential goes: of the operation's choices, the first kind the client holds. */
function placement(core: ApiCore, spec: RequestSpec): CredentialPlacement | undefined {
  const choices = spec.credentialChoices;
  if (choices) for (const kind of choices) if (holds(core, kind)) return kind;
  return spec.credentials ?? core.profile.credentials;
}

function holds(core: ApiCore, kind: CredentialPlacement): boolean {
  const o = core.options;
  if (kind === 'bearer') return o.bearerToken !== undefined;
  if (kind === 'basic') return o.basic !== undefined;
  if (kind === 'api-key') return Boolean(o.apiKey) || schemeKeys(core).length > 0;
  if (kind === 'access-token-query' || kind === 'access-token-form') return Boolean(o.accessToken);
  return false;
}

/**
 * The keys of ClientOptions.apiKeys whose scheme the spec declares, with where each goes; for an operation that
 * names its key schemes (several instead of each other, or one of the service's several), the one key it is sent,
 * or none where the caller gave none of them (the client's `apiKey` goes instead).
 */
function schemeKeys(core: ApiCore, spec?: RequestSpec): Array<[string, string, KeyPlace]> {
  const keys = core.options.apiKeys;
  const schemes = core.profile.apiKeySchemes;
  if (!keys || !schemes) return [];
  const given = Object.entries(keys).flatMap(
    ([name, key]): Array<[string, string, KeyPlace]> => (schemes[name] ? [[name, key, schemes[name]!]] : []),
  );
  const offered = spec?.keySchemes;
  if (!offered) return given;
  const held = offered.flatMap((name) => given.filter(([scheme]) => scheme === name));
  const wanted = held.find(([, , place]) => place.in === core.options.apiKeyIn) ?? held[0];
  return wanted ? [wanted] : [];
}

/** Where the API key goes: the caller's choice where the spec offers it, else the header, the query, the cookie. */
function apiKeyPlace(wanted: ClientOptions['apiKeyIn'], profile: ServiceProfile): KeyPlace['in'] | undefined {
  const offered = {
    header: profile.apiKeyHeader !== undefined,
    query: profile.apiKeyQuery !== undefined,
    cookie: profile.apiKeyCookie !== undefined,
  };
  if (wanted && offered[wanted]) return wanted;
  return offered.header ? 'header' : offered.query ? 'query' : offered.cookie ? 'cookie' : undefined;
}

/** Whether the URL's query already has the parameter (an access token the caller put in the path). */
function hasParam(url: string, name: string): boolean {
  const at = url.indexOf('?');
  return at >= 0 && new URLSearchParams(url.slice(at)).has(name);
}
