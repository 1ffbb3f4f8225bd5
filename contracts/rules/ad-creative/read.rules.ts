// Ad creative: the ADC-READ-* rules (ADC-READ-1, ADC-READ-2, ADC-READ-3, ADC-READ-4); their mutants are in ./read.mutants.ts.
import { expect } from 'vitest';
import { expectGraphError } from '../../harness/expect-error.js';
import { ruleTests } from '../../harness/rule-test.js';
import { created, ctx, linkCreative, read, someCreative } from './context.js';

/** Width and height of a PNG, JPEG or GIF (thumbnail_url may answer any of them). */
function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(bytes);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString('ascii', 12, 16) === 'IHDR')
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 10 && b.toString('ascii', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b[0] === 0xff && b[1] === 0xd8) {
    for (let i = 2; i + 9 < b.length; ) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1]!;
      const length = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      i += 2 + length;
    }
  }
  return undefined;
}
async function thumbnailSize(url: string): Promise<{ width: number; height: number } | undefined> {
  const response = await fetch(url);
  expect(response.status, `thumbnail ${url}`).toBe(200);
  return imageSize(new Uint8Array(await response.arrayBuffer()));
}

ruleTests('ADC-READ-1', [
  [
    'a read answers exactly the requested fields plus id',
    async (t) => {
      const { f } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const one = await read(t, id, 'name,status');
      expect(Object.keys(one).sort()).toEqual(['id', 'name', 'status']);
      expect(one.id).toBe(id);
      const other = await read(t, id, 'object_type');
      expect(Object.keys(other).sort()).toEqual(['id', 'object_type']);
    },
  ],
]);
ruleTests('ADC-READ-2', [
  [
    'without thumbnail_width/height the thumbnail is the 64 x 64 one, not another size',
    async (t) => {
      const { client, version } = ctx(t);
      const id = await someCreative(t);
      const url = async (size?: [number, number]) =>
        (
          await client.getAdCreative({
            version,
            creative_id: id,
            fields: 'thumbnail_url',
            ...(size ? { thumbnail_width: size[0], thumbnail_height: size[1] } : {}),
          })
        ).thumbnail_url;
      const byDefault = await url();
      expect(byDefault).toBeTypeOf('string');
      expect(byDefault).toBe(await url([64, 64]));
      if (t.partlyJudged('a stateless target answers the same stored example for every size')) return;
      expect(byDefault).not.toBe(await url([100, 100]));
      expect(await thumbnailSize(byDefault!)).toEqual({ width: 64, height: 64 });
    },
  ],
]);
ruleTests('ADC-READ-3', [
  [
    'an unknown id is code 100 subcode 33; a stored one reads',
    async (t) => {
      const { f, client, version } = ctx(t);
      await expectGraphError(t, () => client.getAdCreative({ version, creative_id: '999999999999999999' }), {
        code: 100,
        http: 400,
        subcode: 33,
      });
      const id = await created(t, linkCreative(f.pageId));
      expect((await read(t, id, 'id')).id).toBe(id);
    },
  ],
]);
ruleTests('ADC-READ-4', [
  [
    'thumbnail_url answers an image of the requested size, 64 x 64 by default',
    async (t) => {
      const { f, client, version } = ctx(t);
      const id = await created(t, linkCreative(f.pageId));
      const urlOf = async (w?: number, h?: number) =>
        (
          await client.getAdCreative({
            version,
            creative_id: id,
            fields: 'thumbnail_url',
            ...(w ? { thumbnail_width: w, thumbnail_height: h } : {}),
          })
        ).thumbnail_url!;
      expect(await thumbnailSize(await urlOf())).toEqual({ width: 64, height: 64 });
      expect(await thumbnailSize(await urlOf(128, 96))).toEqual({ width: 128, height: 96 });
      expect(await thumbnailSize(await urlOf(40, 300))).toEqual({ width: 40, height: 300 });
    },
  ],
]);
