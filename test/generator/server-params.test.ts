// What the generated handler types say of each parameter is what the generated server delivers, for a spec
// that is none of the three (fixtures/params): a handler typed against the package (fixtures/params/
// slot-handler.ts.txt) compiles, with its refusals exactly where marked, and echoes what it got, so each value
// is seen to be what its type claims. Path and query values are coerced to their schema's types (integers,
// numbers, booleans; arrays split as their style says, items coerced; deepObject members coerced); header
// values stay the text they were sent as (typed so: `${number}`, 'true' | 'false', an enum's values; an array
// header its comma-separated text), while validated as their schema says. A simple-style path array arrives split;
// label and matrix path styles are read in param-styles.test.ts. Each refusal is shown next to the nearest request that is accepted.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../contracts/targets/listen-local.js';
import { startSlotsPackage, type SlotsPackage } from '../support/slots-package.js';
import { compilerHost } from '../support/installed-declarations.js';

let slots: SlotsPackage;
let dir: string;
let server: RunningServer;

beforeAll(async () => {
  slots = await startSlotsPackage('slots-package-');
  ({ dir, server } = slots);
}, 120_000);

afterAll(async () => {
  await slots?.close();
});

const get = (target: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${target}`, {
    headers: { 'x-slots-key': 'k', 'x-request-tag': 'tag-1', accept: 'application/json', ...headers },
  });

describe('parameter types and the values the server delivers', () => {
  it('the handler compiles against the package; its refusals are errors exactly where marked', () => {
    const file = path.join(dir, 'slot-handler.ts');
    const text = fs.readFileSync(file, 'utf8');
    const marked = text.split('\n').flatMap((line, i) => (/^\s*\/\/ @ts-expect-error/.test(line) ? [i + 1] : []));
    expect(marked).toHaveLength(10);
    const options: ts.CompilerOptions = {
      strict: true,
      noUnusedLocals: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      typeRoots: [path.join(import.meta.dirname, '../../node_modules/@types')],
      skipLibCheck: true,
      noEmit: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    };
    const errorsWith = (source: string) => {
      const host = compilerHost(options);
      const read = host.getSourceFile.bind(host);
      host.getSourceFile = (name, target, ...rest) =>
        path.resolve(name) === file ? ts.createSourceFile(name, source, target) : read(name, target, ...rest);
      const program = ts.createProgram([file], options, host);
      return ts.getPreEmitDiagnostics(program).map((d) => ({
        file: d.file ? path.basename(d.file.fileName) : '',
        line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1,
        message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
      }));
    };
    expect(errorsWith(text)).toEqual([]);
    const unmarked = errorsWith(text.replace(/^(\s*)\/\/ @ts-expect-error.*$/gm, '$1// (marker removed)'));
    expect(unmarked.every((e) => e.file === 'slot-handler.ts')).toBe(true);
    expect([...new Set(unmarked.map((e) => e.line))].sort((a, b) => a - b)).toEqual(marked);
  }, 120_000);

  it('path and query values arrive as their types; header values as the text sent', async () => {
    const answer = await get(
      '/v1/boxes/b7/slots/3?limit=10&ratio=0.5&deep=true&mode=fast&sizes=1&sizes=20&weights=1.5,2&flags=true|false&range[min]=1&range[max]=9',
      { 'x-offset': '42', 'x-dry-run': 'true', 'x-priority': 'high' },
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      boxId: 'b7',
      slot: 3,
      limit: 10,
      ratio: 0.5,
      deep: true,
      mode: 'fast',
      sizes: [1, 20],
      weights: [1.5, 2],
      flags: [true, false],
      range: { min: 1, max: 9 },
      offset: '42',
      dryRun: 'true',
      priority: 'high',
      tag: 'tag-1',
      accept: 'application/json',
    });
  });

  it('absent optional parameters are absent (no default is invented); a lone array value is an array', async () => {
    const answer = await get('/v1/boxes/b7/slots/0?sizes=5&deep=false');
    expect(await answer.json()).toEqual({
      boxId: 'b7',
      slot: 0,
      deep: false,
      sizes: [5],
      tag: 'tag-1',
      accept: 'application/json',
    });
  });

  it("refuses a value its type cannot hold, in the service's error shape; the nearest valid value is accepted", async () => {
    const cases: Array<[string, Record<string, string>, string, Record<string, string>]> = [
      ['/v1/boxes/b7/slots/three', {}, '/v1/boxes/b7/slots/3', {}],
      ['/v1/boxes/b7/slots/1?limit=1.5', {}, '/v1/boxes/b7/slots/1?limit=2', {}],
      ['/v1/boxes/b7/slots/1?deep=yes', {}, '/v1/boxes/b7/slots/1?deep=true', {}],
      ['/v1/boxes/b7/slots/1?sizes=1&sizes=x', {}, '/v1/boxes/b7/slots/1?sizes=1&sizes=2', {}],
      ['/v1/boxes/b7/slots/1?flags=true|maybe', {}, '/v1/boxes/b7/slots/1?flags=true|false', {}],
      ['/v1/boxes/b7/slots/1?range[min]=low', {}, '/v1/boxes/b7/slots/1?range[min]=0', {}],
      ['/v1/boxes/b7/slots/1', { 'x-offset': 'five' }, '/v1/boxes/b7/slots/1', { 'x-offset': '5' }],
      ['/v1/boxes/b7/slots/1', { 'x-offset': '-1' }, '/v1/boxes/b7/slots/1', { 'x-offset': '0' }],
      ['/v1/boxes/b7/slots/1', { 'x-dry-run': 'yes' }, '/v1/boxes/b7/slots/1', { 'x-dry-run': 'false' }],
      ['/v1/boxes/b7/slots/1', { 'x-priority': 'urgent' }, '/v1/boxes/b7/slots/1', { 'x-priority': 'low' }],
      ['/v1/boxes/b7/slots/1', { 'x-request-tag': '' }, '/v1/boxes/b7/slots/1', { 'x-request-tag': 't' }],
    ];
    for (const [bad, badHeaders, good, goodHeaders] of cases) {
      const refused = await get(bad, badHeaders);
      expect(refused.status, `${bad} ${JSON.stringify(badHeaders)}`).toBe(400);
      expect((await refused.json()).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      const accepted = await get(good, goodHeaders);
      expect(accepted.status, `${good} ${JSON.stringify(goodHeaders)}`).toBe(200);
      await accepted.body?.cancel();
    }
  });

  it('simple-style arrays: a path array arrives as its items (coerced); an array header is validated item by item and arrives as sent', async () => {
    const answer = await get('/v1/boxes/b7/cells/1,20,3', { 'x-cell-weights': '5, 6' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ cells: [1, 20, 3], weights: '5, 6' });
    expect(await (await get('/v1/boxes/b7/cells/4')).json()).toEqual({ cells: [4] });
    for (const [bad, headers] of [
      ['/v1/boxes/b7/cells/1,x', {}],
      ['/v1/boxes/b7/cells/1', { 'x-cell-weights': '5,six' }],
    ] as const) {
      const refused = await get(bad, headers);
      expect(refused.status, `${bad} ${JSON.stringify(headers)}`).toBe(400);
      expect((await refused.json()).error.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('refuses a request without its required header', async () => {
    const answer = await fetch(`${server.baseUrl}/v1/boxes/b7/slots/1`, { headers: { 'x-slots-key': 'k' } });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.message).toMatch(/x-request-tag/);
  });
});
