// Generative: the GEN-FILE-* rules (GEN-FILE-1, GEN-FILE-2, GEN-FILE-3, GEN-FILE-4, GEN-FILE-STATE-1, GEN-FILE-STATE-2, GEN-FILE-STATE-3, GEN-FILE-STATE-4, GEN-FILE-VIDEO-1, GEN-FILE-DELETED-1, GEN-FILE-DELETE-1, GEN-FILE-LIST-1, GEN-FILE-LIST-2, GEN-FILE-LIST-3); their mutants are in ./file.mutants.ts.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { GenerativeClient } from '../../../generated/generative/client.js';
import { expectStatusError, unique } from '../../harness/expect-error.js';
import { ruleTest, ruleTests, type RuleContext } from '../../harness/rule-test.js';
import { advanceProcessing, nextChange, PROTOCOL_POLL_MS } from '../../targets/change-signals.js';
import { BAD, type FileBody, SLOW, ctx, generate, idOf, listedNames, upload } from './context.js';

/** A media fixture (file path or data: URL) as bytes, or not applicable naming the fixture. */
function media(t: RuleContext, key: 'shortVideo' | 'unprocessableVideo'): Uint8Array {
  const value = t.fixture(key) as string;
  const data = value.match(/^data:[^;,]*(?:;base64)?,(.*)$/s);
  if (data) return new Uint8Array(Buffer.from(data[1]!, 'base64'));
  return new Uint8Array(fs.readFileSync(path.resolve(value)));
}
/**
 * Reads the file until its state is `done`. Between two reads it waits for the target's signal that the file
 * changed (the reference posts one, contracts/targets/change-signals.ts), armed before the read so none is
 * missed, and asks the target to process the file now (the wait is not what the rules judge: the state before and
 * after it is); a target without signals is polled as the public cookbook polls (PROTOCOL_POLL_MS apart). The
 * test's own timeout bounds the wait. A signal names the state the service stored: once it is a `done` one, the
 * read after it must show a `done` state too, so a change answered by the store and never kept FAILs at once.
 */
async function waitForState(
  t: RuleContext,
  client: GenerativeClient,
  name: string,
  done: (state: string) => boolean,
): Promise<FileBody> {
  for (;;) {
    const wait = t.session.changeSignals ? nextChange(t.session.changeSignals, name) : undefined;
    const file = await client.getFile({ file: idOf(name) });
    if (done(file.state ?? '')) {
      wait?.stop();
      return file;
    }
    if (!wait) {
      await new Promise((resolve) => setTimeout(resolve, PROTOCOL_POLL_MS));
      continue;
    }
    advanceProcessing(t.session.changeSignals!, name);
    const stored = await wait.changed;
    if (stored === undefined || !done(stored)) continue;
    const after = await client.getFile({ file: idOf(name) });
    expect(
      after.state,
      `the target's processing stored ${stored} for ${name}; files.get must read a state past ${file.state} after it`,
    ).toSatisfy((state: string | undefined) => done(state ?? ''));
    return after;
  }
}
/** The file as files.list shows it (undefined when the list does not hold it). */
async function listedFile(client: GenerativeClient, name: string): Promise<FileBody | undefined> {
  for await (const f of client.listFilesAll({ pageSize: 100 })) if (f.name === name) return f;
  return undefined;
}
const fileTurn = (file: FileBody, text = 'Describe it.') => ({
  contents: [{ role: 'user', parts: [{ fileData: { fileUri: file.uri, mimeType: file.mimeType } }, { text }] }],
});
ruleTests('GEN-FILE-1', [
  [
    'a file id with upper case is rejected at creation',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.createFile({ body: { file: { name: 'files/Bad-ID' } } }), BAD);
    },
  ],
  [
    'a file id of 41 characters is rejected at creation',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.createFile({ body: { file: { name: `files/${'a'.repeat(41)}` } } }), BAD);
    },
  ],
  [
    'a file id ending in a dash is rejected at creation',
    async (t) => {
      const { client } = ctx(t);
      await expectStatusError(t, () => client.createFile({ body: { file: { name: 'files/ends-with-' } } }), BAD);
    },
  ],
  [
    'a valid id of 40 characters is accepted and named files/<id>',
    async (t) => {
      const { client } = ctx(t);
      const id = `x${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.slice(0, 20).padEnd(40, '0');
      const created = await client.createFile({ body: { file: { name: `files/${id}` } } });
      t.defer(() => client.deleteFile({ file: id }));
      if (t.partlyJudged('a stateless target answers its example file, not the one created')) return;
      expect(created.file?.name).toBe(`files/${id}`);
      expect((await client.getFile({ file: id })).name, 'the file reads back under its id').toBe(`files/${id}`);
    },
  ],
]);
ruleTest('GEN-FILE-2', 'a displayName of 513 characters is rejected; 512 are accepted', async (t) => {
  const { client } = ctx(t);
  await expectStatusError(t, () => client.createFile({ body: { file: { displayName: 'd'.repeat(513) } } }), BAD);
  const created = await client.createFile({ body: { file: { displayName: 'd'.repeat(512) } } });
  t.defer(() => client.deleteFile({ file: idOf(created.file!.name!) }));
  if (t.partlyJudged('a stateless target answers its example file, not the one created')) return;
  expect(created.file?.displayName).toHaveLength(512);
  expect((await client.getFile({ file: idOf(created.file!.name!) })).displayName).toHaveLength(512);
});
ruleTest('GEN-FILE-3', 'files created without a name get distinct generated names', async (t) => {
  const { client } = ctx(t);
  const a = await upload(t, client, 'text/plain', 'one');
  const b = await upload(t, client, 'text/plain', 'two');
  const c = await client.createFile({ body: { file: { displayName: unique('meta') } } });
  t.defer(() => client.deleteFile({ file: idOf(c.file!.name!) }));
  expect(new Set([a.name, b.name, c.file?.name]).size).toBe(3);
  // Each generated name names a stored file of its own (a and b were read back as they were uploaded).
  if (t.partlyJudged('a stateless target stores nothing to read back')) return;
  expect((await client.getFile({ file: idOf(c.file!.name!) })).displayName).toBe(c.file?.displayName);
  const listed = await listedNames(client);
  for (const name of [a.name, b.name, c.file?.name]) expect(listed).toContain(name);
});
ruleTest(
  'GEN-FILE-4',
  'output-only fields are set by the service from the bytes, whatever the client sends',
  async (t) => {
    const { client } = ctx(t);
    const before = Date.now();
    const file = await upload(t, client, 'text/plain', 'abc', {
      sizeBytes: '999',
      sha256Hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      createTime: '2001-01-01T00:00:00Z',
      state: 'FAILED',
    } as FileBody);
    expect(file).toMatchObject({
      mimeType: 'text/plain',
      sizeBytes: '3',
      sha256Hash: 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=',
    });
    expect(file.state).not.toBe('FAILED');
    for (const key of ['createTime', 'updateTime'] as const) {
      expect(file[key], `${key} is RFC 3339 UTC with at most nine fractional digits`).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/,
      );
    }
    expect(Date.parse(file.createTime!)).toBeGreaterThanOrEqual(before - 60_000);
    expect(file.uri).toBeTypeOf('string');
  },
);
ruleTest('GEN-FILE-STATE-1', 'a video upload starts in PROCESSING', async (t) => {
  const { client } = ctx(t);
  const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
  expect(file.state).toBe('PROCESSING');
});
ruleTest(
  'GEN-FILE-STATE-2',
  'a processed video becomes ACTIVE and usable for generation',
  async (t) => {
    const { client, model } = ctx(t);
    const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
    const active = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(active.state).toBe('ACTIVE');
    expect(active.error).toBeUndefined();
    expect((await listedFile(client, file.name!))?.state, 'files.list shows the stored state').toBe('ACTIVE');
    const answer = await generate(client, model, fileTurn(active));
    expect(answer.candidates?.length).toBe(1);
  },
  SLOW,
);
ruleTest(
  'GEN-FILE-STATE-3',
  'a video that fails processing becomes FAILED with error set to a Status',
  async (t) => {
    const { client } = ctx(t);
    const file = await upload(t, client, 'video/mp4', media(t, 'unprocessableVideo'));
    const failed = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(failed.state).toBe('FAILED');
    expect((await listedFile(client, file.name!))?.state, 'files.list shows the stored state').toBe('FAILED');
    expect(failed.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect(failed.error!.code, 'a code of the standard RPC enumeration').toBeGreaterThanOrEqual(1);
    expect(failed.error!.code).toBeLessThanOrEqual(16);
    expect(failed.videoMetadata).toBeUndefined();
  },
  SLOW,
);
ruleTest(
  'GEN-FILE-STATE-4',
  'a PROCESSING file used for generation is FAILED_PRECONDITION; once ACTIVE it is accepted',
  async (t) => {
    const { client, model } = ctx(t);
    const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
    if (file.state !== 'PROCESSING') t.notApplicable('the video was processed before it could be referenced');
    const refused = await generate(client, model, fileTurn(file)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused, 'a request naming a PROCESSING file is refused').toBeDefined();
    await t.convention('the refusal is 400 FAILED_PRECONDITION', async () => {
      await expectStatusError(t, () => Promise.reject(refused), { status: 'FAILED_PRECONDITION', http: 400 });
    });
    expect((refused as { httpStatus?: number }).httpStatus ?? 0, 'a refusal in the 4xx range').toBeGreaterThanOrEqual(
      400,
    );
    expect((refused as { httpStatus?: number }).httpStatus ?? 0).toBeLessThan(500);
    const active = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(active.state).toBe('ACTIVE');
    await generate(client, model, fileTurn(active));
  },
  SLOW,
);
ruleTest(
  'GEN-FILE-VIDEO-1',
  'an ACTIVE video carries videoMetadata.videoDuration, its duration',
  async (t) => {
    const { client } = ctx(t);
    const seconds = t.fixture('shortVideoSeconds') as number;
    const file = await upload(t, client, 'video/mp4', media(t, 'shortVideo'));
    const active = await waitForState(t, client, file.name!, (s) => s !== 'PROCESSING');
    expect(active.state).toBe('ACTIVE');
    const duration = active.videoMetadata?.videoDuration;
    expect(duration).toMatch(/^\d+(\.\d{1,9})?s$/);
    expect(Math.abs(parseFloat(duration!) - seconds)).toBeLessThanOrEqual(0.1);
  },
  SLOW,
);
ruleTest(
  'GEN-FILE-DELETED-1',
  'generation referencing a deleted file is PERMISSION_DENIED (it was accepted before)',
  async (t) => {
    const { client, model } = ctx(t);
    const file = await upload(t, client, 'text/plain', 'soon gone');
    await generate(client, model, fileTurn(file));
    await client.deleteFile({ file: idOf(file.name!) });
    await expectStatusError(t, () => generate(client, model, fileTurn(file)), {
      status: 'PERMISSION_DENIED',
      http: 403,
    });
  },
);
ruleTest('GEN-FILE-DELETE-1', 'upload, get, list, delete; then not readable and not listed', async (t) => {
  const { client } = ctx(t);
  const file = await upload(t, client, 'text/plain', 'lifecycle');
  expect((await client.getFile({ file: idOf(file.name!) })).name).toBe(file.name);
  const names = () => listedNames(client);
  expect(await names()).toContain(file.name);
  expect(await client.deleteFile({ file: idOf(file.name!) })).toEqual({});
  // The public service answers 403 PERMISSION_DENIED ("... or it may not exist"); 404 NOT_FOUND is as clear.
  const refused = await client.getFile({ file: idOf(file.name!) }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused, 'reading a deleted file is refused').toBeDefined();
  const status = (refused as { status?: string }).status;
  await expectStatusError(
    t,
    () => Promise.reject(refused),
    status === 'NOT_FOUND' ? { status: 'NOT_FOUND', http: 404 } : { status: 'PERMISSION_DENIED', http: 403 },
  );
  expect(await names()).not.toContain(file.name);
});
ruleTests(
  'GEN-FILE-LIST-1',
  [
    [
      'without pageSize a page holds 10 files when more exist',
      async (t) => {
        const { client } = ctx(t);
        if (t.partlyJudged('a stateless target holds no files')) return;
        for (let i = 0; i < 11; i++) await upload(t, client, 'text/plain', `f${i}`);
        const page = await client.listFiles();
        expect(page.files?.length).toBe(10);
        expect(page.nextPageToken).toBeTypeOf('string');
      },
    ],
    [
      'pageSize 3 gives pages of 3 files',
      async (t) => {
        const { client } = ctx(t);
        if (t.partlyJudged('a stateless target holds no files')) return;
        for (let i = 0; i < 4; i++) await upload(t, client, 'text/plain', `g${i}`);
        const page = await client.listFiles({ pageSize: 3 });
        expect(page.files?.length).toBe(3);
      },
    ],
    // The public service coerces a pageSize above the maximum: answered, never refused.
    [
      'pageSize 101 is answered with at most 100 files',
      async (t) => {
        const { client } = ctx(t);
        expect((await client.listFiles({ pageSize: 101 })).files?.length ?? 0).toBeLessThanOrEqual(100);
      },
    ],
    // The range's top end and one step past it, with more files than a page holds.
    [
      'with more than 100 files, pageSize 100 and pageSize 101 each give exactly 100',
      async (t) => {
        const { client } = ctx(t);
        if (t.partlyJudged('a stateless target holds no files')) return;
        for (let i = 0; i < 101; i++) await upload(t, client, 'text/plain', `h${i}`);
        expect((await client.listFiles({ pageSize: 100 })).files?.length).toBe(100);
        expect((await client.listFiles({ pageSize: 101 })).files?.length).toBe(100);
      },
    ],
  ],
  SLOW,
);
ruleTest('GEN-FILE-LIST-2', 'nextPageToken walks every file once; the last page has none', async (t) => {
  const { client } = ctx(t);
  const made = [];
  for (let i = 0; i < 3; i++) made.push((await upload(t, client, 'text/plain', `page ${i}`)).name!);
  const names: string[] = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const page = await client.listFiles({ pageSize: 2, pageToken: token });
    expect(page.files?.length ?? 0).toBeLessThanOrEqual(2);
    names.push(...(page.files ?? []).map((f) => f.name!));
    token = page.nextPageToken;
    pages += 1;
    expect(pages, 'the walk ends').toBeLessThan(1000);
  } while (token);
  expect(pages).toBeGreaterThanOrEqual(2);
  for (const name of made) expect(names).toContain(name);
  expect(new Set(names).size).toBe(names.length);
});
ruleTest('GEN-FILE-LIST-3', "another project's files are not listed", async (t) => {
  const { client } = ctx(t);
  const otherKey = t.fixture('otherProjectApiKey') as string;
  const other = t.clients.generative(otherKey);
  const mine = await upload(t, client, 'text/plain', 'mine');
  const theirs = (
    await other.uploadFileMultipart({
      metadata: { file: { displayName: unique('theirs') } },
      data: new TextEncoder().encode('theirs'),
      mimeType: 'text/plain',
    })
  ).file!;
  t.defer(() => other.deleteFile({ file: idOf(theirs.name!) }));
  const names: string[] = [];
  for await (const f of client.listFilesAll({ pageSize: 100 })) names.push(f.name!);
  expect(names).toContain(mine.name);
  expect(names).not.toContain(theirs.name);
});
