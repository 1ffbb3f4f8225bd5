// What thumbnail_url and the preview snippets point at: a PNG of the requested size and an HTML preview
// page, served by the service itself under /_media/ (outside the spec's paths, like the public service's
// CDN and preview hosts). URLs are signed (HMAC with a secret kept in the database), so only a caller who
// was shown the URL by an authorised read can fetch it, and ids of other tenants cannot be probed. A thumbnail's
// signature names its creative, not its size: whoever was shown one size of a creative's thumbnail may ask
// for another (sizes are bounded by MAX_THUMBNAIL_SIDE), and a read signs each creative once, not per size.
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import type { AdCreativeStore } from './store.js';
import { encodePng } from './png.js';

/** Largest side the thumbnail endpoint renders (a bound on work per request, not a rule of the API). */
export const MAX_THUMBNAIL_SIDE = 4096;

/** Thumbnail signatures kept by creative id (a signature never changes: the secret does not). */
const MAX_KEPT_SIGNATURES = 10_000;

/** Preview frame size of each ad format family (width x height in pixels). */
export function previewSize(adFormat: string): { width: number; height: number } {
  if (/STORY|REELS/.test(adFormat)) return { width: 320, height: 570 };
  if (adFormat === 'RIGHT_COLUMN_STANDARD') return { width: 254, height: 133 };
  if (adFormat === 'MOBILE_BANNER') return { width: 320, height: 50 };
  if (adFormat === 'MOBILE_MEDIUM_RECTANGLE') return { width: 300, height: 250 };
  if (/INSTREAM|SUGGESTED_VIDEO|WATCH_FEED|AUDIENCE_NETWORK/.test(adFormat)) return { width: 560, height: 315 };
  if (/^(MOBILE|MARKETPLACE|MESSAGING|JOB_BROWSER_MOBILE|BIZ_DISCO)/.test(adFormat)) return { width: 320, height: 480 };
  return { width: 540, height: 690 };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class MediaUrls {
  /** The secret as a key object made once: an HMAC from a string key re-derives it at every signature. */
  private readonly key: KeyObject;
  private readonly thumbnailSignatures = new Map<string, string>();

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret));
  }

  private sign(path: string): string {
    return createHmac('sha256', this.key).update(path).digest('base64url').slice(0, 22);
  }

  private verify(signed: string, sig: string | null): boolean {
    const expected = Buffer.from(signed);
    const given = Buffer.from(sig ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** What a thumbnail's signature covers: its creative (any size of it). */
  private thumbnailSignature(creativeId: string): string {
    let sig = this.thumbnailSignatures.get(creativeId);
    if (sig === undefined) {
      sig = this.sign(`/_media/thumbnails/${creativeId}`);
      if (this.thumbnailSignatures.size >= MAX_KEPT_SIGNATURES)
        this.thumbnailSignatures.delete(this.thumbnailSignatures.keys().next().value!);
      this.thumbnailSignatures.set(creativeId, sig);
    }
    return sig;
  }

  thumbnailUrl(base: string, creativeId: string, width: number, height: number): string {
    return `${base}/_media/thumbnails/${creativeId}/${width}x${height}.png?sig=${this.thumbnailSignature(creativeId)}`;
  }

  previewUrl(base: string, creativeId: string, adFormat: string): string {
    const path = `/_media/previews/${creativeId}/${adFormat}`;
    return `${base}${path}?sig=${this.sign(path)}`;
  }

  /** Serves /_media/ requests; answers false for any other path (the API's). */
  async serve(req: http.IncomingMessage, res: http.ServerResponse, store: AdCreativeStore): Promise<boolean> {
    // The request target as a path on a fixed origin: `new URL('//x', base)` would read //x as a host (and throw).
    let url: URL;
    try {
      url = new URL(`http://localhost${req.url?.startsWith('/') ? req.url : '/'}`);
    } catch {
      return false;
    }
    if (!url.pathname.startsWith('/_media/')) return false;
    req.resume();
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, {
        'content-type': type,
        'content-length': String(Buffer.byteLength(body)),
        'cache-control': 'private, max-age=3600',
      });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return (send(405, 'text/plain; charset=utf-8', 'method not allowed\n'), true);
    const thumbnail = /^\/_media\/thumbnails\/([0-9]+)\/([0-9]+)x([0-9]+)\.png$/.exec(url.pathname);
    // A probed id is signed to compare, not kept: only reads keep signatures.
    const expected = thumbnail
      ? (this.thumbnailSignatures.get(thumbnail[1]!) ?? this.sign(`/_media/thumbnails/${thumbnail[1]}`))
      : this.sign(url.pathname);
    if (!this.verify(expected, url.searchParams.get('sig')))
      return (send(404, 'text/plain; charset=utf-8', 'not found\n'), true);
    if (thumbnail) {
      const [width, height] = [Number(thumbnail[2]), Number(thumbnail[3])];
      if (width < 1 || height < 1 || width > MAX_THUMBNAIL_SIDE || height > MAX_THUMBNAIL_SIDE) {
        return (
          send(
            400,
            'text/plain; charset=utf-8',
            `thumbnails are rendered from 1 to ${MAX_THUMBNAIL_SIDE} pixels a side\n`,
          ),
          true
        );
      }
      return (send(200, 'image/png', encodePng(width, height, thumbnail[1]!)), true);
    }
    const preview = /^\/_media\/previews\/([0-9]+)\/([A-Z_]+)$/.exec(url.pathname);
    if (preview) {
      const creative = await store.creative(preview[1]!);
      const f = creative?.fields ?? {};
      const spec = (f.object_story_spec ?? {}) as Record<string, any>;
      const data = spec.link_data ?? spec.template_data ?? spec.photo_data ?? spec.video_data ?? spec.text_data ?? {};
      const text = (v: unknown) => (typeof v === 'string' ? escapeHtml(v) : '');
      const { width, height } = previewSize(preview[2]!);
      const html =
        `<!doctype html><html><head><meta charset="utf-8"><title>${text(f.name)}</title></head>` +
        `<body style="margin:0;width:${width}px;height:${height}px;font-family:sans-serif;overflow:hidden">` +
        `<p>${text(f.body ?? data.message)}</p><h3>${text(f.title ?? data.name)}</h3>` +
        `<img alt="" src="${escapeHtml(this.thumbnailUrl('', preview[1]!, Math.min(width, MAX_THUMBNAIL_SIDE), Math.min(height, MAX_THUMBNAIL_SIDE)))}" width="${width}">` +
        `<p>${text(f.object_url ?? data.link)}</p><small>${preview[2]}</small></body></html>`;
      return (send(200, 'text/html; charset=utf-8', html), true);
    }
    return (send(404, 'text/plain; charset=utf-8', 'not found\n'), true);
  }
}
