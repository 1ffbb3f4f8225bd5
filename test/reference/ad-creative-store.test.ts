// The SQL store of the ad creative service on its own, on SQLite (with what it keeps in memory, and without)
// and on PostgreSQL: identity of creates (and after a delete), the list cap (no paging beyond the newest `cap`
// creatives; the service passes 50,000, here 3), cursors both ways, and a change that would leave two identical
// live creatives refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { service as adCreative } from '../../reference/ad-creative/index.js';
import { KeptAdCreativeStore } from '../../reference/ad-creative/kept-store.js';
import { parseSeed } from '../../reference/ad-creative/seed.js';
import { SqlAdCreativeStore } from '../../reference/ad-creative/sql-store.js';
import { IdenticalCreativeError, type AdCreativeStore } from '../../reference/ad-creative/store.js';
import { migrate, openDatabase } from '../../reference/foundation/database.js';
import { PostgresSql } from '../../reference/foundation/postgres-sql.js';
import { SqliteSql } from '../../reference/foundation/sqlite-sql.js';
import { postgresSchemas } from '../support/postgres-schemas.js';

const postgres = postgresSchemas('the ad creative store on PostgreSQL');
const unavailable = postgres.unavailable;

const sqlite = () => {
  const db = openDatabase({ name: 'ad-creative' });
  migrate(db, adCreative.migrations);
  return db;
};

const STORES: Array<[string, () => Promise<AdCreativeStore>]> = [
  ['SQLite, records kept', async () => new KeptAdCreativeStore(sqlite())],
  ['SQLite, nothing kept', async () => new SqlAdCreativeStore(new SqliteSql(sqlite()))],
  [
    'PostgreSQL',
    async () => {
      const [pool] = await postgres.schema(adCreative.postgresMigrations!);
      return new SqlAdCreativeStore(new PostgresSql(pool!));
    },
  ],
];

describe.each(STORES)('the ad creative store on %s', (name, open) => {
  let store: AdCreativeStore;

  beforeEach(async () => {
    if (name === 'PostgreSQL' && unavailable) return;
    store = await open();
    await store.loadSeed(
      parseSeed({
        apps: [{ id: '1', name: 'App', access: 'live' }],
        users: [{ id: '2', name: 'User' }],
        adAccounts: [
          { id: '10', name: 'One' },
          { id: '20', name: 'Two' },
        ],
        pages: [
          { id: '4', name: 'Page', username: 'Page.Four' },
          { id: '5', name: 'Unnamed page' },
        ],
        tokens: [{ token: 't', user: '2', app: '1', adAccounts: ['20', '10'], pages: ['4'] }],
      }),
    );
  });
  const skip = name === 'PostgreSQL' && unavailable !== undefined;

  const create = (accountId: string, key: string) =>
    store.createCreative({ accountId, contentKey: key, fields: { name: key } });

  it.skipIf(skip)(
    "answers the grants, accounts, pages and settings the seed wrote, and the new seed's tokens only",
    async () => {
      expect(await store.isEmpty()).toBe(false);
      expect(await store.token('t')).toEqual({
        token: 't',
        userId: '2',
        appId: '1',
        appAccess: 'live',
        expiresAt: undefined,
        adAccounts: ['10', '20'],
        pages: ['4'],
      });
      expect(await store.adAccount('10')).toEqual({ id: '10', name: 'One', rateLimit: undefined });
      expect(await store.adAccount('99')).toBeUndefined();
      expect(await store.page('4')).toEqual({ id: '4', name: 'Page' });
      expect(await store.pageNamed('page.four')).toEqual({ id: '4', name: 'Page' });
      expect(await store.pageNamed('Page')).toBeUndefined();
      expect(await store.imageExists('10', 'nope')).toBe(false);
      expect(await store.setting('secret', () => 'first')).toBe('first');
      expect(await store.setting('secret', () => 'second')).toBe('first');
      await store.replaceCredentials(
        parseSeed({
          apps: [{ id: '1', name: 'App', access: 'development' }],
          users: [{ id: '2', name: 'User' }],
          adAccounts: [{ id: '10', name: 'One' }],
          pages: [
            { id: '4', name: 'Page' },
            { id: '5', name: 'Unnamed page', username: 'FivePage' },
          ],
          tokens: [{ token: 'u', user: '2', app: '1', adAccounts: ['10'], pages: [] }],
        }),
      );
      expect(await store.token('t')).toBeUndefined();
      // Usernames follow the seed at every start, as credentials do.
      expect(await store.pageNamed('page.four')).toBeUndefined();
      expect(await store.pageNamed('fivepage')).toEqual({ id: '5', name: 'Unnamed page' });
      expect(await store.token('u')).toMatchObject({ appAccess: 'development', adAccounts: ['10'], pages: [] });
    },
  );

  it.skipIf(skip)('stores identical content once per account, and anew after a delete', async () => {
    const first = await create('10', 'same');
    expect(first.created).toBe(true);
    expect(await create('10', 'same')).toEqual({ id: first.id, created: false });
    expect((await create('20', 'same')).created).toBe(true);
    await store.updateCreative(first.id, { status: 'DELETED' });
    const again = await create('10', 'same');
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
  });

  it.skipIf(skip)(
    'refuses a move that would leave two identical live creatives in one account, and changes nothing',
    async () => {
      const a = await create('10', 'twin');
      const b = await create('20', 'twin');
      await expect(store.updateCreative(b.id, { accountId: '10' })).rejects.toBeInstanceOf(IdenticalCreativeError);
      expect((await store.creative(b.id))!.accountId).toBe('20');
      expect((await store.creative(a.id))!.accountId).toBe('10');
    },
  );

  it.skipIf(skip)('lists only the newest `cap` creatives, newest first, with no page beyond', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create('10', `c${i}`)).id);
    const newest = ids.slice(-3).reverse();
    const first = await store.listCreatives('10', { limit: 2 }, 3);
    expect(first.items.map((c) => c.id)).toEqual(newest.slice(0, 2));
    expect(first.more).toBe(true);
    const second = await store.listCreatives('10', { limit: 2, afterSeq: first.items.at(-1)!.seq }, 3);
    expect(second.items.map((c) => c.id)).toEqual(newest.slice(2));
    expect(second.more).toBe(false);
    expect(second.earlier).toBe(true);
    const back = await store.listCreatives('10', { limit: 2, beforeSeq: second.items[0]!.seq }, 3);
    expect(back.items.map((c) => c.id)).toEqual(newest.slice(0, 2));
    expect(await store.countCreatives('10', 3)).toBe(3);
    expect(await store.countCreatives('10', 50_000)).toBe(5);
  });

  it.skipIf(skip)('creates the inline post with its creative, and not again for an identical creative', async () => {
    const one = await store.createCreative({
      accountId: '10',
      contentKey: 'inline',
      fields: {},
      inlinePost: { pageId: '4', message: 'hi' },
    });
    const two = await store.createCreative({
      accountId: '10',
      contentKey: 'inline',
      fields: {},
      inlinePost: { pageId: '4', message: 'hi' },
    });
    expect(two.id).toBe(one.id);
    const posts = await store.listPosts('4', { limit: 10, includeInline: true });
    expect(posts.items.length).toBe(1);
    expect((await store.creative(one.id))!.fields.effective_object_story_id).toBe(posts.items[0]!.id);
    expect((await store.listPosts('4', { limit: 10, includeInline: false })).items).toEqual([]);
  });

  it.skipIf(skip)(
    'every page, from the start and from every cursor both ways, is the model list cut as it says',
    async () => {
      // A deterministic sequence of creates, deletes and moves between the two accounts.
      let state = 7;
      const next = (n: number) => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state % n;
      };
      const live = new Map<string, { account: string; order: number }>();
      let order = 0;
      for (let step = 0; step < 60; step++) {
        const ids = [...live.keys()];
        const action = ids.length === 0 ? 0 : next(4);
        if (action <= 1) {
          const { id } = await create(next(3) === 0 ? '20' : '10', `m${step}`);
          live.set(id, { account: (await store.creative(id))!.accountId, order: order++ });
        } else if (action === 2) {
          const id = ids[next(ids.length)]!;
          await store.updateCreative(id, { status: 'DELETED' });
          live.delete(id);
        } else {
          const id = ids[next(ids.length)]!;
          const account = live.get(id)!.account === '10' ? '20' : '10';
          await store.updateCreative(id, { accountId: account });
          live.get(id)!.account = account;
        }
        // A first page after every write: what a store keeps of an account's newest ids follows each write.
        for (const account of ['10', '20']) {
          const newest = [...live.entries()]
            .filter(([, c]) => c.account === account)
            .sort((a, b) => b[1].order - a[1].order)
            .map(([id]) => id);
          const page = await store.listCreatives(account, { limit: 3 }, 1000);
          expect(
            page.items.map((c) => c.id),
            `step ${step}, ${account}`,
          ).toEqual(newest.slice(0, 3));
        }
      }
      for (const account of ['10', '20'])
        for (const cap of [4, 1000])
          for (const limit of [1, 2, 3, 7]) {
            const model = [...live.entries()]
              .filter(([, c]) => c.account === account)
              .sort((a, b) => b[1].order - a[1].order)
              .map(([id]) => id)
              .slice(0, cap);
            const seqOf = async (id: string) => (await store.creative(id))!.seq;
            const first = await store.listCreatives(account, { limit }, cap);
            expect(
              first.items.map((c) => c.id),
              `${account} ${cap} ${limit}`,
            ).toEqual(model.slice(0, limit));
            expect([first.more, first.earlier]).toEqual([model.length > limit, false]);
            for (const [at, id] of model.entries()) {
              const after = await store.listCreatives(account, { limit, afterSeq: await seqOf(id) }, cap);
              expect(after.items.map((c) => c.id)).toEqual(model.slice(at + 1, at + 1 + limit));
              if (after.items.length > 0)
                expect([after.more, after.earlier]).toEqual([at + 1 + limit < model.length, true]);
              const before = await store.listCreatives(account, { limit, beforeSeq: await seqOf(id) }, cap);
              expect(before.items.map((c) => c.id)).toEqual(model.slice(Math.max(0, at - limit), at));
              if (before.items.length > 0) expect([before.more, before.earlier]).toEqual([true, at - limit > 0]);
            }
            // Every record listed is the one read alone (fields, status and account as stored now).
            for (const c of first.items) expect(c).toEqual(await store.creative(c.id));
          }
    },
  );
});
