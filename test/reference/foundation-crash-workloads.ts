// Write workloads for the crash test: how to write one record to a served service and read it back. A
// write is acknowledged when the service answered it with success; `read` returns what is stored under
// the acknowledged key (undefined when absent), `list` every record of the workload that is stored.
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';
import type { ServiceKey } from '../../reference/foundation/service.js';

export interface Workload {
  name: string;
  /** The serve script and the positional argument it takes. */
  script: string;
  serviceArg: string;
  /** The service whose URL the script prints. */
  service: ServiceKey;
  /** Sends one write; the stored key on success, undefined when the service refused it without storing. */
  write(base: string, payload: string): Promise<string | undefined>;
  /** The payload stored under an acknowledged key, or undefined. */
  read(base: string, key: string): Promise<string | undefined>;
  /** Every payload of this workload that is stored, by key (to find half-written or foreign records). */
  list(base: string): Promise<Map<string, string>>;
}

export const notesWorkload: Workload = {
  name: 'notes test service',
  script: 'test/reference/foundation-serve-notes.ts',
  serviceArg: 'notes',
  service: 'analytics',
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
    for (const id of ids) out.set(String(id), (await this.read(base, String(id)))!);
    return out;
  },
};

const ANALYTICS_AUTH = { authorization: `Bearer ${DEFAULT_FIXTURES.analytics.accessToken}` };
const TITLE_PREFIX = 'crash ';

/** analytics groups.insert: the payload is the group's title. */
export const analyticsWorkload: Workload = {
  name: 'analytics groups.insert',
  script: 'reference/serve.ts',
  serviceArg: 'analytics',
  service: 'analytics',
  async write(base, payload) {
    const res = await fetch(`${base}/v2/groups`, {
      method: 'POST',
      headers: { ...ANALYTICS_AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ snippet: { title: TITLE_PREFIX + payload }, contentDetails: { itemType: 'platform#video' } }),
    });
    if (res.status === 429) return undefined;
    if (res.status !== 200) throw new Error(`groups.insert answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  },
  async read(base, key) {
    const res = await fetch(`${base}/v2/groups?id=${encodeURIComponent(key)}`, { headers: ANALYTICS_AUTH });
    if (res.status !== 200) throw new Error(`groups.list answered ${res.status}`);
    const { items = [] } = (await res.json()) as { items?: Array<{ snippet: { title: string } }> };
    return items[0]?.snippet.title.slice(TITLE_PREFIX.length);
  },
  async list(base) {
    const out = new Map<string, string>();
    let pageToken: string | undefined;
    do {
      const res = await fetch(`${base}/v2/groups?mine=true${pageToken ? `&pageToken=${pageToken}` : ''}`, { headers: ANALYTICS_AUTH });
      if (res.status !== 200) throw new Error(`groups.list answered ${res.status}`);
      const page = (await res.json()) as { items?: Array<{ id: string; snippet: { title: string } }>; nextPageToken?: string };
      for (const g of page.items ?? []) if (g.snippet.title.startsWith(TITLE_PREFIX)) out.set(g.id, g.snippet.title.slice(TITLE_PREFIX.length));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return out;
  },
};

const ADC = DEFAULT_FIXTURES['ad-creative'];
const ADC_ACCOUNT = ADC.secondAdAccountId ?? ADC.adAccountId;
const NAME_PREFIX = 'crash ';

/** ad-creative create (a link ad): the payload is the creative's name (at most 100 characters with the prefix). */
export const adCreativeWorkload: Workload = {
  name: 'ad-creative create',
  script: 'reference/serve.ts',
  serviceArg: 'ad-creative',
  service: 'ad-creative',
  async write(base, payload) {
    const body = new URLSearchParams({ name: NAME_PREFIX + payload, object_url: `https://crash.example/${encodeURIComponent(payload.slice(0, 20))}`, title: 'Crash test', access_token: ADC.accessToken });
    const res = await fetch(`${base}/${ADC.apiVersion}/act_${ADC_ACCOUNT}/adcreatives`, { method: 'POST', body });
    const answer = (await res.json()) as { id?: string; error?: { code: number } };
    if (answer.error?.code === 80004) return undefined; // throttled: refused without storing
    if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer.id;
  },
  async read(base, key) {
    const res = await fetch(`${base}/${ADC.apiVersion}/${key}?fields=name&access_token=${ADC.accessToken}`);
    if (res.status !== 200) return undefined;
    return ((await res.json()) as { name: string }).name.slice(NAME_PREFIX.length);
  },
  async list(base) {
    const out = new Map<string, string>();
    let url: string | undefined = `${base}/${ADC.apiVersion}/act_${ADC_ACCOUNT}/adcreatives?fields=id,name&limit=500&access_token=${ADC.accessToken}`;
    while (url) {
      const res: Response = await fetch(url);
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      const page = (await res.json()) as { data: Array<{ id: string; name?: string }>; paging?: { next?: string } };
      for (const c of page.data) if (c.name?.startsWith(NAME_PREFIX)) out.set(c.id, c.name.slice(NAME_PREFIX.length));
      url = page.paging?.next;
    }
    return out;
  },
};
