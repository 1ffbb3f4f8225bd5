// Credentials go only to the origins the target was configured with (its base and upload URLs). A request the
// target sends elsewhere (an upload session URL it names, a redirect) leaves without them: every header and
// query parameter that carries a configured secret, and the credential headers whatever their value, are taken
// out. A body that carries a secret cannot be cleaned, so such a request is not sent at all.

/** Headers that are credentials whatever their value. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** Query parameters that are credentials whatever their value. */
const CREDENTIAL_PARAMS = new Set(['key', 'access_token', 'api_key', 'apikey']);

export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The origins of the given URLs (scheme, host and port: https and http of one host are two origins). */
export function originsOf(urls: readonly string[]): Set<string> {
  return new Set(urls.map(originOf).filter((o): o is string => o !== undefined));
}

const carries = (value: string, secrets: readonly string[]) =>
  secrets.some((s) => value.includes(s) || value.includes(encodeURIComponent(s)));

export interface Cleaned {
  url: string;
  headers: Headers;
  /** What was taken out, by name (never by value). */
  removed: string[];
}

/** The request's URL and headers without any credential. */
export function withoutCredentials(url: string, headers: Headers, secrets: readonly string[]): Cleaned {
  const removed: string[] = [];
  const out = new Headers(headers);
  for (const [name, value] of headers) {
    if (CREDENTIAL_HEADERS.includes(name) || carries(value, secrets)) {
      out.delete(name);
      removed.push(`header ${name}`);
    }
  }
  const parsed = new URL(url);
  for (const [name, value] of [...parsed.searchParams]) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase()) || carries(value, secrets)) {
      parsed.searchParams.delete(name);
      removed.push(`query parameter ${name}`);
    }
  }
  return { url: removed.some((r) => r.startsWith('query')) ? parsed.toString() : url, headers: out, removed };
}

/** Whether a body the suite can read as text carries a configured secret (a form's access_token, say). */
export function bodyCarriesSecret(body: unknown, secrets: readonly string[]): boolean {
  if (typeof body === 'string') return carries(body, secrets);
  if (body instanceof URLSearchParams) return carries(body.toString(), secrets);
  return false;
}
