// Ad creative: the ADC-FIELDS-* rules (ADC-FIELDS-1); their mutants are in ./fields.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { ctx, read, someCreative } from './context.js';

ruleTests('ADC-FIELDS-1', [
  [
    'a nested selection at three levels answers exactly those members',
    async (t) => {
      const { f } = ctx(t);
      const id = await someCreative(t);
      const answer = await read(t, id, 'id,object_story_spec{link_data{call_to_action{type}}}');
      expect(answer.id).toBe(id);
      if (t.partlyJudged('a stateless target answers its stored example whatever the selection')) return;
      expect(answer.object_story_spec).toEqual({ link_data: { call_to_action: { type: 'SHOP_NOW' } } });
      expect((await read(t, id, 'object_story_spec{page_id}')).object_story_spec).toEqual({ page_id: f.pageId });
    },
  ],
  [
    'blanks around names and aliases are a valid selection',
    async (t) => {
      const id = await someCreative(t);
      const spaced = await read(t, id, 'id, name ,  status');
      if (t.partlyJudged('a stateless target answers its stored example whatever the selection')) return;
      expect(Object.keys(spaced).sort()).toEqual(['id', 'name', 'status']);
      await t.convention(
        'name.as(label) answers the name under the alias (Graph field expansion aliases)',
        async () => {
          const aliased = await read(t, id, 'name.as(label)');
          expect(Object.keys(aliased).sort()).toEqual(['id', 'label']);
          expect(aliased.label).toBe(spaced.name);
        },
      );
    },
  ],
  [
    'an unparseable selection is code 2500; the same names well formed are accepted',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      for (const fields of ['name{{', 'name{status', 'name,{status}', 'name}']) {
        await expectGraphError(t, () => client.getAdCreative({ version, creative_id: id, fields }), {
          code: 2500,
          http: 400,
        });
      }
      expect((await read(t, id, 'name,status')).id).toBe(id);
    },
  ],
  [
    'a field the creative does not have is code 100 naming it',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      if (t.partlyJudged('a stateless target answers its stored example whatever the selection')) return;
      await t.convention('an unknown field is code 100 naming it (Graph "nonexisting field")', async () => {
        const e = await expectGraphError(
          t,
          () => client.getAdCreative({ version, creative_id: id, fields: 'name,no_such_field' }),
          { code: 100, http: 400 },
        );
        expect(e.message).toContain('no_such_field');
      });
    },
  ],
]);
