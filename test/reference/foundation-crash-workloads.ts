// Write workloads for the crash test: how to write one record to a served service and read it back. A
// write is acknowledged when the service answered it with success. `fingerprint` is what a stored record
// must show for a payload (the payload itself, or its size and hash); `read` and `list` return
// fingerprints of what is stored, so a torn or foreign record shows as a fingerprint nobody sent.
import { createHash } from 'node:crypto';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import type { ServiceKey } from '../../reference/foundation/service.js';

export interface Workload {
  name: string;
  /** The service whose URL the serve process prints. */
  service: ServiceKey;
  /** Payload length in characters (within what the service accepts). */
  payloadSize: number;
  fingerprint(payload: string): string;
  /** Sends one write; the stored key on success, undefined when refused without storing (e.g. throttled). */
  write(base: string, payload: string): Promise<string | undefined>;
  /** The fingerprint stored under an acknowledged key, or undefined. */
  read(base: string, key: string): Promise<string | undefined>;
  /** Fingerprints of every record of this workload that is stored, by key. */
  list(base: string): Promise<Map<string, string>>;
}

const same = (payload: string) => payload;

async function ok(res: Response, what: string): Promise<Response> {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

const READERS = 8;

/** The notes test service (foundation-notes-service.ts): the foundation alone. */
export const notesWorkload: Workload = {
  name: 'notes test service',
  service: 'analytics',
  payloadSize: 9_000,
  fingerprint: same,
  async write(base, payload) {
    const res = await fetch(`${base}/notes?tenant=crash`, { method: 'POST', body: payload });
    if (res.status !== 201) throw new Error(`write answered ${res.status}`);
    return String(((await res.json()) as { id: number }).id);
  },
  async read(base, key) {
    const res = await fetch(`${base}/notes/${key}`);
    return res.status === 200 ? ((await res.json()) as { body: string }).body : undefined;
  },
  async list(base) {
    const { ids } = (await (await fetch(`${base}/notes?tenant=crash`)).json()) as { ids: number[] };
    const out = new Map<string, string>();
    // Every note stored so far is read after every restart: by a few readers at once, each taking the next id as
    // soon as it has its answer (a connection left idle between batches could meet the server's keep-alive close).
    let next = 0;
    const reader = async () => {
      while (next < ids.length) {
        const id = String(ids[next++]);
        out.set(id, (await this.read(base, id))!);
      }
    };
    await Promise.all(Array.from({ length: READERS }, reader));
    return out;
  },
};

const ANALYTICS_AUTH = { authorization: `Bearer ${DEFAULT_FIXTURES.analytics.accessToken}` };
const TITLE_PREFIX = 'crash ';

/** analytics groups.insert: the payload is the group's title. */
export const analyticsWorkload: Workload = {
  name: 'analytics groups.insert',
  service: 'analytics',
  payloadSize: 80,
  fingerprint: same,
  async write(base, payload) {
    const res = await fetch(`${base}/v2/groups`, {
      method: 'POST',
      headers: { ...ANALYTICS_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        snippet: { title: TITLE_PREFIX + payload },
        contentDetails: { itemType: 'platform#video' },
      }),
    });
    if (res.status === 429) return undefined;
    return ((await (await ok(res, 'groups.insert')).json()) as { id: string }).id;
  },
  async read(base, key) {
    const res = await ok(
      await fetch(`${base}/v2/groups?id=${encodeURIComponent(key)}`, { headers: ANALYTICS_AUTH }),
      'groups.list',
    );
    const { items = [] } = (await res.json()) as { items?: Array<{ snippet: { title: string } }> };
    return items[0]?.snippet.title.slice(TITLE_PREFIX.length);
  },
  async list(base) {
    const out = new Map<string, string>();
    let pageToken: string | undefined;
    do {
      const res = await ok(
        await fetch(`${base}/v2/groups?mine=true${pageToken ? `&pageToken=${pageToken}` : ''}`, {
          headers: ANALYTICS_AUTH,
        }),
        'groups.list',
      );
      const page = (await res.json()) as {
        items?: Array<{ id: string; snippet: { title: string } }>;
        nextPageToken?: string;
      };
      for (const g of page.items ?? [])
        if (g.snippet.title.startsWith(TITLE_PREFIX)) out.set(g.id, g.snippet.title.slice(TITLE_PREFIX.length));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return out;
  },
};

const ADC = DEFAULT_FIXTURES['ad-creative'];
const NAME_PREFIX = 'crash ';

/** ad creative create (a link ad, form-encoded as the public clients send it): the payload is its name. */
export const adCreativeWorkload: Workload = {
  name: 'ad creative create',
  service: 'ad-creative',
  payloadSize: 90,
  fingerprint: same,
  async write(base, payload) {
    const form = new URLSearchParams({
      access_token: ADC.accessToken,
      name: NAME_PREFIX + payload,
      object_url: `https://shop.example/${encodeURIComponent(payload.slice(0, 20))}`,
      title: 'Fresh deals',
      body: 'Good prices every day',
    });
    const res = await fetch(`${base}/${ADC.apiVersion}/act_${ADC.adAccountId}/adcreatives`, {
      method: 'POST',
      body: form,
    });
    if (res.status === 400) {
      const text = await res.text();
      if (text.includes('80004')) return undefined; // throttled: nothing stored
      throw new Error(`create answered 400: ${text.slice(0, 300)}`);
    }
    return ((await (await ok(res, 'create')).json()) as { id: string }).id;
  },
  async read(base, key) {
    const res = await fetch(`${base}/${ADC.apiVersion}/${key}?fields=name&access_token=${ADC.accessToken}`);
    if (res.status !== 200) return undefined;
    return ((await res.json()) as { name: string }).name.slice(NAME_PREFIX.length);
  },
  async list(base) {
    const out = new Map<string, string>();
    let next: string | undefined =
      `${base}/${ADC.apiVersion}/act_${ADC.adAccountId}/adcreatives?fields=name&limit=100&access_token=${ADC.accessToken}`;
    while (next) {
      const page = (await (await ok(await fetch(next), 'list')).json()) as {
        data: Array<{ id: string; name?: string }>;
        paging?: { next?: string };
      };
      for (const c of page.data) if (c.name?.startsWith(NAME_PREFIX)) out.set(c.id, c.name.slice(NAME_PREFIX.length));
      next = page.paging?.next;
    }
    return out;
  },
};

const GEN_KEY = { 'x-goog-api-key': DEFAULT_FIXTURES.generative.apiKey };
const fileFingerprint = (size: number | string, sha256Base64: string) => `${size} ${sha256Base64}`;

/** generative media upload (raw protocol): the payload is the file's bytes; a stored file shows size and SHA-256. */
export const generativeWorkload: Workload = {
  name: 'generative file upload',
  service: 'generative',
  payloadSize: 20_000,
  fingerprint: (payload) =>
    fileFingerprint(Buffer.byteLength(payload), createHash('sha256').update(payload).digest('base64')),
  async write(base, payload) {
    const res = await fetch(`${base}/upload/v1beta/files`, {
      method: 'POST',
      headers: { ...GEN_KEY, 'x-goog-upload-protocol': 'raw', 'content-type': 'text/plain' },
      body: payload,
    });
    if (res.status === 429) return undefined;
    return ((await (await ok(res, 'upload')).json()) as { file: { name: string } }).file.name;
  },
  async read(base, key) {
    const res = await fetch(`${base}/v1beta/${key}`, { headers: GEN_KEY });
    if (res.status !== 200) return undefined;
    const file = (await res.json()) as { sizeBytes: string; sha256Hash: string };
    return fileFingerprint(file.sizeBytes, file.sha256Hash);
  },
  async list(base) {
    const out = new Map<string, string>();
    let pageToken: string | undefined;
    do {
      const res = await ok(
        await fetch(
          `${base}/v1beta/files?pageSize=100${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
          { headers: GEN_KEY },
        ),
        'files.list',
      );
      const page = (await res.json()) as {
        files?: Array<{ name: string; sizeBytes: string; sha256Hash: string; mimeType: string }>;
        nextPageToken?: string;
      };
      for (const f of page.files ?? [])
        if (f.mimeType === 'text/plain' && f.name !== 'files/abc-123')
          out.set(f.name, fileFingerprint(f.sizeBytes, f.sha256Hash));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return out;
  },
};

export const SERVICE_WORKLOADS: Record<ServiceKey, Workload> = {
  'ad-creative': adCreativeWorkload,
  analytics: analyticsWorkload,
  generative: generativeWorkload,
};
