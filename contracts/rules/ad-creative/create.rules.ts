// Ad creative: the ADC-CREATE-* rules (ADC-CREATE-1, ADC-CREATE-2, ADC-CREATE-3, ADC-CREATE-4, ADC-CREATE-5, ADC-CREATE-6, ADC-CREATE-7, ADC-CREATE-8); their mutants are in ./create.mutants.ts.
import { expect } from 'vitest';
import { unique } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { type Body, created, ctx, linkAd, linkCreative, read, rejectsCreate } from './context.js';

ruleTests('ADC-CREATE-1', [
  ['no content source is code 100', async (t) => rejectsCreate(t, { name: unique('none'), title: 'Fresh deals' })],
  [
    'object_story_spec with object_story_id is code 100; each alone is accepted',
    async (t) => {
      const { f } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const post =
        t.session.kind === 'stateful'
          ? (await read(t, id, 'effective_object_story_id')).effective_object_story_id
          : '1122334455_998877';
      await rejectsCreate(t, linkCreative(f.pageId, { object_story_id: post }));
      await created(t, { name: unique('post'), object_story_id: post });
    },
  ],
  [
    'object_story_spec with object_url is code 100; a link ad alone is accepted',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { object_url: 'https://shop.example/x', title: 'Fresh deals' }));
      await created(t, linkAd());
    },
  ],
]);
ruleTests('ADC-CREATE-2', [
  [
    'object_story_spec makes an unpublished post: object_story_id null, effective_object_story_id the post',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const answer = await read(t, id, 'object_story_id,effective_object_story_id');
      expect(answer.object_story_id ?? null).toBeNull();
      expect(answer.effective_object_story_id).toMatch(new RegExp(`^${f.pageId}_[0-9]+$`));
      const posts: Body[] = [];
      for await (const p of client.listPromotablePostsAll({
        version,
        page_id: f.pageId,
        include_inline: true,
        fields: 'id,is_published',
        limit: 100,
      }))
        posts.push(p);
      const post = posts.find((p) => p.id === answer.effective_object_story_id);
      expect(post, 'the inline post is a post of the page').toBeDefined();
      expect(post!.is_published).toBe(false);
    },
  ],
]);
ruleTests('ADC-CREATE-3', [
  [
    'an identical creative answers the existing id; one that differs in its name is a new one',
    async (t) => {
      const { f } = ctx(t);
      const body = linkCreative(f.pageId);
      const first = await created(t, body);
      expect(await created(t, body)).toBe(first);
      // The same creative with its object_story_spec members in another order is still identical.
      const { page_id, link_data } = body.object_story_spec;
      expect(await created(t, { ...body, object_story_spec: { link_data, page_id } })).toBe(first);
      expect(await created(t, { ...body, name: `${body.name} 2` })).not.toBe(first);
    },
  ],
]);
ruleTests('ADC-CREATE-4', [
  [
    'POLITICAL and POLITICAL_WITH_DIGITALLY_CREATED_MEDIA are accepted and read back; another value is code 100',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(t, linkCreative(f.pageId, { authorization_category: 'ELECTION' }));
      for (const category of ['POLITICAL', 'POLITICAL_WITH_DIGITALLY_CREATED_MEDIA'] as const) {
        const id = await created(t, linkCreative(f.pageId, { authorization_category: category }));
        if (t.partlyJudged('a stateless target does not store the category')) continue;
        expect((await read(t, id, 'authorization_category')).authorization_category).toBe(category);
      }
    },
  ],
]);
ruleTests('ADC-CREATE-5', [
  [
    'value.page with link_caption and link_description is accepted and kept',
    async (t) => {
      const { f } = ctx(t);
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.call_to_action.value = {
        page: f.pageId,
        link_caption: 'Visit',
        link_description: 'Our page',
      };
      const id = await created(t, body);
      if (t.partlyJudged('a stateless target does not store the call to action')) return;
      const answer = await read(t, id, 'object_story_spec{link_data{call_to_action{type,value}}}');
      expect(answer.object_story_spec.link_data.call_to_action).toEqual({
        type: 'SHOP_NOW',
        value: { page: f.pageId, link_caption: 'Visit', link_description: 'Our page' },
      });
    },
  ],
  [
    'a call to action with its type alone (no value) is accepted',
    async (t) => {
      const { f } = ctx(t);
      const body = linkCreative(f.pageId);
      body.object_story_spec.link_data.call_to_action = { type: 'LEARN_MORE' };
      await created(t, body);
    },
  ],
]);
ruleTests('ADC-CREATE-6', [
  [
    'the sponsor ids with object_story_id of a post tagging them are accepted and kept',
    async (t) => {
      const post = t.fixture('taggedPostId');
      const sponsorPage = t.fixture('sponsorPageId');
      const sponsorId = t.fixture('sponsorId');
      const id = await created(t, {
        name: unique('partner'),
        object_story_id: post,
        platform_branded_content: { sponsor_page_id: sponsorPage },
        photoapp_branded_content: { sponsor_id: sponsorId },
      });
      const answer = await read(
        t,
        id,
        'platform_branded_content{sponsor_page_id},photoapp_branded_content{sponsor_id},object_story_id',
      );
      expect(answer).toMatchObject({
        object_story_id: post,
        platform_branded_content: { sponsor_page_id: sponsorPage },
        photoapp_branded_content: { sponsor_id: sponsorId },
      });
    },
  ],
  [
    'sponsor ids without object_story_id are code 100',
    async (t) => {
      const { f } = ctx(t);
      await rejectsCreate(
        t,
        linkCreative(f.pageId, { platform_branded_content: { sponsor_page_id: t.fixture('sponsorPageId') } }),
      );
    },
  ],
  [
    'a sponsor the post does not tag is code 100',
    async (t) => {
      const { f } = ctx(t);
      t.fixture('sponsorPageId');
      await rejectsCreate(t, {
        name: unique('partner'),
        object_story_id: t.fixture('taggedPostId'),
        platform_branded_content: { sponsor_page_id: f.pageId },
      });
    },
  ],
]);
ruleTests('ADC-CREATE-7', [
  [
    'branded_content_sponsor_page_id is accepted and kept in photo, video and link data',
    async (t) => {
      const { f } = ctx(t);
      const sponsor = t.fixture('sponsorPageId');
      const kinds: Array<[string, Body]> = [
        ['photo_data', { image_hash: t.fixture('imageHash'), branded_content_sponsor_page_id: sponsor }],
        [
          'video_data',
          {
            video_id: '100200300400',
            image_url: 'https://img.example/v.jpg',
            branded_content_sponsor_page_id: sponsor,
          },
        ],
        [
          'link_data',
          {
            link: `https://shop.example/${unique('l')}`,
            message: 'Partner picks',
            branded_content_sponsor_page_id: sponsor,
          },
        ],
      ];
      for (const [member, data] of kinds) {
        const id = await created(t, { name: unique(member), object_story_spec: { page_id: f.pageId, [member]: data } });
        if (t.partlyJudged('a stateless target stores nothing to read back')) continue;
        const answer = await read(t, id, `object_story_spec{${member}{branded_content_sponsor_page_id}}`);
        expect(answer.object_story_spec?.[member]?.branded_content_sponsor_page_id, member).toBe(sponsor);
      }
    },
  ],
]);
ruleTests('ADC-CREATE-8', [
  [
    'a create with fields answers the created creative with those fields; without fields only its id',
    async (t) => {
      const { f, client, version, account } = ctx(t);
      const body = linkCreative(f.pageId);
      const answer = (await client.createAdCreative({
        version,
        ad_account_id: account,
        fields: 'name,object_story_id,effective_object_story_id',
        body: body as never,
      })) as Body;
      t.defer(() => client.deleteAdCreative({ version, creative_id: answer.id }));
      expect(answer.id).toMatch(/^[0-9]+$/);
      expect(answer.name).toBe(body.name);
      expect(answer.effective_object_story_id).toMatch(new RegExp(`^${f.pageId}_[0-9]+$`));
      expect(Object.keys(answer).sort()).toEqual(
        [
          'effective_object_story_id',
          'id',
          'name',
          ...(answer.object_story_id === undefined ? [] : ['object_story_id']),
        ].sort(),
      );
      const plain = (await client.createAdCreative({
        version,
        ad_account_id: account,
        body: linkCreative(f.pageId) as never,
      })) as Body;
      t.defer(() => client.deleteAdCreative({ version, creative_id: plain.id }));
      expect(Object.keys(plain)).toEqual(['id']);
      // Both creatives exist: a later read of each answers its name.
      if (t.partlyJudged('a stateless target stores nothing to read back')) return;
      expect(await read(t, answer.id, 'name')).toEqual({ id: answer.id, name: body.name });
      expect((await read(t, plain.id, 'id')).id).toBe(plain.id);
    },
  ],
]);
