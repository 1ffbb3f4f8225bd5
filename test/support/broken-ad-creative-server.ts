// A deliberately broken ad creative service, built on the generated server stubs, to prove that the
// contract suite reports violations under the right rule ids. It stores creatives in memory and is
// correct except for four planted defects:
//   1. wrong error code: reading an unknown creative answers code 2500 instead of 100/33 (ADC-READ-3);
//   2. a missing field: the preview edge answers without its required `data` (ADC-CONFORM-1);
//   3. an accepted invalid title: a title starting with punctuation passes validation (ADC-TEXT-2);
//   4. a duplicated creative: an identical creative gets a new id (ADC-CREATE-3).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adCreativeRoutes, createAdCreativeServer, graphError, type AdCreativeHandlers } from '../../generated/ad-creative/server.js';
import { DEFAULT_FIXTURES } from '../../contracts/targets/fixtures.js';

type Creative = Record<string, unknown> & { id: string };

export interface RunningServer {
  baseUrl: string;
  close(): Promise<void>;
}

function select(creative: Creative, fields: unknown): Record<string, unknown> {
  if (typeof fields !== 'string' || fields === '') return { id: creative.id, name: creative.name, status: creative.status };
  const names = fields.split(/,(?![^{]*\})/).map((f) => f.replace(/[{.].*$/, ''));
  return Object.fromEntries([['id', creative.id], ...names.filter((n) => n in creative).map((n) => [n, creative[n]])]);
}

function handlers(): AdCreativeHandlers {
  const creatives = new Map<string, Creative>();
  let next = 120330000000000000n;
  const fixture = DEFAULT_FIXTURES['ad-creative'];
  const find = (id: string) => {
    const c = creatives.get(id);
    // Defect 1: the documented answer is code 100 with subcode 33.
    if (!c) throw graphError(2500, `Cannot find creative ${id}`);
    return c;
  };
  return {
    async getAdCreative({ path, query }) {
      return { body: select(find(path.creative_id), query.fields) as never };
    },
    async createAdCreative({ body }) {
      // Defect 4: no uniqueness check, an identical creative is stored again.
      const id = String(next++);
      const spec = body.object_story_spec as { page_id?: string } | undefined;
      creatives.set(id, {
        ...body,
        id,
        account_id: fixture.adAccountId,
        status: 'ACTIVE',
        object_story_id: body.object_story_id ?? null,
        effective_object_story_id: spec?.page_id ? `${spec.page_id}_${id.slice(-6)}` : body.object_story_id,
        thumbnail_url: `https://platform.example/thumb/${id}.jpg?w=64&h=64`,
      });
      return { body: { id } };
    },
    async updateAdCreative({ path, body }) {
      const c = find(path.creative_id);
      Object.assign(c, body ?? {});
      return { body: { success: true } };
    },
    async deleteAdCreative({ path }) {
      find(path.creative_id).status = 'DELETED';
      return { body: { success: true } };
    },
    async listAdCreatives({ query }) {
      const all = [...creatives.values()].filter((c) => c.status !== 'DELETED');
      const limit = Number(query.limit ?? 25);
      const start = query.after ? all.findIndex((c) => c.id === query.after) + 1 : 0;
      const page = all.slice(start, start + limit);
      const last = page.at(-1)?.id;
      const more = start + limit < all.length;
      return { body: { data: page.map((c) => select(c, query.fields)) as never, paging: { cursors: { before: page[0]?.id ?? '', after: last ?? '' }, ...(more ? { next: `?after=${last}` } : {}) } } };
    },
    async getAdCreativePreviews({ path }) {
      find(path.creative_id);
      // Defect 2: `data` is required.
      return { body: {} as never };
    },
    async listPromotablePosts({ path, query }) {
      const inline = query.include_inline === true;
      const posts = [...creatives.values()]
        .filter((c) => inline && typeof c.effective_object_story_id === 'string' && c.effective_object_story_id.startsWith(`${path.page_id}_`))
        .map((c) => ({ id: c.effective_object_story_id as string, is_inline_created: true, is_published: false }));
      return { body: { data: posts, paging: { cursors: { before: '', after: '' } } } };
    },
  };
}

export async function startBrokenAdCreativeServer(): Promise<RunningServer> {
  // Defect 3: the create validator sees every title with its first character replaced by a letter.
  const routes = adCreativeRoutes.map((route) => {
    if (route.operationId !== 'createAdCreative') return route;
    const validateBody = Object.fromEntries(
      Object.entries(route.validateBody).map(([type, validate]) => {
        const lenient = (data: unknown) => {
          const copy = { ...(data as Record<string, unknown>) };
          if (typeof copy.title === 'string' && copy.title.length > 0) copy.title = `x${copy.title.slice(1)}`;
          const ok = validate(copy);
          lenient.errors = validate.errors;
          return ok;
        };
        lenient.errors = null as typeof validate.errors;
        return [type, lenient];
      }),
    );
    return { ...route, validateBody };
  });
  adCreativeRoutes.splice(0, adCreativeRoutes.length, ...routes);
  const listener = createAdCreativeServer(handlers(), {
    authenticate: (input) => {
      const token = input.credentials.accessToken ?? input.credentials.bearerToken;
      if (token === DEFAULT_FIXTURES['ad-creative'].invalidToken) throw graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    },
  });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run directly: prints the address, for trying the suite by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startBrokenAdCreativeServer();
  console.log(`broken ad creative service on ${running.baseUrl}`);
}
