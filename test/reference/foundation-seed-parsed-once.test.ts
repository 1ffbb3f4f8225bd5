// A process that starts the reference again and again on one seed (the mutation gate, once per mutant) parses
// the seed file once; each load still hands out a copy of its own, and a changed file is parsed again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { loadSeed } from '../../reference/foundation/seed.js';

vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  return { ...yaml, parse: vi.fn(yaml.parse) };
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-once-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('parses an unchanged seed file once, and hands each load its own copy', () => {
  const file = path.join(dir, 'seed.yaml');
  fs.writeFileSync(file, 'analytics:\n  channels: [{ id: c1 }]\n');
  vi.mocked(parse).mockClear();
  const first = loadSeed(file);
  (first.analytics.channels as Array<{ id: string }>)[0]!.id = 'changed by a service';
  const second = loadSeed(file);
  expect(vi.mocked(parse)).toHaveBeenCalledTimes(1);
  expect(second.analytics).toEqual({ channels: [{ id: 'c1' }] });

  fs.writeFileSync(file, 'analytics:\n  channels: [{ id: c2 }]\n');
  expect(loadSeed(file).analytics).toEqual({ channels: [{ id: 'c2' }] });
  expect(vi.mocked(parse)).toHaveBeenCalledTimes(2);
});
