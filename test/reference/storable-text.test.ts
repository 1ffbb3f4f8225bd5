import { describe, expect, it } from 'vitest';
import { unstorableTextAt } from '../../reference/foundation/storable-text.js';

const request = (parts: Partial<{ credentials: object; path: object; query: object; body: unknown }>) => ({
  credentials: {},
  path: {},
  query: {},
  ...parts,
});

describe('unstorableTextAt names the first place no store keeps as sent', () => {
  it('finds nothing in ordinary text, paired surrogates included', () => {
    expect(
      unstorableTextAt(
        request({ credentials: { accessToken: 'tok' }, query: { ids: ['a', 'b'] }, body: { title: 'smile 😀', n: 1 } }),
      ),
    ).toBeUndefined();
  });

  it('names U+0000 and lone surrogates in every part, at any depth', () => {
    expect(unstorableTextAt(request({ credentials: { accessToken: 'a\0b' } }))).toBe('credentials.accessToken');
    expect(unstorableTextAt(request({ path: { id: '\ud800' } }))).toBe('path.id');
    expect(unstorableTextAt(request({ query: { ids: ['ok', 'x\udc00'] } }))).toBe('query.ids[1]');
    expect(unstorableTextAt(request({ body: { a: [{ b: { c: '\0' } }] } }))).toBe('body.a[0].b.c');
    expect(unstorableTextAt(request({ body: '\0' }))).toBe('body');
  });

  it('names a member name that holds such text', () => {
    expect(unstorableTextAt(request({ body: { outer: { 'k\0': 1 } } }))).toBe('body.outer (a name)');
  });

  it('reads only the own text fields of an object that is not plain (an uploaded part)', () => {
    class Part {
      name = 'n\0';
      content = { nested: '\0' };
    }
    expect(unstorableTextAt(request({ body: new Part() }))).toBe('body.name');
    class Quiet {
      content = { nested: '\0' };
    }
    expect(unstorableTextAt(request({ body: new Quiet() }))).toBeUndefined();
  });
});
