// The SQLite store of the ad creative service on its own: identity of creates (and after a delete), the list
// cap (no paging beyond the newest `cap` creatives; the service passes 50,000, here 3), cursors both ways,
// and a change that would leave two identical live creatives refused.
import { beforeEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../reference/foundation/database.js';
import { MIGRATIONS } from '../../reference/ad-creative/migrations.js';
import { parseSeed } from '../../reference/ad-creative/seed.js';
import { SqliteAdCreativeStore } from '../../reference/ad-creative/sqlite-store.js';
import { IdenticalCreativeError } from '../../reference/ad-creative/store.js';

let store: SqliteAdCreativeStore;

beforeEach(async () => {
  const db = openDatabase({ name: 'ad-creative' });
  migrate(db, MIGRATIONS);
  store = new SqliteAdCreativeStore(db);
  await store.loadSeed(
    parseSeed({
      apps: [{ id: '1', name: 'App', access: 'live' }],
      users: [{ id: '2', name: 'User' }],
      adAccounts: [
        { id: '10', name: 'One' },
        { id: '20', name: 'Two' },
      ],
      pages: [{ id: '4', name: 'Page' }],
      tokens: [{ token: 't', user: '2', app: '1', adAccounts: ['10', '20'], pages: ['4'] }],
    }),
  );
});

const create = (accountId: string, key: string) =>
  store.createCreative({ accountId, contentKey: key, fields: { name: key } });

describe('the ad creative SQLite store', () => {
  it('stores identical content once per account, and anew after a delete', async () => {
    const first = await create('10', 'same');
    expect(first.created).toBe(true);
    expect(await create('10', 'same')).toEqual({ id: first.id, created: false });
    expect((await create('20', 'same')).created).toBe(true);
    await store.updateCreative(first.id, { status: 'DELETED' });
    const again = await create('10', 'same');
    expect(again.created).toBe(true);
    expect(again.id).not.toBe(first.id);
  });

  it('refuses a move that would leave two identical live creatives in one account, and changes nothing', async () => {
    const a = await create('10', 'twin');
    const b = await create('20', 'twin');
    await expect(store.updateCreative(b.id, { accountId: '10' })).rejects.toBeInstanceOf(IdenticalCreativeError);
    expect((await store.creative(b.id))!.accountId).toBe('20');
    expect((await store.creative(a.id))!.accountId).toBe('10');
  });

  it('lists only the newest `cap` creatives, newest first, with no page beyond', async () => {
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

  it('creates the inline post with its creative, and not again for an identical creative', async () => {
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
});
