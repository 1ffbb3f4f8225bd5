// OpenAPI style / explode of path and header parameters, end to end on a spec that is none of the three
// (fixtures/params, operation inspectPaints): the generated client sends exactly the text of OpenAPI 3.1's
// style examples table (label, matrix and simple; primitive, array and object; explode false and true;
// objects in the headers), the generated server reads it back to the typed values, and refuses an ill-formed
// value in the service's error shape. A property test: client serialisation then server reading is the
// identity for random strings (reserved characters included) and arrays, in each path style.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../contracts/targets/listen-local.js';
import { startSlotsPackage, type SlotsPackage } from '../support/slots-package.js';

let slots: SlotsPackage;
let server: RunningServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let client: any;
let clientCtor: any;

beforeAll(async () => {
  slots = await startSlotsPackage('slots-styles-');
  server = slots.server;
  clientCtor = slots.client.SlotsClient;
  client = new slots.client.SlotsClient({ baseUrl: server.baseUrl, apiKey: 'k', maxRetries: 0 });
}, 120_000);

afterAll(async () => {
  await slots?.close();
});

const rgb = { R: 100, G: 200, B: 150 };
const colors = ['blue', 'black', 'brown'];
const table = {
  tint: 'blue',
  level: 5,
  colors,
  colorsX: colors,
  shades: colors,
  shadesX: colors,
  rgb,
  rgbX: rgb,
  labelRgb: rgb,
  labelRgbX: rgb,
  matrixRgb: rgb,
  matrixRgbX: rgb,
};

// The rows of OpenAPI 3.1's style examples table (section 4.8.12.4, `color` = "blue", ["blue","black","brown"],
// {"R":100,"G":200,"B":150}), with each parameter's own name where the style writes it.
const TABLE_SEGMENTS = [
  '.blue', // label, primitive
  ';level=5', // matrix, primitive
  '.blue,black,brown', // label, array, explode false
  '.blue.black.brown', // label, array, explode true
  ';shades=blue,black,brown', // matrix, array, explode false
  ';shadesX=blue;shadesX=black;shadesX=brown', // matrix, array, explode true
  'R,100,G,200,B,150', // simple, object, explode false
  'R=100,G=200,B=150', // simple, object, explode true
  '.R,100,G,200,B,150', // label, object, explode false
  '.R=100.G=200.B=150', // label, object, explode true
  ';matrixRgb=R,100,G,200,B,150', // matrix, object, explode false
  ';R=100;G=200;B=150', // matrix, object, explode true
];
const TABLE_TARGET = `/v1/paints/${TABLE_SEGMENTS.join('/')}`;

const get = (segments: string[], headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/v1/paints/${segments.join('/')}`, { headers: { 'x-slots-key': 'k', ...headers } });

describe('path and header styles: the bytes of the OpenAPI table, and back', () => {
  it('the client sends each style exactly as the table writes it; the server reads back the typed values', async () => {
    const answer = await client.inspectPaints({ ...table, xRgb: rgb, xRgbExploded: rgb });
    expect(answer.target).toBe(TABLE_TARGET);
    expect(answer.headers).toEqual({ 'x-rgb': 'R,100,G,200,B,150', 'x-rgb-exploded': 'R=100,G=200,B=150' });
    expect(answer.path).toEqual(table);
  });

  it("reserved characters travel percent-encoded (a label value's dots too) and come back as sent", async () => {
    const odd = ['a.b', 'c,d', 'e;f=g', 'h/i?j#k', '50% & more', 'é😀'];
    const answer = await client.inspectPaints({
      ...table,
      tint: 'v1.2',
      colors: odd,
      colorsX: odd,
      shades: odd,
      shadesX: odd,
    });
    const segments = answer.target.split('/').slice(3);
    expect(segments.slice(0, 4)).toEqual([
      '.v1%2E2',
      ';level=5',
      '.a%2Eb,c%2Cd,e%3Bf%3Dg,h%2Fi%3Fj%23k,50%25%20%26%20more,%C3%A9%F0%9F%98%80',
      '.a%2Eb.c%2Cd.e%3Bf%3Dg.h%2Fi%3Fj%23k.50%25%20%26%20more.%C3%A9%F0%9F%98%80',
    ]);
    expect(segments[4]).toBe(';shades=a.b,c%2Cd,e%3Bf%3Dg,h%2Fi%3Fj%23k,50%25%20%26%20more,%C3%A9%F0%9F%98%80');
    expect(answer.path).toMatchObject({ tint: 'v1.2', colors: odd, colorsX: odd, shades: odd, shadesX: odd });
  });

  it("an ill-formed value is refused in the service's error shape; the table's own value is accepted", async () => {
    const accepted = await get(TABLE_SEGMENTS, { 'x-rgb': 'R,100,G,200,B,150', 'x-rgb-exploded': 'R=100,G=200,B=150' });
    expect(accepted.status).toBe(200);
    await accepted.body?.cancel();
    const cases: Array<[number, string, string]> = [
      [0, 'blue', 'label value without its dot'],
      [1, ';lvl=5', 'matrix value under another name'],
      [1, ';level=five', 'matrix integer that is no integer'],
      [2, 'blue,black', 'label array without its dot'],
      [5, ';shadesX=blue;other=black', 'exploded matrix array with a foreign key'],
      [6, 'R,100,G', 'simple object with a name and no value'],
      [7, 'R=100,G', 'exploded simple object member without ='],
      [9, '.R=100.G=300', 'label object member out of range'],
      [10, ';matrixRgb=R,1,Z,2', 'matrix object with an undeclared member'],
      [11, 'R=100;G=200', 'exploded matrix object without its leading ;'],
    ];
    for (const [at, bad, why] of cases) {
      const refused = await get(TABLE_SEGMENTS.map((s, i) => (i === at ? bad : s)));
      expect(refused.status, why).toBe(400);
      expect((await refused.json()).error, why).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    }
    for (const [header, bad] of [
      ['x-rgb', 'R,100,G'],
      ['x-rgb', 'R,300'],
      ['x-rgb-exploded', 'R=100,G'],
      ['x-rgb-exploded', 'R,100'],
    ] as const) {
      const refused = await get(TABLE_SEGMENTS, { [header]: bad });
      expect(refused.status, `${header}: ${bad}`).toBe(400);
      expect((await refused.json()).error.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('client serialisation then server reading is the identity, for random strings and arrays in each style', async () => {
    // Reserved and separator characters of every style, and any other character; non-empty, since an empty
    // path segment matches no route and a label `.` alone is a dot segment that URLs remove (RFC 3986 5.2.4).
    const char = fc.oneof(
      fc.constantFrom(...'.,;=/?#&%+ :@!$\'()*[]~\\"<>^`{|}'.split('')),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    // Nor '.' or '..': a label `.%2E` is a `..` segment too (WHATWG URL reads `%2e` as a dot there), which no
    // client can send.
    const text = fc.string({ unit: char, minLength: 1, maxLength: 12 }).filter((t) => t !== '.' && t !== '..');
    const list = fc.array(text, { minLength: 1, maxLength: 5 });
    const byte = fc.integer({ min: 0, max: 255 });
    const object = fc.record({ R: byte, G: byte, B: byte }, { requiredKeys: ['R'] });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          tint: text,
          level: fc.nat(),
          colors: list,
          colorsX: list,
          shades: list,
          shadesX: list,
          rgb: object,
          rgbX: object,
          labelRgb: object,
          labelRgbX: object,
          matrixRgb: object,
          matrixRgbX: object,
        }),
        object,
        object,
        async (params, xRgb, xRgbExploded) => {
          const answer = await client.inspectPaints({ ...params, xRgb, xRgbExploded });
          expect(answer.path).toEqual(params);
          expect(answer.headers).toEqual({
            'x-rgb': Object.entries(xRgb).flat().join(','),
            'x-rgb-exploded': Object.entries(xRgbExploded)
              .map(([k, v]) => `${k}=${v}`)
              .join(','),
          });
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});

// Cookie parameters (operation inspectCookies): the form style, the only one OpenAPI gives cookies; arrays and
// objects unexploded (an exploded one is refused at generation, extensions-model.test.ts).
const cookieGet = (cookie: string | undefined) =>
  fetch(`${server.baseUrl}/v1/jars/j1`, {
    headers: { 'x-slots-key': 'k', ...(cookie === undefined ? {} : { cookie }) },
  });

describe('cookie parameters: one Cookie header, and back', () => {
  it('the client sends exactly `a=1; b=x,y`; the server hands the handler the typed values', async () => {
    const answer = await client.inspectCookies({ jar: 'j1', a: 1, b: ['x', 'y'] });
    expect(answer.header).toBe('a=1; b=x,y');
    expect(answer.cookies).toEqual({ a: 1, b: ['x', 'y'] });
  });

  it("every parameter, reserved characters percent-encoded, and a caller's own cookie header kept after them", async () => {
    const odd = ['c,d', 'e;f=g', ' "q" \\', '50%', 'é😀'];
    const answer = await client.inspectCookies(
      { jar: 'j1', a: 0, b: odd, flavour: 'oat', rgb: { R: 1, G: 2, B: 3 } },
      { headers: { Cookie: 'session=s1' } },
    );
    expect(answer.header).toBe(
      'a=0; b=c%2Cd,e%3Bf%3Dg,%20%22q%22%20%5C,50%25,%C3%A9%F0%9F%98%80; flavour=oat; rgb=R,1,G,2,B,3; session=s1',
    );
    // Only cookie octets (RFC 6265 4.1.1) in every value: no space, DQUOTE, comma inside an item, semicolon, backslash.
    for (const pair of answer.header.split('; '))
      expect(pair).toMatch(/^[A-Za-z0-9]+=[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E,]*$/);
    expect(answer.cookies).toEqual({ a: 0, b: odd, flavour: 'oat', rgb: { R: 1, G: 2, B: 3 } });
  });

  it("a cookie header in the client's options is kept after the parameters and a call's own cookie, not replaced", async () => {
    const withSession = new clientCtor({
      baseUrl: server.baseUrl,
      apiKey: 'k',
      maxRetries: 0,
      headers: { Cookie: 'session=s0' },
    });
    const answer = await withSession.inspectCookies({ jar: 'j1', a: 1, b: ['x'] }, { headers: { cookie: 'trace=t1' } });
    expect(answer.header).toBe('a=1; b=x; trace=t1; session=s0');
    expect(answer.cookies).toEqual({ a: 1, b: ['x'] });
  });

  it("a bad or missing cookie is refused in the service's error shape; the nearest good one is accepted", async () => {
    const accepted = await cookieGet('a=1; b=x,y; flavour=plain; rgb=R,1,G,2');
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).cookies).toEqual({ a: 1, b: ['x', 'y'], flavour: 'plain', rgb: { R: 1, G: 2 } });
    const cases: Array<[string | undefined, string]> = [
      ['a=x; b=x,y', 'a'],
      ['a=-1; b=x,y', 'a'],
      ['b=x,y', 'a'],
      [undefined, 'a'],
      ['a=1', 'b'],
      ['a=1; b=u,v,w,x,y,z', 'b'],
      ['a=1; b=x,y; flavour=rye', 'flavour'],
      ['a=1; b=x,y; rgb=R,300', 'rgb.R'],
      ['a=1; b=x,y; rgb=R,1,G', 'rgb'],
      ['a=1; b=%E0%A4%A', 'b'],
    ];
    for (const [cookie, field] of cases) {
      const refused = await cookieGet(cookie);
      expect(refused.status, cookie).toBe(400);
      const error = (await refused.json()).error;
      expect(error, cookie).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      // The message names the refused parameter first: `Invalid parameter: a must be integer`.
      expect(error.message, cookie).toMatch(new RegExp(`^Invalid (parameter|cookie): ${field.replace('.', '\\.')} `));
    }
  });

  it('the first pair of a name wins; undeclared cookies stay in the header only', async () => {
    const answer = await cookieGet('a=2; other=z; a=9; b=');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ cookies: { a: 2, b: [] }, header: 'a=2; other=z; a=9; b=' });
  });
});
