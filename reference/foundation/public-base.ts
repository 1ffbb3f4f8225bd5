// The base URL of the absolute links a service answers with (thumbnail and preview URLs, paging links, upload
// session URLs, file URIs). A configured public URL (serve --public-url, startReference's publicUrls) is used
// whatever the request says. Without one, the address the client asked for names it: the request's Host header
// when it is a well-formed host (a name, an IPv4 address or a bracketed IPv6 one, with an optional port), so every
// instance behind a balancer that passes Host on links to the balancer, not to itself, and a proxy's rewrites
// still apply; any other Host (absent, or crafted to break out of a URL or an HTML attribute) gives the
// listening address. No answer is kept, so a Host reaches only the answer to the request that sent it.
import type http from 'node:http';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$`);

export class PublicBase {
  private base = 'http://127.0.0.1';
  private configured = false;

  /** Called once the server listens: the configured public URL, or the listening address. */
  bind(url: string, configured: boolean): void {
    this.base = url.replace(/\/$/, '');
    this.configured = configured;
  }

  /** The base of the links in the answer to `req`. */
  of(req: http.IncomingMessage): string {
    if (this.configured) return this.base;
    const host = req.headers.host;
    if (host === undefined || host.length > 261 || !HOST.test(host)) return this.base;
    return `http://${host}`;
  }
}
