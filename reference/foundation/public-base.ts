// The base URL of the absolute links a service answers with (thumbnail and preview URLs, paging links, upload
// session URLs, file URIs). A configured public URL (serve --public-url, startReference's publicUrls) is used
// whatever the request says. Without one, the address the client asked for names it: with --trust-forwarded, the
// address a proxy in front says the client asked for (the first element of `Forwarded`, RFC 7239, else
// `X-Forwarded-Host` / `-Proto` / `-Port`), for proxies that send their upstream's Host on (http-proxy's
// changeOrigin, Vite's dev proxy); then the request's Host header, so every instance behind a balancer that passes
// Host on links to the balancer, not to itself. Either host is used only when well-formed (a name, an IPv4
// address or a bracketed IPv6 one, with an optional port); anything else (absent, or crafted to break out of a
// URL or an HTML attribute) gives the listening address. Forwarded headers are off by default: a client can send
// them as easily as a proxy, and caches seldom key on them. No answer is kept, so a header reaches only the
// answer to the request that sent it.
import type http from 'node:http';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$`);
const MAX_HOST = 261;

/** Where a service's links point, as the foundation knows it once the server listens. */
export interface PublicAddress {
  /** The configured public URL, else the listening address. */
  baseUrl: string;
  /** Whether baseUrl was configured (then it names every link). */
  configured: boolean;
  /** Whether a proxy's Forwarded / X-Forwarded-* headers name the links (serve --trust-forwarded). */
  trustForwarded: boolean;
}

const wellFormedHost = (host: string | undefined): host is string =>
  host !== undefined && host.length <= MAX_HOST && HOST.test(host);

/** The first value of a header a proxy may have repeated or comma-joined. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}

/** host and proto of the first element of an RFC 7239 `Forwarded` header (values may be quoted). */
function forwardedElement(header: string | undefined): { host?: string; proto?: string } {
  const element = header?.split(',')[0];
  const pairs: { host?: string; proto?: string } = {};
  for (const pair of element?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim().toLowerCase();
    const value = pair
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'host' || name === 'proto') pairs[name] = value;
  }
  return pairs;
}

/** The origin a proxy in front says the client asked for, or undefined when it says nothing usable. */
function forwardedOrigin(req: http.IncomingMessage): string | undefined {
  const forwarded = forwardedElement(req.headers.forwarded);
  let host = forwarded.host ?? firstValue(req.headers['x-forwarded-host']);
  const proto = (forwarded.proto ?? firstValue(req.headers['x-forwarded-proto']) ?? 'http').toLowerCase();
  if (!wellFormedHost(host) || (proto !== 'http' && proto !== 'https')) return undefined;
  const port = forwarded.host === undefined ? firstValue(req.headers['x-forwarded-port']) : undefined;
  const defaultPort = proto === 'https' ? '443' : '80';
  if (port && /^[0-9]{1,5}$/.test(port) && port !== defaultPort && !/:[0-9]+$/.test(host)) host = `${host}:${port}`;
  return `${proto}://${host}`;
}

export class PublicBase {
  private address: PublicAddress = { baseUrl: 'http://127.0.0.1', configured: false, trustForwarded: false };

  /** Called once the server listens. */
  bind(address: PublicAddress): void {
    this.address = { ...address, baseUrl: address.baseUrl.replace(/\/$/, '') };
  }

  /** The base of the links in the answer to `req`. */
  of(req: http.IncomingMessage): string {
    const { baseUrl, configured, trustForwarded } = this.address;
    if (configured) return baseUrl;
    if (trustForwarded) {
      const origin = forwardedOrigin(req);
      if (origin) return origin;
    }
    const host = req.headers.host;
    return wellFormedHost(host) ? `http://${host}` : baseUrl;
  }
}
