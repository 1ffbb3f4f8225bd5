// A read's answer made from the record field by field (creative-view.ts) is the whole node with the selection
// picked from it (fields.ts pickNode), for selections of every shape and for old and new API versions.
import { describe, expect, it } from 'vitest';
import { showCreative } from '../../reference/ad-creative/creative-view.js';
import { parseFields, pickNode } from '../../reference/ad-creative/fields.js';
import type { CreativeRecord } from '../../reference/ad-creative/store.js';

const record = (status: CreativeRecord['status']): CreativeRecord => ({
  id: '120330000000000001',
  accountId: '1234567890',
  status,
  seq: 7,
  fields: {
    name: 'Spring',
    object_type: 'SHARE',
    object_story_spec: { page_id: '1', link_data: { link: 'https://shop.example', message: 'Hi', name: 'N' } },
    adlabels: [
      { id: '1', name: 'a' },
      { id: '2', name: 'b' },
    ],
    body: null,
  },
});

/** The node every field of which a read may select, as handlers.ts view() makes it. */
const wholeNode = (c: CreativeRecord, status: string, thumbnail: string) => ({
  ...c.fields,
  id: c.id,
  account_id: c.accountId,
  status,
  thumbnail_url: thumbnail,
});

describe('a creative shown field by field', () => {
  const selections = [
    'id',
    'name',
    'name,id',
    'thumbnail_url,name',
    'status,account_id',
    'object_story_spec{link_data{link}},adlabels{name}',
    'name.as(label),id.as(key),status.as(id)',
    'object_story_spec{},body,title',
    'adlabels.limit(1){id},thumbnail_url.as(picture)',
  ];
  for (const status of ['ACTIVE', 'IN_PROCESS', 'WITH_ISSUES', 'DELETED'] as const)
    for (const version of ['v3.0', 'v20.0'])
      it.each(selections)(`%s of a ${status} creative under ${version}`, (text) => {
        const c = record(status);
        const shownStatus =
          version === 'v3.0' && (status === 'IN_PROCESS' || status === 'WITH_ISSUES') ? 'ACTIVE' : status;
        const selection = parseFields(text);
        const shown = showCreative(c, selection, version, () => 'https://t.example/1.png');
        const picked = pickNode(wholeNode(c, shownStatus, 'https://t.example/1.png'), selection);
        expect(JSON.stringify(shown)).toBe(JSON.stringify(picked));
      });
});
